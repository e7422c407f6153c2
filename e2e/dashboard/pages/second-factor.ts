import { expect, type Page } from '@playwright/test';

/** The second step of signing in: a code from the authenticator app, a recovery code, or a passkey. */
export class DashboardSecondFactorPage {
  constructor(readonly page: Page) {}

  async expectVisible(): Promise<void> {
    await expect(this.page.getByTestId('second-factor-step')).toBeVisible();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Confirm it\'s you' })).toBeVisible();
  }

  async enterAppCode(code: string): Promise<void> {
    await this.page.getByLabel('Code from your authenticator app').fill(code);
    await this.page.getByRole('button', { name: 'Confirm' }).click();
  }

  async usePasskey(): Promise<void> {
    await this.page.getByRole('button', { name: 'Use a passkey' }).click();
  }

  async expectError(text: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('second-factor-error')).toContainText(text);
  }
}
