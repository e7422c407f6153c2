import { describe, expect, it } from 'vitest';
import { campaignDefinitionSchema, defaultCampaignDefinition, type CampaignDefinitionInput } from '../../contract/campaign';
import type { CompanyFormValues } from '../../contract/company-form';
import { analyseCompany, reviewFlagCodes } from './analysis';
import { completeDraft } from './company.testkit';

const now = new Date('2026-01-05T10:00:00.000Z');
const full: CompanyFormValues = {
  ...completeDraft,
  ownership: { owners: [{ firstName: 'Ada', lastName: 'Obi', share: 60, dateOfBirth: '1980-01-02', nationality: 'NGA', email: 'a@b.co' }, { firstName: 'Bo', lastName: 'Ade', share: 10 }] },
  documents: { files: [{ id: 'd1', kind: 'business_registration' }, { id: 'd2', kind: 'proof_of_address' }] },
  liveness: { status: 'passed' },
};
const analyse = (v: CompanyFormValues, c: CampaignDefinitionInput | null = null) =>
  analyseCompany(v, c ? campaignDefinitionSchema.parse(c) : defaultCampaignDefinition, 3, now);

describe('company analysis', () => {
  it('passes a complete company with no flags and ready provisioning', () => {
    const a = analyse(full);
    expect(a).toMatchObject({
      status: 'completed', analysedAt: now.toISOString(), campaignVersion: 3, reviewFlags: [],
      provisioning: { ready: true, pendingFields: [] }, ownershipTotal: 70, beneficialOwners: 1, officers: 1,
      documents: { business_registration: 1, proof_of_address: 1 },
    });
    // Optional fields left empty are listed (contact has no postal code; the minor owner gave no details).
    expect(a.missingFields).toEqual([
      'contact.addressLine2', 'contact.postalCode',
      'ownership.owners.1.dateOfBirth', 'ownership.owners.1.nationality', 'ownership.owners.1.email',
    ]);
  });

  it('flags no officers, owners above the threshold without details, missing liveness and documents', () => {
    const a = analyse({
      ...full,
      officers: { items: [] },
      ownership: { owners: [{ firstName: 'A', lastName: 'B', share: 70 }, { firstName: 'C', lastName: 'D', share: 30, dateOfBirth: '1990-01-01' }] },
      documents: { files: [{ id: 'd1', kind: 'business_registration' }] },
      liveness: { status: 'pending' },
    });
    expect(a.reviewFlags).toEqual(['no_officers', 'owner_details_missing', 'liveness_not_completed', 'documents_missing']);
    expect(reviewFlagCodes).toEqual(['no_officers', 'owner_details_missing', 'liveness_not_completed', 'liveness_failed', 'documents_missing', 'aml_hit']);
    expect(a.ownershipTotal).toBe(100);
    expect(a.provisioning).toEqual({ ready: false, pendingFields: ['documents.proof_of_address', 'liveness'] });
  });

  it('uses the campaign threshold and steps', () => {
    const owners = { owners: [{ firstName: 'A', lastName: 'B', share: 15 }] };
    expect(analyse({ ...full, ownership: owners }).reviewFlags).toEqual([]);
    expect(analyse({ ...full, ownership: owners }, { ownershipThreshold: 10 }).reviewFlags).toEqual(['owner_details_missing']);
    const onlyBusiness = analyse({ business: full.business }, { steps: ['business', 'review'], livenessRequired: false });
    expect(onlyBusiness.reviewFlags).toEqual([]);
    expect(onlyBusiness.provisioning).toEqual({ ready: true, pendingFields: [] });
    expect(onlyBusiness.missingFields).toEqual([]);
  });

  it('asks for the BVN only where the country needs it, whatever the campaign lists', () => {
    const gbr = analyse({ ...full, business: { ...full.business, countryOfRegistration: 'GBR', businessBvn: '' } });
    expect(gbr.missingFields).not.toContain('business.businessBvn');
    const listing: CampaignDefinitionInput = { requiredFields: { business: ['legalName', 'businessBvn'] } };
    const gbrListing = analyse({ ...full, business: { ...full.business, countryOfRegistration: 'GBR', businessBvn: undefined } }, listing);
    expect(gbrListing.missingFields).not.toContain('business.businessBvn');
    expect(gbrListing.provisioning.pendingFields).toEqual([]);
    const ngaListing = analyse({ ...full, business: { ...full.business, businessBvn: undefined } }, listing);
    expect(ngaListing.provisioning.pendingFields).toEqual(['business.businessBvn']);
    const nga = analyse({ ...full, business: { ...full.business, businessBvn: '' } });
    expect(nga.missingFields).toContain('business.businessBvn');
    expect(nga.provisioning.pendingFields).toEqual(['business.businessBvn']);
  });
});
