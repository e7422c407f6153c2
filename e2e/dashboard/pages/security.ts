import { expect, type Locator, type Page } from '@playwright/test';

/** Security: the member's second factors (authenticator app, passkeys), recovery codes. */
export class DashboardSecurityPage {
  constructor(readonly page: Page, readonly base: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.base}/dashboard/security`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  }

  /** Picks the language of the member's own e-mails and saves it; the panel says it is saved. */
  async chooseMailLanguage(name: string): Promise<void> {
    const panel = this.page.getByTestId('mail-language');
    await panel.getByLabel('Language of your e-mails').selectOption({ label: name });
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByTestId('mail-language-saved')).toBeVisible();
  }

  mailLanguage(): Locator {
    return this.page.getByTestId('mail-language').getByLabel('Language of your e-mails');
  }

  factorRows(): Locator {
    return this.page.getByTestId('factor-row');
  }

  /** Factor changes wait for the password asked again: the panel that asks, and nothing to add. */
  async expectConfirmationAsked(): Promise<void> {
    await expect(this.page.getByTestId('confirm-identity')).toBeVisible();
    await expect(this.page.getByTestId('totp-start')).toHaveCount(0);
    await expect(this.page.getByTestId('passkey-add')).toHaveCount(0);
  }

  /** Answers the confirmation with the password; the enrolment panels open. */
  async confirmWithPassword(password: string): Promise<void> {
    const panel = this.page.getByTestId('confirm-identity');
    await panel.getByLabel('Your password').fill(password);
    await panel.getByRole('button', { name: 'Confirm' }).click();
  }

  async expectConfirmationRefused(): Promise<void> {
    await expect(this.page.getByTestId('confirm-error')).toContainText('Wrong password or code. Nothing was changed.');
  }

  /** Starts the app's enrolment; the key as the page shows it for typing in by hand. */
  async startAuthenticatorApp(): Promise<string> {
    await this.page.getByTestId('totp-start').click();
    await expect(this.page.getByTestId('totp-qr')).toBeVisible();
    return (await this.page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  }

  async confirmAuthenticatorApp(code: string): Promise<void> {
    const panel = this.page.getByTestId('totp-enrolment');
    await panel.getByLabel('Code from your authenticator app').fill(code);
    await panel.getByRole('button', { name: 'Confirm and turn on' }).click();
  }

  async recoveryCodes(): Promise<string[]> {
    const list = this.page.getByTestId('recovery-code-list');
    await expect(list).toBeVisible();
    return list.locator('li').allTextContents();
  }

  /** Owners: the organisation's rule. */
  async requireForEveryMember(): Promise<void> {
    const box = this.page.getByLabel('Require a second factor for every member');
    await box.check();
    await expect(box).toBeChecked();
  }

  /** What a member required to enrol sees: this screen only, and why. */
  async expectEnrolmentRequired(): Promise<void> {
    await expect(this.page.getByTestId('second-factor-required')).toContainText('Your organisation requires a second factor');
    await expect(this.page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link')).toHaveText(['Security']);
  }

  async addPasskey(name: string): Promise<void> {
    const panel = this.page.getByTestId('passkey-add');
    await panel.getByLabel('Name of the passkey').fill(name);
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
  }
}
