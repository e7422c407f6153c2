import { expect, type Locator, type Page } from '@playwright/test';

/** The verification list with its waiting view, filters and rows. */
export class DashboardListPage {
  constructor(readonly page: Page) {}

  row(id: string): Locator {
    return this.page.locator(`[data-testid="verification-row"][data-id="${id}"]`);
  }

  async openWaiting(): Promise<void> {
    await this.page.getByTestId('waiting-tab').click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Waiting for review' })).toBeVisible();
  }

  /** Waits (reloading) until the case is listed: the checks attach the scores a moment after submit. */
  async waitForRow(id: string): Promise<Locator> {
    await expect(async () => {
      await this.page.reload();
      await expect(this.row(id)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    return this.row(id);
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search by name, id or vendorData').fill(text);
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  /** Ticks every case on the page and gives them to a reviewer; answers the summary's text. */
  async bulkAssign(email: string): Promise<Locator> {
    await this.page.getByTestId('select-all').check();
    await this.page.getByTestId('bulk-assignee').selectOption({ label: email });
    await this.page.getByTestId('bulk-assign').click();
    return this.page.getByTestId('bulk-summary');
  }
}
