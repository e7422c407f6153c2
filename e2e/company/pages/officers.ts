import type { Locator, Page } from '@playwright/test';
import { CompanyScreen } from './common';

export interface OfficerInput {
  firstName?: string;
  lastName?: string;
  /** Code: director, secretary, chief_executive, chief_financial, partner, other. */
  role?: string;
  email?: string;
}

/** The officers list: add, edit in place, remove. Rows are numbered from 0. */
export class CompanyOfficersPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-officers');
  }

  officer(index: number): Locator {
    return this.root.getByTestId(`officer-${index}`);
  }

  async count(): Promise<number> {
    return this.root.locator('[data-testid^="officer-"][data-testid$="-remove"]').count();
  }

  async add(v: OfficerInput = {}): Promise<number> {
    const index = await this.count();
    await this.root.getByTestId('officer-add').click();
    await this.edit(index, v);
    return index;
  }

  /** One tap: the representative as an officer (names and email copied). */
  async addMe(): Promise<void> {
    await this.root.getByTestId('officer-add-me').click();
  }

  async edit(index: number, v: OfficerInput): Promise<void> {
    for (const key of ['firstName', 'lastName', 'email'] as const) {
      const value = v[key];
      if (value !== undefined) await this.fill(`officer-${index}-${key}`, value);
    }
    if (v.role !== undefined) await this.select(`officer-${index}-role`, v.role);
  }

  async remove(index: number): Promise<void> {
    await this.root.getByTestId(`officer-${index}-remove`).click();
  }
}
