import { describe, expect, it } from 'vitest';
import { campaignDefinitionSchema, defaultCampaignDefinition, type CampaignDefinitionInput } from './campaign';
import {
  buildCompanySubmitSchema, buildSectionSchema, businessFieldRequired, companyDraftSectionSchemas, formErrors, isValidEmail, isValidPhone,
  type CompanyFormValues,
} from './company-form';

const campaign = (input: CampaignDefinitionInput = {}) => campaignDefinitionSchema.parse(input);
const issues = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
};

export const validForm: CompanyFormValues = {
  business: {
    legalName: 'Acme Ltd', registrationNumber: 'RC123456', registrationType: 'private_limited',
    countryOfRegistration: 'GBR', industry: 'software', description: 'We build things', website: 'acme.example',
  },
  contact: { generalEmail: 'hello@acme.example', generalPhone: '+442079460958', addressLine1: '1 High St', city: 'London', country: 'GBR' },
  representative: {
    firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example', phone: '+447911123456', relationshipToBusiness: 'director',
    isAuthorised: true, idDocumentType: 'PASSPORT', idDocumentNumber: 'X1234567', idIssuingCountry: 'GBR',
  },
  officers: { items: [{ firstName: 'Ada', lastName: 'Lovelace', role: 'director', email: '' }] },
  ownership: { owners: [{ firstName: 'Ada', lastName: 'Lovelace', share: 60 }, { firstName: 'Bob', lastName: 'Smith', share: 40 }] },
  documents: { files: [{ id: 'd1', kind: 'business_registration' }, { id: 'd2', kind: 'proof_of_address' }] },
  liveness: { status: 'passed' },
};
const withSection = <K extends keyof CompanyFormValues>(k: K, v: CompanyFormValues[K]): CompanyFormValues => ({ ...validForm, [k]: v });

describe('company submit schema', () => {
  const schema = buildCompanySubmitSchema(defaultCampaignDefinition);

  it('accepts a complete form and trims strings', () => {
    const r = schema.safeParse(withSection('business', { ...validForm.business, legalName: '  Acme Ltd ' }));
    expect(r.success).toBe(true);
    expect(r.data!.business!.legalName).toBe('Acme Ltd');
  });

  it('names every missing required field with the required key', () => {
    const errs = issues(schema, {});
    for (const p of ['business.legalName', 'business.registrationNumber', 'business.countryOfRegistration', 'contact.generalEmail',
      'contact.city', 'representative.firstName', 'representative.idDocumentNumber']) {
      expect(errs[p], p).toBe(formErrors.required);
    }
    expect(errs['representative.isAuthorised']).toBe(formErrors.authorised);
    expect(errs['documents.business_registration']).toBe(formErrors.documentRequired);
    expect(errs['liveness.status']).toBe(formErrors.livenessRequired);
    // Optional fields and empty lists are fine.
    expect(errs['business.website']).toBeUndefined();
    expect(errs['officers.items']).toBeUndefined();
    expect(Object.values(errs).every((m) => m.startsWith('errors.'))).toBe(true);
  });

  it('validates emails', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org']) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['plain', 'a@b', 'a@@b.co', 'a b@c.co', '@c.co', 'a@.co']) expect(isValidEmail(bad), bad).toBe(false);
    expect(issues(schema, withSection('contact', { ...validForm.contact, generalEmail: 'not-an-email' }))).toEqual({ 'contact.generalEmail': formErrors.email });
    // Optional emails may stay empty but must be valid when given.
    expect(issues(schema, withSection('officers', { items: [{ firstName: 'A', lastName: 'B', role: 'cfo', email: 'x@' }] })))
      .toEqual({ 'officers.items.0.email': formErrors.email });
  });

  it('validates phone numbers in international format with the numbering plan', () => {
    for (const ok of ['+2348031234567', '+14155552671', '+442079460958']) expect(isValidPhone(ok), ok).toBe(true);
    for (const bad of ['08031234567', '+15555555555', '+2341234', '+44 abc', '']) expect(isValidPhone(bad), bad).toBe(false);
    expect(issues(schema, withSection('representative', { ...validForm.representative, phone: '12345' })))
      .toEqual({ 'representative.phone': formErrors.phone });
  });

  it('requires businessBvn (11 digits) when the country is Nigeria, and only then', () => {
    const nga = withSection('business', { ...validForm.business, countryOfRegistration: 'NGA' });
    expect(issues(schema, nga)).toEqual({ 'business.businessBvn': formErrors.required });
    expect(issues(schema, withSection('business', { ...nga.business, businessBvn: '1234' }))).toEqual({ 'business.businessBvn': formErrors.bvn });
    expect(schema.safeParse(withSection('business', { ...nga.business, businessBvn: '22212345678' })).success).toBe(true);
    expect(schema.safeParse(withSection('business', { ...validForm.business, businessBvn: '' })).success).toBe(true);
  });

  it('follows the country, not the campaign, for businessBvn: a UK company continues under a campaign listing it', () => {
    const listing = campaign({ requiredFields: { business: ['legalName', 'countryOfRegistration', 'businessBvn'] } });
    const strict = buildCompanySubmitSchema(listing);
    const section = buildSectionSchema(listing, 'business');
    const gbr = { legalName: 'Acme Ltd', countryOfRegistration: 'GBR' };
    expect(issues(strict, withSection('business', gbr))).toEqual({});
    expect(section.safeParse(gbr).success).toBe(true);
    const nga = { legalName: 'Acme Ltd', countryOfRegistration: 'NGA' };
    expect(issues(section, nga)).toEqual({ businessBvn: formErrors.required });
    expect(issues(section, { ...nga, businessBvn: '22212345678' })).toEqual({});
    expect(businessFieldRequired(listing, 'businessBvn', 'GBR')).toBe(false);
    expect(businessFieldRequired(listing, 'businessBvn', 'NGA')).toBe(true);
    expect(businessFieldRequired(defaultCampaignDefinition, 'businessBvn', 'NGA')).toBe(true);
    expect(businessFieldRequired(listing, 'legalName', 'GBR')).toBe(true);
    expect(businessFieldRequired(listing, 'industry', 'GBR')).toBe(false);
  });

  it('drops a leftover BVN outside BVN countries instead of refusing a field nobody sees', () => {
    const r = buildSectionSchema(defaultCampaignDefinition, 'business').safeParse({ ...validForm.business, businessBvn: '12ab' });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('businessBvn');
    expect(r.data).toMatchObject({ legalName: 'Acme Ltd', countryOfRegistration: 'GBR' });
  });

  it('refuses ownership over 100 % and invalid shares', () => {
    const owners = (...shares: (number | null)[]) => withSection('ownership', { owners: shares.map((share) => ({ firstName: 'A', lastName: 'B', share })) });
    expect(issues(schema, owners(60, 41))).toEqual({ 'ownership.owners': formErrors.ownershipTotal });
    expect(schema.safeParse(owners(33.33, 33.33, 33.34)).success).toBe(true);
    expect(schema.safeParse(owners()).success).toBe(true);
    expect(issues(schema, owners(0))).toEqual({ 'ownership.owners.0.share': formErrors.share });
    expect(issues(schema, owners(null))).toEqual({ 'ownership.owners.0.share': formErrors.share });
    expect(issues(schema, owners(120))['ownership.owners.0.share']).toBe(formErrors.share);
  });

  it('checks website, dates, countries, document types and control characters', () => {
    expect(issues(schema, withSection('business', { ...validForm.business, website: 'not a site' }))).toEqual({ 'business.website': formErrors.url });
    expect(issues(schema, withSection('business', { ...validForm.business, website: 'javascript:alert(1)' }))).toEqual({ 'business.website': formErrors.url });
    expect(issues(schema, withSection('business', { ...validForm.business, countryOfRegistration: 'gb' }))).toEqual({ 'business.countryOfRegistration': formErrors.country });
    expect(issues(schema, withSection('business', { ...validForm.business, legalName: 'Acme\u0000' }))).toEqual({ 'business.legalName': formErrors.invalid });
    expect(issues(schema, withSection('business', { ...validForm.business, legalName: 'x'.repeat(201) }))).toEqual({ 'business.legalName': formErrors.tooLong });
    expect(issues(schema, withSection('representative', { ...validForm.representative, idDocumentType: 'LIBRARY_CARD' })))
      .toEqual({ 'representative.idDocumentType': formErrors.invalid });
    expect(issues(schema, withSection('ownership', { owners: [{ firstName: 'A', lastName: 'B', share: 10, dateOfBirth: '1990-02-30' }] })))
      .toEqual({ 'ownership.owners.0.dateOfBirth': formErrors.date });
  });

  it('applies the campaign: required fields, allowed countries, dropped steps, optional liveness', () => {
    const c = campaign({
      steps: ['business', 'review'], livenessRequired: false, allowedCountries: ['NGA', 'GHA'],
      requiredFields: { business: ['legalName', 'website'] },
    });
    const s = buildCompanySubmitSchema(c);
    expect(issues(s, { business: { legalName: 'Acme', countryOfRegistration: 'GBR' } })).toEqual({
      'business.website': formErrors.required, 'business.countryOfRegistration': formErrors.countryNotAllowed,
    });
    const r = s.safeParse({ business: { legalName: 'Acme', website: 'https://acme.example', countryOfRegistration: 'GHA' }, contact: { generalEmail: 'junk' } });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('contact');
    const optionalLiveness = buildSectionSchema(campaign({ livenessRequired: false }), 'liveness');
    expect(optionalLiveness.safeParse({ status: 'not_started' }).success).toBe(true);
  });

  it('enforces document maxFiles per kind', () => {
    const c = campaign({ documents: [{ kind: 'proof_of_address', maxFiles: 1 }, { kind: 'other', required: false }] });
    const docs = buildSectionSchema(c, 'documents');
    expect(issues(docs, { files: [{ id: 'a', kind: 'proof_of_address' }, { id: 'b', kind: 'proof_of_address' }] })).toEqual({ proof_of_address: formErrors.tooManyFiles });
    expect(docs.safeParse({ files: [{ id: 'a', kind: 'proof_of_address' }] }).success).toBe(true);
  });
});

describe('custom questions', () => {
  const c = campaign({
    steps: ['questions'], livenessRequired: false,
    questions: [
      { id: 'short', label: 'S', type: 'short_text', required: true },
      { id: 'long', label: 'L', type: 'long_text' },
      { id: 'one', label: 'O', type: 'single_choice', required: true, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
      { id: 'many', label: 'M', type: 'multiple_choice', required: true, options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }] },
      { id: 'yn', label: 'Y', type: 'yes_no', required: true },
      { id: 'when', label: 'W', type: 'date' },
    ],
  });
  const s = buildSectionSchema(c, 'questions');
  const ok = { short: 'hi', one: 'a', many: ['x', 'y'], yn: 'no' };

  it('accepts valid answers of every type and drops unknown ids', () => {
    const r = s.safeParse({ answers: { ...ok, long: 'line 1\nline 2', when: '2020-01-31', stranger: 'x' } });
    expect(r.success).toBe(true);
    expect((r.data as { answers: object }).answers).not.toHaveProperty('stranger');
  });

  it('requires required answers and checks each type', () => {
    expect(issues(s, { answers: {} })).toEqual({
      'answers.short': formErrors.required, 'answers.one': formErrors.required, 'answers.many': formErrors.required, 'answers.yn': formErrors.required,
    });
    expect(issues(s, { answers: { ...ok, short: '   ', many: [] } })).toEqual({ 'answers.short': formErrors.required, 'answers.many': formErrors.required });
    expect(issues(s, { answers: { ...ok, one: 'c', yn: 'maybe' } })).toEqual({ 'answers.one': formErrors.choice, 'answers.yn': formErrors.choice });
    expect(issues(s, { answers: { ...ok, many: ['x', 'z'] } })).toEqual({ 'answers.many.1': formErrors.choice });
    expect(issues(s, { answers: { ...ok, many: ['x', 'x'] } })).toEqual({ 'answers.many': formErrors.choice });
    expect(issues(s, { answers: { ...ok, when: '31/01/2020' } })).toEqual({ 'answers.when': formErrors.date });
    expect(issues(s, { answers: { ...ok, short: 'x'.repeat(501) } })).toEqual({ 'answers.short': formErrors.tooLong });
    expect(issues(s, { answers: { ...ok, long: 'x'.repeat(5001) } })).toEqual({ 'answers.long': formErrors.tooLong });
  });
});

describe('draft schemas (autosave)', () => {
  it('accept partial, unformatted data while typing', () => {
    expect(companyDraftSectionSchemas.business.safeParse({ legalName: 'Ac', countryOfRegistration: 'N' }).success).toBe(true);
    expect(companyDraftSectionSchemas.contact.safeParse({ generalEmail: 'half@' }).success).toBe(true);
    expect(companyDraftSectionSchemas.ownership.safeParse({ owners: [{ firstName: 'A', share: null }, { share: 150 }] }).success).toBe(true);
    expect(companyDraftSectionSchemas.questions.safeParse({ answers: { a: 'x', b: ['y'] } }).success).toBe(true);
  });

  it('refuse wrong types and oversized values, and strip unknown keys', () => {
    expect(companyDraftSectionSchemas.business.safeParse({ legalName: 42 }).success).toBe(false);
    expect(companyDraftSectionSchemas.business.safeParse({ legalName: 'x'.repeat(201) }).success).toBe(false);
    expect(companyDraftSectionSchemas.representative.safeParse({ isAuthorised: 'yes' }).success).toBe(false);
    expect(companyDraftSectionSchemas.officers.safeParse({ items: Array.from({ length: 51 }, () => ({})) }).success).toBe(false);
    expect(companyDraftSectionSchemas.ownership.safeParse({ owners: [{ share: '10' }] }).success).toBe(false);
    const r = companyDraftSectionSchemas.business.safeParse({ legalName: 'A', __proto__x: 1, script: '<b>' });
    expect(r.data).toEqual({ legalName: 'A' });
  });
});
