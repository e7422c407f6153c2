import type { Locator, Page } from '@playwright/test';
import { CompanyScreen } from './common';

/** Summary of every section with a Change link each, then Send. */
export class CompanyReviewPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-review');
  }

  section(section: string): Locator {
    return this.root.getByTestId(`review-${section}`);
  }

  /** Marked when the section's answers fail the campaign's rules. */
  incomplete(section: string): Locator {
    return this.root.getByTestId(`review-${section}-incomplete`);
  }

  async edit(section: string): Promise<void> {
    await this.root.getByTestId(`review-edit-${section}`).click();
  }

  async submit(): Promise<void> {
    await this.root.getByTestId('submit').click();
  }

  /** Shown when sending failed (offline, not saved, refused by the server). */
  submitError(): Locator {
    return this.root.getByTestId('submit-error');
  }
}
