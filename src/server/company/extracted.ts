import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { ownershipTotal, type CompanyFormValues } from '../../contract/company-form';
import type { UploadedDocument } from '../../contract/hosted-company';

/**
 * `extractedProfile` of the record, written at submit: a normalised view the service derived
 * from the submitted form and from the metadata of the stored documents. Nothing is read out of
 * the documents (no OCR) and nothing is checked against a registry: `source: 'form'` says so.
 * Normalisation (for matching and de-duplication on the customer's side):
 * - registration number: trimmed, upper case, without spaces;
 * - countries: ISO 3166-1 alpha-3, as validated by the form;
 * - phone numbers: E.164 (the form only accepts valid international numbers);
 * - emails: trimmed, lower case;
 * - website: its origin (`https://example.com`, scheme added when typed without one);
 * - documents: per kind, how many files and which content types (as stored: images are JPEG);
 * - ownership: the owners' total share in percent (≤ 100: submit refuses more).
 * Empty strings where the form left a field empty or the campaign has no such section.
 */
export interface ExtractedProfile {
  source: 'form';
  derivedAt: string;
  business: { legalName: string; registrationNumber: string; countryOfRegistration: string; website: string };
  contact: { email: string; phone: string; country: string };
  representative: { fullName: string; email: string; phone: string; idIssuingCountry: string };
  officers: { count: number };
  ownership: { totalPercent: number; owners: number };
  documents: { total: number; byKind: Record<string, { count: number; contentTypes: string[] }> };
  [k: string]: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export const normaliseRegistrationNumber = (v: unknown): string => text(v).toUpperCase().replace(/\s+/g, '');
export const normaliseEmail = (v: unknown): string => text(v).toLowerCase();

/** E.164, or '' when empty or not a valid international number. */
export function e164(v: unknown): string {
  const raw = text(v);
  const parsed = raw ? parsePhoneNumberFromString(raw) : undefined;
  return parsed?.isValid() ? parsed.number : '';
}

/** `https://example.com` for `example.com/about`; '' when empty or not an http(s) address. */
export function websiteOrigin(v: unknown): string {
  const raw = text(v);
  if (!raw) return '';
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : '';
  } catch {
    return '';
  }
}

export function buildExtractedProfile(values: CompanyFormValues, documents: readonly UploadedDocument[], now: Date): ExtractedProfile {
  const b = values.business ?? {};
  const c = values.contact ?? {};
  const r = values.representative ?? {};
  const owners = values.ownership?.owners ?? [];
  const byKind: ExtractedProfile['documents']['byKind'] = {};
  for (const d of documents) {
    const entry = (byKind[d.kind] ??= { count: 0, contentTypes: [] });
    entry.count += 1;
    if (!entry.contentTypes.includes(d.contentType)) entry.contentTypes.push(d.contentType);
  }
  return {
    source: 'form',
    derivedAt: now.toISOString(),
    business: {
      legalName: text(b.legalName),
      registrationNumber: normaliseRegistrationNumber(b.registrationNumber),
      countryOfRegistration: text(b.countryOfRegistration),
      website: websiteOrigin(b.website),
    },
    contact: { email: normaliseEmail(c.generalEmail), phone: e164(c.generalPhone), country: text(c.country) },
    representative: {
      fullName: [text(r.firstName), text(r.lastName)].filter(Boolean).join(' '),
      email: normaliseEmail(r.email),
      phone: e164(r.phone),
      idIssuingCountry: text(r.idIssuingCountry),
    },
    officers: { count: values.officers?.items?.length ?? 0 },
    ownership: { totalPercent: ownershipTotal(owners), owners: owners.length },
    documents: { total: documents.length, byKind },
  };
}
