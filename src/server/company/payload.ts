import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CampaignDefinition } from '../../contract/campaign';
import type { CompanyFormValues } from '../../contract/company-form';
import type { CompanyPayload } from '../../contract/events';
import type { CompanyStatus } from '../../contract/statuses';
import { formValuesOf } from './form-values';
import type { CompanyRow } from './store';

const s = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const joinName = (...parts: unknown[]) => parts.map(s).filter(Boolean).join(' ');
/** Phone numbers were validated in international format; the payload carries them as E.164. */
const phone = (v: unknown) => {
  const raw = s(v);
  return (raw && parsePhoneNumberFromString(raw)?.number) || raw;
};
/** Websites may be typed without a scheme; the payload always has one. */
const website = (v: unknown) => {
  const raw = s(v);
  return !raw || /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
};

/**
 * The spec's `companyProfile` block from the form values. Representative email and phone are
 * asked once, in the representative section, and also fill `contact.*.representative`.
 */
export function buildCompanyProfile(v: CompanyFormValues, campaign: CampaignDefinition): CompanyPayload['companyProfile'] {
  const b = v.business ?? {};
  const c = v.contact ?? {};
  const r = v.representative ?? {};
  const fullAddress = [c.addressLine1, c.addressLine2, c.city, c.state, c.postalCode, c.country].map(s).filter(Boolean).join(', ');
  return {
    business: {
      legalName: s(b.legalName), registrationNumber: s(b.registrationNumber), registrationType: s(b.registrationType),
      countryOfRegistration: s(b.countryOfRegistration), businessBvn: s(b.businessBvn), industry: s(b.industry),
      description: s(b.description), website: website(b.website),
    },
    contact: {
      emails: { general: s(c.generalEmail), representative: s(r.email) },
      phoneNumbers: { general: phone(c.generalPhone), representative: phone(r.phone) },
      addresses: { registered: { addressLine1: s(c.addressLine1), city: s(c.city), state: s(c.state), country: s(c.country), fullAddress } },
    },
    authorisedRepresentative: {
      firstName: s(r.firstName), lastName: s(r.lastName), fullName: joinName(r.firstName, r.lastName), email: s(r.email),
      phoneNumber: phone(r.phone), relationshipToBusiness: s(r.relationshipToBusiness),
      // The spec types it as a string.
      isAuthorised: r.isAuthorised === true ? 'true' : 'false',
    },
    officers: (v.officers?.items ?? []).map((o) => ({
      firstName: s(o.firstName), lastName: s(o.lastName), fullName: joinName(o.firstName, o.lastName), role: s(o.role), email: s(o.email),
    })),
    ownership: {
      threshold: campaign.ownershipThreshold,
      beneficialOwners: (v.ownership?.owners ?? []).map((o) => ({
        firstName: s(o.firstName), lastName: s(o.lastName), fullName: joinName(o.firstName, o.lastName),
        share: typeof o.share === 'number' ? o.share : 0, dateOfBirth: s(o.dateOfBirth), nationality: s(o.nationality),
        email: s(o.email), aboveThreshold: typeof o.share === 'number' && o.share >= campaign.ownershipThreshold,
      })),
    },
  };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The spec's `review` block from the stored analysis and the current status. */
export function buildReviewBlock(row: Pick<CompanyRow, 'analysis' | 'status'>): CompanyPayload['review'] {
  const a = row.analysis;
  const prov = (a.provisioning ?? {}) as Record<string, unknown>;
  return {
    source: 'hosted_flow',
    analysisStatus: typeof a.status === 'string' ? a.status : 'pending',
    pendingInternalReview: row.status === 'submitted' || row.status === 'under review',
    missingFields: list(a.missingFields),
    reviewFlags: list(a.reviewFlags),
    provisioning: { ready: prov.ready === true, pendingFields: list(prov.pendingFields) },
  };
}

/** Company payload (spec: same shape for submitted, under_review and the decisions). */
export function buildCompanyPayload(row: CompanyRow, campaign: CampaignDefinition): CompanyPayload {
  return {
    companyVerificationId: row.id,
    verificationId: row.publicId,
    externalId: row.publicId,
    vendorData: row.vendorData,
    status: row.status as CompanyStatus,
    reason: row.reason,
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : '',
    campaignId: row.campaignId,
    campaignVersion: row.campaignVersion,
    companyProfile: buildCompanyProfile(formValuesOf(row), campaign),
    review: buildReviewBlock(row),
  };
}
