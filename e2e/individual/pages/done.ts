import type { Locator, Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** Thank-you when the verification has a redirect: Continue, and an automatic redirect in 5 s. */
export class IndividualDonePage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'done-screen');
  }

  countdown(): Locator {
    return this.root.getByTestId('redirect-countdown');
  }

  async continue(): Promise<void> {
    await this.root.getByTestId('continue-redirect').click();
  }

  /** Stops the automatic redirect. */
  async stay(): Promise<void> {
    await this.root.getByTestId('stay-here').click();
  }
}
