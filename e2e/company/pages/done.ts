import type { Locator, Page } from '@playwright/test';
import { CompanyScreen } from './common';

/** After a successful submit; with a redirect, a link back (and an automatic one after 5 s). */
export class CompanyDonePage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-done');
  }

  redirectLink(): Locator {
    return this.root.getByTestId('done-redirect');
  }
}
