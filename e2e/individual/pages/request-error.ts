import type { Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** The session could not be loaded (offline, server trouble): Try again. */
export class IndividualRequestErrorPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'request-error-screen');
  }

  async retry(): Promise<void> {
    await this.root.getByRole('button').click();
  }
}
