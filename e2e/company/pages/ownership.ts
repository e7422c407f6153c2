import type { Locator, Page } from '@playwright/test';
import { CompanyScreen } from './common';

export interface OwnerInput {
  firstName?: string;
  lastName?: string;
  /** Percent as typed, e.g. "25" or "12,5". */
  share?: string;
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  nationality?: string;
  email?: string;
}

/** Beneficial owners with their shares; the total is checked live (≤ 100 %). */
export class CompanyOwnershipPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-ownership');
  }

  /** "Add everyone who owns 25 % or more…" text, carrying the campaign's threshold. */
  threshold(): Locator {
    return this.root.getByTestId('ownership-threshold');
  }

  total(): Locator {
    return this.root.getByTestId('ownership-total');
  }

  /** Visible when the shares add up to more than 100 %. */
  totalError(): Locator {
    return this.root.getByTestId('ownership-total-error');
  }

  async count(): Promise<number> {
    return this.root.locator('[data-testid^="owner-"][data-testid$="-remove"]').count();
  }

  async add(v: OwnerInput = {}): Promise<number> {
    const index = await this.count();
    await this.root.getByTestId('owner-add').click();
    await this.edit(index, v);
    return index;
  }

  async edit(index: number, v: OwnerInput): Promise<void> {
    for (const key of ['firstName', 'lastName', 'share', 'dateOfBirth', 'email'] as const) {
      const value = v[key];
      if (value !== undefined) await this.fill(`owner-${index}-${key}`, value);
    }
    if (v.nationality !== undefined) await this.pickCountry(`owner-${index}-nationality`, v.nationality);
  }

  async remove(index: number): Promise<void> {
    await this.root.getByTestId(`owner-${index}-remove`).click();
  }
}
