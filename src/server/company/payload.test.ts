import { describe, expect, it } from 'vitest';
import { campaignDefinitionSchema, defaultCampaignDefinition } from '../../contract/campaign';
import { companyPayloadSchema } from '../../contract/events';
import { buildCompanyPayload, buildCompanyProfile, buildReviewBlock } from './payload';
import type { CompanyRow } from './store';
import { completeDraft } from './company.testkit';

const now = new Date('2026-01-05T10:00:00.000Z');
const row = (over: Partial<CompanyRow> = {}): CompanyRow => ({
  id: 'c'.repeat(32), publicId: 'cv_123', apiKeyId: 'key_1', hostedTokenDigest: 'x', status: 'submitted', statusCode: 2003,
  reason: '', vendorData: 'v', userMeta: {}, redirect: null, campaignId: 'default', campaignVersion: 1, draft: completeDraft,
  progress: {}, analysis: { status: 'completed', missingFields: ['contact.postalCode'], reviewFlags: ['no_officers'], provisioning: { ready: false, pendingFields: ['liveness'] } },
  uploadedDocuments: [], authorityProfile: {}, extractedProfile: {}, auditTrail: [], submittedAt: now, decidedAt: null,
  expiresAt: now, deletedAt: null, mediaErasedAt: null, redactedAt: null, createdAt: now, updatedAt: now, ...over,
});

describe('company payload', () => {
  it('has exactly the spec shape, from a complete or an empty draft', () => {
    expect(companyPayloadSchema.strict().safeParse(buildCompanyPayload(row(), defaultCampaignDefinition)).success).toBe(true);
    const empty = buildCompanyPayload(row({ draft: {}, analysis: {}, submittedAt: null, status: 'started' }), defaultCampaignDefinition);
    expect(companyPayloadSchema.strict().parse(empty)).toMatchObject({
      submittedAt: '', companyProfile: { officers: [], ownership: { threshold: 25, beneficialOwners: [] } },
      review: { source: 'hosted_flow', analysisStatus: 'pending', pendingInternalReview: false, missingFields: [], reviewFlags: [], provisioning: { ready: false, pendingFields: [] } },
    });
    expect(empty.companyProfile.business.legalName).toBe('');
  });

  it('carries ids, status, reason and the review block', () => {
    const p = buildCompanyPayload(row({ status: 'failed', reason: 'Registry mismatch' }), defaultCampaignDefinition);
    expect(p).toMatchObject({
      companyVerificationId: 'c'.repeat(32), verificationId: 'cv_123', externalId: 'cv_123', status: 'failed', reason: 'Registry mismatch',
      submittedAt: now.toISOString(), campaignId: 'default', campaignVersion: 1,
      review: { pendingInternalReview: false, missingFields: ['contact.postalCode'], reviewFlags: ['no_officers'], provisioning: { ready: false, pendingFields: ['liveness'] } },
    });
    expect(buildReviewBlock(row({ status: 'under review' })).pendingInternalReview).toBe(true);
  });

  it('maps the form into companyProfile: names, E.164 phones, website scheme, owners against the threshold', () => {
    const campaign = campaignDefinitionSchema.parse({ ownershipThreshold: 50 });
    const p = buildCompanyProfile({
      ...completeDraft,
      contact: { ...completeDraft.contact, generalPhone: '+234 803 123 4567', addressLine2: 'Floor 2', postalCode: '101001' },
      representative: { ...completeDraft.representative, isAuthorised: false },
    }, campaign);
    expect(p.contact.phoneNumbers.general).toBe('+2348031234567');
    expect(p.contact.addresses.registered.fullAddress).toBe('1 Marina Rd, Floor 2, Lagos, Lagos, 101001, NGA');
    expect(p.business.website).toBe('https://acme.example');
    expect(p.authorisedRepresentative).toMatchObject({ fullName: 'Ada Obi', isAuthorised: 'false', phoneNumber: '+2348031234568', email: 'ada@acme.example' });
    expect(p.ownership).toEqual({
      threshold: 50,
      beneficialOwners: [
        { firstName: 'Ada', lastName: 'Obi', fullName: 'Ada Obi', share: 60, dateOfBirth: '1980-01-02', nationality: 'NGA', email: '', aboveThreshold: true },
        { firstName: 'Bo', lastName: 'Ade', fullName: 'Bo Ade', share: 40, dateOfBirth: '', nationality: '', email: '', aboveThreshold: false },
      ],
    });
  });
});
