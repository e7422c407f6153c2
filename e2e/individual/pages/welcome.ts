import type { Locator, Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** Welcome and consent: what is needed, the privacy notice, the consent box, Start (POST …/start). */
export class IndividualWelcomePage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'welcome-screen');
  }

  consentBox(): Locator {
    return this.root.getByTestId('consent-checkbox');
  }

  privacyLink(): Locator {
    return this.root.getByTestId('privacy-link');
  }

  /** Start without ticking the box shows an alert instead of starting. */
  consentError(): Locator {
    return this.root.getByRole('alert');
  }

  async start(): Promise<void> {
    await this.root.getByTestId('start-button').click();
  }

  async consentAndStart(): Promise<void> {
    await this.consentBox().check();
    await this.start();
  }
}
