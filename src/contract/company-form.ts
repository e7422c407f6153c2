import { z } from 'zod';
// Full metadata: validates the digits of each country's numbering plan, not only the length
// (about 20 KB more gzip than the default, in the lazily loaded company flow only).
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { draftSectionIds } from './company-constants';
import type {
  businessFieldNames, contactFieldNames, officerFieldNames, ownerFieldNames, representativeFieldNames,
  CampaignDefinition, CustomQuestion,
} from './campaign';
import { docTypeSchema } from './document';

/**
 * The company form's schemas, shared by the React form (react-hook-form) and the server.
 * Two flavours per section: a loose draft schema (autosave while typing: every field optional,
 * types right, lengths capped) and a strict one built from the campaign (required fields,
 * formats, allowed countries, custom questions). Error messages are i18n keys, never prose.
 */

export const formErrors = {
  required: 'errors.required',
  email: 'errors.email',
  phone: 'errors.phone',
  ownershipTotal: 'errors.ownershipTotal',
  share: 'errors.share',
  tooLong: 'errors.tooLong',
  tooMany: 'errors.tooMany',
  invalid: 'errors.invalid',
  country: 'errors.country',
  countryNotAllowed: 'errors.countryNotAllowed',
  url: 'errors.url',
  date: 'errors.date',
  bvn: 'errors.bvn',
  authorised: 'errors.authorised',
  choice: 'errors.choice',
  documentRequired: 'errors.documentRequired',
  tooManyFiles: 'errors.tooManyFiles',
  livenessRequired: 'errors.livenessRequired',
} as const;
export type FormErrorKey = (typeof formErrors)[keyof typeof formErrors];
const E = formErrors;

/** Countries whose businesses must give a Bank Verification Number (Nigeria). */
export const BVN_COUNTRIES: readonly string[] = ['NGA'];
export const countryNeedsBvn = (country: string | undefined) => !!country && BVN_COUNTRIES.includes(country);

/**
 * Whether a business field is required: the campaign's list, except `businessBvn`, which follows
 * the country of registration only (always required in BVN countries, never elsewhere; see
 * campaign.ts). The form, the submit validation and the analysis all use this rule.
 */
export function businessFieldRequired(
  c: Pick<CampaignDefinition, 'requiredFields'>, field: (typeof businessFieldNames)[number], country: string | undefined,
): boolean {
  return field === 'businessBvn' ? countryNeedsBvn(country?.trim()) : c.requiredFields.business.includes(field);
}

/** Sections whose data the hosted flow saves in the draft (documents and liveness have endpoints). */
export { draftSectionIds };
export const draftSectionIdSchema = z.enum(draftSectionIds);
export type DraftSectionId = z.infer<typeof draftSectionIdSchema>;

export const MAX_OFFICERS = 50;
export const MAX_OWNERS = 50;

type Kind = 'text' | 'name' | 'longText' | 'email' | 'phone' | 'country' | 'url' | 'date' | 'bvn' | 'docType';
/** Maximum length per kind, in UTF-16 code units (what `maxLength` on an input counts). */
export const fieldMaxLength: Record<Kind, number> = {
  text: 200, name: 100, longText: 2000, email: 254, phone: 32, country: 3, url: 500, date: 10, bvn: 11, docType: 20,
};

const businessKinds = {
  legalName: 'text', registrationNumber: 'name', registrationType: 'name', countryOfRegistration: 'country',
  businessBvn: 'bvn', industry: 'name', description: 'longText', website: 'url',
} as const satisfies Record<(typeof businessFieldNames)[number], Kind>;
const contactKinds = {
  generalEmail: 'email', generalPhone: 'phone', addressLine1: 'text', addressLine2: 'text', city: 'name',
  state: 'name', postalCode: 'name', country: 'country',
} as const satisfies Record<(typeof contactFieldNames)[number], Kind>;
const representativeKinds = {
  firstName: 'name', lastName: 'name', email: 'email', phone: 'phone', relationshipToBusiness: 'name',
  idDocumentType: 'docType', idDocumentNumber: 'name', idIssuingCountry: 'country',
} as const satisfies Record<(typeof representativeFieldNames)[number], Kind>;
const officerKinds = { firstName: 'name', lastName: 'name', role: 'name', email: 'email' } as const satisfies Record<(typeof officerFieldNames)[number], Kind>;
const ownerKinds = {
  firstName: 'name', lastName: 'name', dateOfBirth: 'date', nationality: 'country', email: 'email',
} as const satisfies Record<(typeof ownerFieldNames)[number], Kind>;

export type BusinessValues = { [K in keyof typeof businessKinds]?: string };
export type ContactValues = { [K in keyof typeof contactKinds]?: string };
export type RepresentativeValues = { [K in keyof typeof representativeKinds]?: string } & { isAuthorised?: boolean };
export type OfficerValues = { [K in keyof typeof officerKinds]?: string };
export type OfficersValues = { items?: OfficerValues[] };
/** `share` in percent (0 < share ≤ 100); null while the input is empty. */
export type OwnerValues = { [K in keyof typeof ownerKinds]?: string } & { share?: number | null };
export type OwnershipValues = { owners?: OwnerValues[] };
export type QuestionAnswer = string | string[];
export type QuestionsValues = { answers?: Record<string, QuestionAnswer> };
/** Filled from the uploaded documents, not typed by the user. */
export type DocumentsValues = { files?: { id: string; kind: string }[] };
/** Filled from the representative's liveness step. */
export type LivenessValues = { status?: 'not_started' | 'pending' | 'passed' | 'failed' | 'not_live' };
export interface CompanyFormValues {
  business?: BusinessValues;
  contact?: ContactValues;
  representative?: RepresentativeValues;
  officers?: OfficersValues;
  ownership?: OwnershipValues;
  documents?: DocumentsValues;
  liveness?: LivenessValues;
  questions?: QuestionsValues;
}

// ---- format checks --------------------------------------------------------------------------
/** Control characters are refused everywhere; long texts may hold line breaks and tabs. */
function hasControlChars(v: string, multiLine: boolean): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && !(multiLine && (c === 0x09 || c === 0x0a || c === 0x0d)))) return true;
  }
  return false;
}

export function isValidEmail(v: string): boolean {
  return v.length <= 254 && z.regexes.email.test(v);
}
/** International format required (`+` and country calling code): one number, any country. */
export function isValidPhone(v: string): boolean {
  return v.startsWith('+') && isValidPhoneNumber(v);
}
export function isValidDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
/** Accepts `example.com` as well as `https://example.com`; only http(s) with a dotted host. */
export function isValidWebsite(v: string): boolean {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`);
    return (u.protocol === 'https:' || u.protocol === 'http:') && /\.[a-z0-9-]{2,}$/i.test(u.hostname);
  } catch {
    return false;
  }
}

function formatError(kind: Kind, v: string): FormErrorKey | null {
  if (hasControlChars(v, kind === 'longText')) return E.invalid;
  switch (kind) {
    case 'email': return isValidEmail(v) ? null : E.email;
    case 'phone': return isValidPhone(v) ? null : E.phone;
    case 'country': return /^[A-Z]{3}$/.test(v) ? null : E.country;
    case 'url': return isValidWebsite(v) ? null : E.url;
    case 'date': return isValidDate(v) ? null : E.date;
    case 'bvn': return /^\d{11}$/.test(v) ? null : E.bvn;
    case 'docType': return docTypeSchema.safeParse(v).success ? null : E.invalid;
    default: return null;
  }
}

/** Strict field: trimmed; empty is an error only when required; otherwise the format must hold. */
function strictField(kind: Kind, required: boolean, max = fieldMaxLength[kind]) {
  const s = z.string({ error: E.required }).trim().max(max, E.tooLong).superRefine((v, ctx) => {
    if (v === '') {
      if (required) ctx.addIssue({ code: 'custom', message: E.required });
      return;
    }
    const err = formatError(kind, v);
    if (err) ctx.addIssue({ code: 'custom', message: err });
  });
  return required ? s : s.optional();
}

/** Draft field: right type and capped length; no format checks (the person is still typing). */
const looseField = (kind: Kind) => z.string().max(fieldMaxLength[kind], E.tooLong).optional();

/** Typed per key, so the draft schemas infer `{ legalName?: string; … }` for the web form. */
function looseObject<K extends Record<string, Kind>>(kinds: K): { [P in keyof K]: ReturnType<typeof looseField> } {
  return Object.fromEntries(Object.entries(kinds).map(([k, kind]) => [k, looseField(kind)])) as { [P in keyof K]: ReturnType<typeof looseField> };
}
function strictObject(kinds: Record<string, Kind>, required: readonly string[]) {
  return Object.fromEntries(Object.entries(kinds).map(([k, kind]) => [k, strictField(kind, required.includes(k))]));
}

// ---- draft (autosave) schemas ----------------------------------------------------------------
const looseShare = z.number().finite().nullable().optional();
const ANSWER_MAX = 5000;
export const companyDraftSectionSchemas = {
  business: z.object(looseObject(businessKinds)),
  contact: z.object(looseObject(contactKinds)),
  representative: z.object({ ...looseObject(representativeKinds), isAuthorised: z.boolean().optional() }),
  officers: z.object({ items: z.array(z.object(looseObject(officerKinds))).max(MAX_OFFICERS, E.tooMany).optional() }),
  ownership: z.object({
    owners: z.array(z.object({ ...looseObject(ownerKinds), share: looseShare })).max(MAX_OWNERS, E.tooMany).optional(),
  }),
  questions: z.object({
    answers: z.record(
      z.string().max(40),
      z.union([z.string().max(ANSWER_MAX, E.tooLong), z.array(z.string().max(100)).max(50)]),
    ).refine((r) => Object.keys(r).length <= 50, E.tooMany).optional(),
  }),
} satisfies Record<DraftSectionId, z.ZodType>;

// ---- strict (step / submit) schemas ----------------------------------------------------------
/**
 * Cross-field rules run even when a field of the object already failed (zod skips them by
 * default), so a person sees every problem at once. Their input may then be partly invalid:
 * they read it defensively.
 */
const always = { when: () => true };
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function businessSchema(c: CampaignDefinition) {
  // The BVN's requirement follows the country, not the campaign's list (businessFieldRequired).
  const listed = c.requiredFields.business.filter((f) => f !== 'businessBvn');
  const checked = z.object(strictObject(businessKinds, listed)).superRefine((value, ctx) => {
    const b = rec(value);
    const country = str(b.countryOfRegistration);
    if (country && c.allowedCountries.length > 0 && /^[A-Z]{3}$/.test(country) && !c.allowedCountries.includes(country)) {
      ctx.addIssue({ code: 'custom', path: ['countryOfRegistration'], message: E.countryNotAllowed });
    }
    if (businessFieldRequired(c, 'businessBvn', country) && !str(b.businessBvn)) {
      ctx.addIssue({ code: 'custom', path: ['businessBvn'], message: E.required });
    }
  }, always);
  // Outside BVN countries the field is not shown: a leftover value (typed before the country
  // changed, or sent by another client) is dropped before any check, so it can never block.
  return z.preprocess((value) => {
    const b = rec(value);
    if (b !== value || !('businessBvn' in b) || countryNeedsBvn(str(b.countryOfRegistration))) return value;
    const { businessBvn: _dropped, ...rest } = b;
    return rest;
  }, checked);
}

function representativeSchema(c: CampaignDefinition) {
  return z.object({
    ...strictObject(representativeKinds, c.requiredFields.representative),
    // The explicit "I am authorised to act for this business" attestation.
    isAuthorised: z.literal(true, { error: E.authorised }),
  });
}

function ownershipSchema(c: CampaignDefinition) {
  const owner = z.object({
    ...strictObject(ownerKinds, c.requiredFields.owner),
    share: z.number({ error: E.share }).gt(0, E.share).max(100, E.share),
  });
  return z.object({ owners: z.array(owner).max(MAX_OWNERS, E.tooMany).default([]) }).superRefine((o, ctx) => {
    if (ownershipTotal(arr(rec(o).owners)) > 100) ctx.addIssue({ code: 'custom', path: ['owners'], message: E.ownershipTotal });
  }, always);
}

/** Sum of the owners' numeric shares, in percent, exact to the hundredth (33.33+33.33+33.34 = 100). */
export function ownershipTotal(owners: readonly unknown[]): number {
  const hundredths = owners.reduce<number>((n, x) => {
    const share = rec(x).share;
    return n + (typeof share === 'number' && Number.isFinite(share) ? Math.round(share * 100) : 0);
  }, 0);
  return hundredths / 100;
}

function answerSchema(q: CustomQuestion) {
  const values = q.options.map((o) => o.value);
  const text = (max: number) => strictField(max > 500 ? 'longText' : 'text', q.required, max);
  const oneOf = (allowed: string[]) => {
    const s = z.string({ error: E.required }).superRefine((v, ctx) => {
      if (v === '') { if (q.required) ctx.addIssue({ code: 'custom', message: E.required }); return; }
      if (!allowed.includes(v)) ctx.addIssue({ code: 'custom', message: E.choice });
    });
    return q.required ? s : s.optional();
  };
  switch (q.type) {
    case 'short_text': return text(500);
    case 'long_text': return text(ANSWER_MAX);
    case 'single_choice': return oneOf(values);
    case 'yes_no': return oneOf(['yes', 'no']);
    case 'date': return strictField('date', q.required);
    case 'multiple_choice': {
      const s = z.array(z.string().refine((v) => values.includes(v), E.choice), { error: E.required })
        .refine((a) => new Set(a).size === a.length, E.choice)
        .refine((a) => !q.required || a.length > 0, E.required);
      return q.required ? s : s.optional();
    }
  }
}

function questionsSchema(c: CampaignDefinition) {
  const shape = Object.fromEntries(c.questions.map((q) => [q.id, answerSchema(q)]));
  return z.object({ answers: z.object(shape).prefault({}) });
}

function documentsSchema(c: CampaignDefinition) {
  return z.object({ files: z.array(z.object({ id: z.string(), kind: z.string() })).default([]) }).superRefine((d, ctx) => {
    const files = arr(rec(d).files).map(rec);
    for (const req of c.documents) {
      const n = files.filter((f) => f.kind === req.kind).length;
      if (req.required && n === 0) ctx.addIssue({ code: 'custom', path: [req.kind], message: E.documentRequired });
      if (n > req.maxFiles) ctx.addIssue({ code: 'custom', path: [req.kind], message: E.tooManyFiles });
    }
  }, always);
}

function livenessSchema(c: CampaignDefinition) {
  return z.object({ status: z.enum(['not_started', 'pending', 'passed', 'failed', 'not_live']).default('not_started') }).superRefine((l, ctx) => {
    // Done means a final outcome: a failed check is the reviewer's to weigh (flag liveness_failed).
    if (c.livenessRequired && !['passed', 'failed', 'not_live'].includes(String(rec(l).status))) ctx.addIssue({ code: 'custom', path: ['status'], message: E.livenessRequired });
  }, always);
}

/** The strict schema of one section (what a step validates before "Continue"). */
export function buildSectionSchema(c: CampaignDefinition, section: keyof CompanyFormValues): z.ZodType {
  switch (section) {
    case 'business': return businessSchema(c);
    case 'contact': return z.object(strictObject(contactKinds, c.requiredFields.contact));
    case 'representative': return representativeSchema(c);
    case 'officers': {
      const officer = z.object(strictObject(officerKinds, c.requiredFields.officer));
      return z.object({ items: z.array(officer).max(MAX_OFFICERS, E.tooMany).default([]) });
    }
    case 'ownership': return ownershipSchema(c);
    case 'documents': return documentsSchema(c);
    case 'liveness': return livenessSchema(c);
    case 'questions': return questionsSchema(c);
  }
}

/** Sections of the form a campaign asks for, in its step order ('review' is not a section). */
export function campaignSections(c: CampaignDefinition): (keyof CompanyFormValues)[] {
  return c.steps.filter((s): s is Exclude<typeof s, 'review'> => s !== 'review');
}

/**
 * The whole form as submitted: one strict schema per section of the campaign's steps (sections
 * the campaign leaves out are stripped). Issue paths are `<section>.<field>[.<index>…]`.
 */
export function buildCompanySubmitSchema(c: CampaignDefinition): z.ZodType<CompanyFormValues, CompanyFormValues> {
  const shape = Object.fromEntries(campaignSections(c).map((s) => [s, buildSectionSchema(c, s).prefault({})]));
  return z.object(shape) as unknown as z.ZodType<CompanyFormValues, CompanyFormValues>;
}
