import { expect, type Locator, type Page } from '@playwright/test';
import { CompanyScreen } from './common';

/** Supporting documents, one card per kind of the campaign (`business_registration`, …). */
export class CompanyDocumentsPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-documents');
  }

  card(kind: string): Locator {
    return this.root.getByTestId(`documents-${kind}`);
  }

  files(kind: string): Locator {
    return this.card(kind).getByTestId('document-file');
  }

  /** Picks files through the kind's file input and waits until they are listed as uploaded. */
  async upload(kind: string, ...paths: string[]): Promise<void> {
    const before = await this.files(kind).count();
    await this.root.getByTestId(`documents-${kind}-input`).setInputFiles(paths);
    await expect(this.files(kind)).toHaveCount(before + paths.length, { timeout: 60_000 });
  }

  /** A file refused before or after upload shows its reason here. */
  problems(kind: string): Locator {
    return this.card(kind).getByTestId('document-problem');
  }

  kindError(kind: string): Locator {
    return this.root.getByTestId(`documents-${kind}-error`);
  }

  async remove(kind: string, fileName: string): Promise<void> {
    const before = await this.files(kind).count();
    await this.files(kind).filter({ hasText: fileName }).getByTestId('document-remove').click();
    await expect(this.files(kind)).toHaveCount(before - 1);
  }
}
