import type { Page } from '@playwright/test';
import { CompanyScreen } from './common';

export interface ContactInput {
  generalEmail?: string;
  /** International format, or local when the business country is known (rewritten on blur). */
  generalPhone?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

export class CompanyContactPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-contact');
  }

  async fillForm(v: ContactInput): Promise<void> {
    for (const key of ['generalEmail', 'generalPhone', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode'] as const) {
      const value = v[key];
      if (value !== undefined) await this.fill(`field-${key}`, value);
    }
    if (v.country !== undefined) await this.pickCountry('field-country', v.country);
  }
}
