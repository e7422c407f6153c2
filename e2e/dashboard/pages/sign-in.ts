import { expect, type Page } from '@playwright/test';

/** Sign-in (e-mail and password) and the one-time link's set-password screen. */
export class DashboardSignInPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/sign-in');
    await expect(this.page.getByTestId('sign-in-form')).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async expectError(text: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('sign-in-error')).toContainText(text);
  }

  /** Opens the printed link and chooses a password; lands signed in. */
  async setPassword(link: string, password: string): Promise<void> {
    await this.page.goto(link);
    await this.page.getByLabel('New password').fill(password);
    await this.page.getByLabel('Repeat the password').fill(password);
    await this.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(this.page.getByTestId('signed-in-as')).toBeVisible();
  }
}
