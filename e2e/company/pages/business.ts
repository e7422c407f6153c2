import type { Page } from '@playwright/test';
import { CompanyScreen } from './common';

export interface BusinessInput {
  legalName?: string;
  registrationNumber?: string;
  /** Code: private_limited, public_limited, partnership, sole_proprietorship, non_profit, … */
  registrationType?: string;
  /** Country name as shown in English, e.g. "United Kingdom". */
  country?: string;
  businessBvn?: string;
  industry?: string;
  website?: string;
  description?: string;
}

export class CompanyBusinessPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-business');
  }

  async fillForm(v: BusinessInput): Promise<void> {
    if (v.legalName !== undefined) await this.fill('field-legalName', v.legalName);
    if (v.registrationNumber !== undefined) await this.fill('field-registrationNumber', v.registrationNumber);
    if (v.registrationType !== undefined) await this.select('field-registrationType', v.registrationType);
    if (v.country !== undefined) await this.pickCountry('field-countryOfRegistration', v.country);
    if (v.businessBvn !== undefined) await this.fill('field-businessBvn', v.businessBvn);
    if (v.industry !== undefined) await this.fill('field-industry', v.industry);
    if (v.website !== undefined) await this.fill('field-website', v.website);
    if (v.description !== undefined) await this.fill('field-description', v.description);
  }
}
