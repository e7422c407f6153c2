import type { Page } from '@playwright/test';
import { CompanyScreen } from './common';

/** Welcome and consent: what is asked, by whom, then Start (first save: `started`). */
export class CompanyWelcomePage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-welcome');
  }

  async start(): Promise<void> {
    await this.root.getByTestId('welcome-start').click();
  }
}
