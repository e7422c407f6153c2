import {
  businessFieldNames, contactFieldNames, officerFieldNames, ownerFieldNames, representativeFieldNames,
  type CampaignDefinition,
} from '../../contract/campaign';
import { businessFieldRequired, ownershipTotal, type CompanyFormValues } from '../../contract/company-form';
import type { AmlChecks } from '../../contract/screening';

/**
 * The analysis run at submit, stored in `analysis` and echoed in the payload's `review` block.
 * Rules only read the submitted data and the campaign: it is a checklist for the reviewer, not a
 * decision. Flags are stable machine-readable codes (documented in docs/api.md). Only what the submit
 * validation lets through can be flagged: ownership over 100 % is refused at submit, so it is
 * no flag.
 */
export const reviewFlagCodes = [
  'no_officers', 'owner_details_missing', 'liveness_not_completed', 'liveness_failed', 'documents_missing',
  // Screening (issue 28): a hit on the company or one of its people that no reviewer found false.
  'aml_hit',
] as const;
export type ReviewFlag = (typeof reviewFlagCodes)[number];

export interface CompanyAnalysis {
  status: 'completed';
  analysedAt: string;
  campaignVersion: number;
  /** Fields of the campaign's sections left empty (optional ones; required ones cannot be). */
  missingFields: string[];
  reviewFlags: ReviewFlag[];
  provisioning: { ready: boolean; pendingFields: string[] };
  ownershipTotal: number;
  beneficialOwners: number;
  officers: number;
  documents: Record<string, number>;
  [k: string]: unknown;
}

/**
 * The analysis with the screening's outcome: `aml` (lists, versions, hits with their scores) and
 * the `aml_hit` flag while a hit is not resolved as a false match.
 */
export function withScreening(a: CompanyAnalysis, aml: AmlChecks): CompanyAnalysis {
  const flagged = aml.hits.some((h) => h.state !== 'false_match');
  return { ...a, aml, reviewFlags: flagged && !a.reviewFlags.includes('aml_hit') ? [...a.reviewFlags, 'aml_hit'] : a.reviewFlags.filter((f) => flagged || f !== 'aml_hit') };
}

/** What an account needs before it can be provisioned, where the campaign asks for it. */
const PROVISIONING_FIELDS = [
  'business.legalName', 'business.registrationNumber', 'business.countryOfRegistration',
  'contact.generalEmail', 'contact.addressLine1', 'contact.city', 'contact.country',
  'representative.firstName', 'representative.lastName', 'representative.email',
] as const;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
  || (Array.isArray(v) && v.length === 0);

function get(values: CompanyFormValues, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), values);
}

export function analyseCompany(values: CompanyFormValues, campaign: CampaignDefinition, campaignVersion: number, now: Date): CompanyAnalysis {
  const steps = new Set<string>(campaign.steps);
  const country = values.business?.countryOfRegistration;
  const missingFields: string[] = [];
  const scalar = { business: businessFieldNames, contact: contactFieldNames, representative: representativeFieldNames };
  for (const [section, fields] of Object.entries(scalar)) {
    if (!steps.has(section)) continue;
    for (const f of fields) {
      // A BVN exists only where the country has one (the same rule as the form and submit).
      if (f === 'businessBvn' && !businessFieldRequired(campaign, f, country)) continue;
      if (empty(get(values, `${section}.${f}`))) missingFields.push(`${section}.${f}`);
    }
  }
  const officers = values.officers?.items ?? [];
  const owners = values.ownership?.owners ?? [];
  const listMissing = (prefix: string, items: readonly object[], fields: readonly string[]) => items.forEach((item, i) => {
    for (const f of fields) if (empty((item as Record<string, unknown>)[f])) missingFields.push(`${prefix}.${i}.${f}`);
  });
  if (steps.has('officers')) listMissing('officers.items', officers, officerFieldNames);
  if (steps.has('ownership')) listMissing('ownership.owners', owners, ownerFieldNames);

  const total = ownershipTotal(owners);
  const beneficial = owners.filter((o) => typeof o.share === 'number' && o.share >= campaign.ownershipThreshold);
  const files = values.documents?.files ?? [];
  const documents = Object.fromEntries(campaign.documents.map((d) => [d.kind, files.filter((f) => f.kind === d.kind).length]));
  const livenessDone = ['passed', 'failed', 'not_live'].includes(values.liveness?.status ?? '');

  const reviewFlags: ReviewFlag[] = [];
  if (steps.has('officers') && officers.length === 0) reviewFlags.push('no_officers');
  if (beneficial.some((o) => empty(o.dateOfBirth) || empty(o.nationality))) reviewFlags.push('owner_details_missing');
  if (steps.has('liveness') && !livenessDone) reviewFlags.push('liveness_not_completed');
  if (values.liveness?.status === 'failed' || values.liveness?.status === 'not_live') reviewFlags.push('liveness_failed');
  if (steps.has('documents') && Object.values(documents).some((n) => n === 0)) reviewFlags.push('documents_missing');

  const pendingFields: string[] = PROVISIONING_FIELDS.filter((p) => steps.has(p.split('.')[0]!) && empty(get(values, p)));
  if (steps.has('business') && businessFieldRequired(campaign, 'businessBvn', country) && empty(values.business?.businessBvn)) {
    pendingFields.push('business.businessBvn');
  }
  if (steps.has('documents')) {
    for (const d of campaign.documents) if (d.required && documents[d.kind] === 0) pendingFields.push(`documents.${d.kind}`);
  }
  if (campaign.livenessRequired && !livenessDone) pendingFields.push('liveness');

  return {
    status: 'completed',
    analysedAt: now.toISOString(),
    campaignVersion,
    missingFields,
    reviewFlags,
    provisioning: { ready: pendingFields.length === 0, pendingFields },
    ownershipTotal: total,
    beneficialOwners: beneficial.length,
    officers: officers.length,
    documents,
  };
}
