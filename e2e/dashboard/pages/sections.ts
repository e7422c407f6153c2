import { expect, type Locator, type Page } from '@playwright/test';

/** Developers: create a key (shown once), the key cards, deliveries. */
export class DashboardDevelopersPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/developers');
  }

  async createKey(name: string, mode: 'Test' | 'Live'): Promise<string> {
    await this.page.getByText('Create an API key').click();
    const form = this.page.getByTestId('new-key-form');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel(mode, { exact: true }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const value = this.page.getByTestId('created-key-value');
    await expect(value).toBeVisible();
    return (await value.textContent()) ?? '';
  }

  keyCard(name: string): Locator {
    return this.page.getByTestId('key-card').filter({ hasText: name });
  }
}

/** Team: invite (a one-time link to copy) and the member list. */
export class DashboardTeamPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/team');
    await expect(this.page.getByTestId('team-list')).toBeVisible();
  }

  async invite(email: string, role: string): Promise<string> {
    const form = this.page.getByTestId('invite-form');
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await form.getByLabel('Role').selectOption({ label: role });
    await form.getByRole('button', { name: 'Create invitation' }).click();
    const url = this.page.getByTestId('invite-url');
    await expect(url).toBeVisible();
    return (await url.textContent()) ?? '';
  }
}

/** Campaigns: the list, and the editor (field by field, beside its preview) a draft opens in. */
export class DashboardCampaignsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/campaigns');
    await expect(this.page.getByTestId('campaign-list')).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.locator(`[data-testid="campaign-card"][data-name="${name}"]`);
  }

  get editor(): Locator {
    return this.page.getByTestId('campaign-editor');
  }

  /** "New campaign or draft" on a campaign's card: the editor opens with its latest version. */
  async startDraft(name: string): Promise<Locator> {
    await this.card(name).getByRole('button', { name: 'New campaign or draft' }).click();
    await expect(this.editor).toBeVisible();
    return this.editor;
  }

  /** A step's tick box in the editor's Steps group. */
  step(label: string): Locator {
    return this.editor.getByRole('group', { name: 'Steps' }).getByRole('checkbox', { name: label });
  }

  /** The preview's step (`business`, `officers`, … `review`). */
  previewStep(id: string): Locator {
    return this.editor.getByTestId('campaign-preview').locator(`[data-testid="preview-step"][data-step="${id}"]`);
  }

  async save(): Promise<void> {
    await this.editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(this.page.getByTestId('campaigns-notice')).toContainText('Saved');
  }
}
