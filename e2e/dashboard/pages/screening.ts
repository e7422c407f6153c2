import { expect, type Locator, type Page } from '@playwright/test';

/** The Screening screen: the hits waiting for a verdict, the lists, the import of an organisation's own list. */
export class DashboardScreeningPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard/screening');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Screening' })).toBeVisible();
  }

  /** Imports a customer CSV through the form (a file the member picks); answers the notice shown. */
  async importCsv(listId: string, name: string, csv: string): Promise<Locator> {
    await this.page.getByTestId('import-list-id').fill(listId);
    await this.page.getByTestId('import-list-name').fill(name);
    await this.page.getByTestId('import-format').selectOption('customer-csv');
    await this.page.getByTestId('import-file').setInputFiles({ name: `${listId}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await this.page.getByTestId('import-submit').click();
    const notice = this.page.getByTestId('import-notice');
    await expect(notice).toBeVisible();
    return notice;
  }

  listRow(listId: string): Locator {
    return this.page.getByTestId(`screening-list-${listId}`);
  }

  queueHits(): Locator {
    return this.page.getByTestId('queue-hit');
  }
}

/** The screening panel of a case: each hit, its score's reasons, the verdict with a reason. */
export class CaseScreeningPanel {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('screening-panel');
  }

  hit(entityName: string): Locator {
    return this.root.getByTestId('screening-hit').filter({ has: this.page.getByTestId('hit-entity').getByText(entityName, { exact: true }) });
  }

  async resolve(entityName: string, resolution: 'false-match' | 'true-match', reason: string): Promise<void> {
    const hit = this.hit(entityName);
    await hit.getByTestId('hit-reason').fill(reason);
    await hit.getByTestId(`hit-${resolution}`).click();
    await expect(hit).toHaveAttribute('data-state', resolution.replace('-', '_'));
  }
}
