import type { Locator, Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** The link can no longer be used: cancelled, abandoned, failed, successful or expired. */
export class IndividualClosedLinkPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'closed-link-screen');
  }

  /** `data-reason` is the closed reason. */
  reason(): Locator {
    return this.root.getByTestId('closed-reason');
  }

  async reasonCode(): Promise<string | null> {
    return this.reason().getAttribute('data-reason');
  }
}
