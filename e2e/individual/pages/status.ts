import type { Locator, Page } from '@playwright/test';
import { IndividualScreen } from './common';

/**
 * Submitted, waiting for the decision (polls the session). Heading "Thank you!" right after a
 * submit from this page, "We're checking your details" when reopened later.
 */
export class IndividualStatusPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'status-screen');
  }

  /** `data-decision` carries the session's decision (submitted, review, …). */
  statusText(): Locator {
    return this.root.getByTestId('status-text');
  }

  continueLink(): Locator {
    return this.root.getByTestId('continue-redirect');
  }
}
