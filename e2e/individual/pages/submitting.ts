import type { Locator, Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** Waits for the uploads (progress bar), then submits; errors offer Try again / Back to review. */
export class IndividualSubmittingPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'submitting-screen');
  }

  progress(): Locator {
    return this.root.getByTestId('upload-progress');
  }

  error(): Locator {
    return this.root.getByTestId('submit-error');
  }

  async retry(): Promise<void> {
    await this.root.getByTestId('retry-submit').click();
  }
}
