import type { Page } from '@playwright/test';
import type { DocType } from '../../../src/contract/document';
import { IndividualScreen } from './common';

/** Document type and issuing country (searchable combobox, names localised). */
export class IndividualDocumentChoicePage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'document-choice-screen');
  }

  async chooseType(type: DocType): Promise<void> {
    await this.root.getByTestId(`doc-type-${type}`).check();
  }

  /** Types `search` and picks the option whose visible name is `name` (e.g. "France"). */
  async pickCountry(name: string, search = name): Promise<void> {
    const field = this.root.getByTestId('country-combobox');
    await field.getByRole('combobox').fill(search);
    await field.getByRole('option', { name, exact: true }).click();
  }

  async countryValue(): Promise<string> {
    return this.root.getByTestId('country-combobox').getByRole('combobox').inputValue();
  }

  async continue(): Promise<void> {
    await this.root.getByTestId('document-continue').click();
  }

  async choose(type: DocType, countryName: string): Promise<void> {
    await this.chooseType(type);
    await this.pickCountry(countryName);
    await this.continue();
  }
}
