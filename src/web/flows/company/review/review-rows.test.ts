import { describe, expect, it } from 'vitest';
import { campaignDefinitionSchema } from '../../../../contract/campaign';
import { reviewRows, type ReviewText } from './review-rows';

const campaign = campaignDefinitionSchema.parse({
  steps: ['business', 'ownership', 'documents', 'questions', 'review'],
  livenessRequired: false,
  questions: [
    { id: 'size', label: 'Staff', labels: { fr: 'Effectif' }, type: 'single_choice', options: [{ value: 's', label: 'Small', labels: { fr: 'Petit' } }, { value: 'l', label: 'Large' }] },
    { id: 'ok', label: 'Regulated?', type: 'yes_no' },
    { id: 'since', label: 'Founded', type: 'date' },
  ],
});
const dict: Record<string, string> = {
  'business.types.private_limited': 'Private limited company',
  'questions.yes': 'Yes',
  'documents.kinds.business_registration.title': 'Registration certificate',
};
const tx = (language: string): ReviewText => ({
  t: (key, options) => (key === 'ownership.percent' ? `${String(options?.value)} %` : (dict[key] ?? key)),
  country: (code) => ({ GBR: 'United Kingdom' })[code] ?? code,
  language,
});

describe('review rows', () => {
  it('shows codes, countries and choices in words', () => {
    const rows = reviewRows('business', { business: { registrationType: 'private_limited', countryOfRegistration: 'GBR' } }, campaign, [], false, tx('en'));
    expect(rows.find((r) => r.label === 'business.registrationType')?.value).toBe('Private limited company');
    expect(rows.find((r) => r.label === 'business.countryOfRegistration')?.value).toBe('United Kingdom');
    expect(rows.find((r) => r.label === 'business.legalName')?.value).toBe('');
  });

  it('keeps an unknown code as typed', () => {
    const rows = reviewRows('business', { business: { registrationType: 'trust' } }, campaign, [], false, tx('en'));
    expect(rows.find((r) => r.label === 'business.registrationType')?.value).toBe('trust');
  });

  it('answers in the campaign language, with dates written out', () => {
    const rows = reviewRows('questions', { questions: { answers: { size: 's', ok: 'yes', since: '2001-02-03' } } }, campaign, [], false, tx('fr'));
    expect(rows).toEqual([
      { label: 'Effectif', value: 'Petit' },
      { label: 'Regulated?', value: 'Yes' },
      { label: 'Founded', value: '3 février 2001' },
    ]);
  });

  it('lists owners with shares and documents by kind', () => {
    const owners = reviewRows('ownership', { ownership: { owners: [{ firstName: 'Ann', lastName: 'Lee', share: 12.5 }] } }, campaign, [], false, tx('en'));
    expect(owners[0]?.value).toBe('Ann Lee · 12.5 %');
    const docs = reviewRows('documents', {}, campaign, [
      { id: 'd1', kind: 'business_registration', fileName: 'a.pdf', contentType: 'application/pdf', size: 1, uploadedAt: '' },
    ], false, tx('en'));
    expect(docs[0]).toEqual({ label: 'Registration certificate', value: 'a.pdf' });
    expect(docs[1]?.value).toBe('');
  });
});
