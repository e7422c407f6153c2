import { expect, type Locator, type Page } from '@playwright/test';

/** Forgot password: the address, then the answer that is the same for any address. */
export class DashboardForgotPasswordPage {
  constructor(readonly page: Page) {}

  /** From the sign-in screen's link, as a member who forgot would get there. */
  async openFromSignIn(): Promise<void> {
    await this.page.goto('/dashboard/sign-in');
    await this.page.getByTestId('forgot-link').click();
    await expect(this.page.getByTestId('forgot-form')).toBeVisible();
  }

  async ask(email: string): Promise<Locator> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByRole('button', { name: 'Send me a link' }).click();
    return this.page.getByTestId('forgot-outcome');
  }
}
