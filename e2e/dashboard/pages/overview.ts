import { expect, type Locator, type Page } from '@playwright/test';

/** The overview: summary figures, the funnel table (the chart's numbers), outcomes and devices. */
export class DashboardOverviewPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Overview' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(this.page.getByTestId('overview-funnel')).toBeVisible();
  }

  opened(): Locator {
    return this.page.getByTestId('overview-opened');
  }

  /** Each funnel stage as the table reads: its id, sessions reached and the drop-off cell's text. */
  async funnel(): Promise<{ step: string; reached: string; dropOff: string }[]> {
    const rows = this.page.getByTestId('overview-funnel').locator('tbody tr');
    const out: { step: string; reached: string; dropOff: string }[] = [];
    for (const row of await rows.all()) {
      out.push({
        step: (await row.getAttribute('data-step')) ?? '',
        reached: ((await row.locator('[data-cell="reached"]').textContent()) ?? '').trim(),
        dropOff: ((await row.locator('[data-cell="drop-off"]').textContent()) ?? '').trim(),
      });
    }
    return out;
  }

  outcomeRow(outcome: string): Locator {
    return this.page.getByTestId('overview-outcomes').locator(`tr[data-outcome="${outcome}"]`);
  }
}
