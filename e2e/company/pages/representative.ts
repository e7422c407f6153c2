import type { Page } from '@playwright/test';
import { CompanyScreen } from './common';

export interface RepresentativeInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  /** Code: director, shareholder, officer, employee, legal_representative, other. */
  relationship?: string;
  /** PASSPORT | NATIONAL_ID | DRIVERS_LICENSE | RESIDENCE_PERMIT */
  idDocumentType?: string;
  idDocumentNumber?: string;
  idIssuingCountry?: string;
  /** Ticks the "I am allowed to act for the business" attestation. */
  authorised?: boolean;
}

export class CompanyRepresentativePage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-representative');
  }

  async fillForm(v: RepresentativeInput): Promise<void> {
    for (const key of ['firstName', 'lastName', 'email', 'phone', 'idDocumentNumber'] as const) {
      const value = v[key];
      if (value !== undefined) await this.fill(`field-${key}`, value);
    }
    if (v.relationship !== undefined) await this.select('field-relationshipToBusiness', v.relationship);
    if (v.idDocumentType !== undefined) await this.select('field-idDocumentType', v.idDocumentType);
    if (v.idIssuingCountry !== undefined) await this.pickCountry('field-idIssuingCountry', v.idIssuingCountry);
    if (v.authorised !== undefined) await this.root.getByTestId('field-isAuthorised').getByRole('checkbox').setChecked(v.authorised);
  }
}
