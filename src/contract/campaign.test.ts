import { describe, expect, it } from 'vitest';
import {
  campaignDefinitionSchema, createCampaignBodySchema, defaultCampaignDefinition, DEFAULT_OWNERSHIP_THRESHOLD,
} from './campaign';

const parse = (v: unknown) => campaignDefinitionSchema.safeParse(v);
const messagesOf = (v: unknown) => {
  const r = parse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('campaign definition', () => {
  it('fills every default: steps, required fields, documents, threshold, liveness', () => {
    const d = defaultCampaignDefinition;
    expect(d.steps).toEqual(['business', 'contact', 'representative', 'officers', 'ownership', 'documents', 'liveness', 'review']);
    expect(d.ownershipThreshold).toBe(DEFAULT_OWNERSHIP_THRESHOLD);
    expect(d.ownershipThreshold).toBe(25);
    expect(d.documents.map((x) => x.kind)).toEqual(['business_registration', 'proof_of_address']);
    expect(d.documents.every((x) => x.required && x.maxFiles === 3)).toBe(true);
    expect(d.requiredFields.business).toContain('legalName');
    expect(d.requiredFields.business).not.toContain('businessBvn');
    expect(d.requiredFields.owner).toEqual(['firstName', 'lastName']);
    expect(d.questions).toEqual([]);
    expect(d.allowedCountries).toEqual([]);
    expect(d.livenessRequired).toBe(true);
    // The seeded definition round-trips through the schema unchanged (stored as JSON).
    expect(campaignDefinitionSchema.parse(JSON.parse(JSON.stringify(d)))).toEqual(d);
  });

  it('accepts a custom campaign with every question type', () => {
    const r = parse({
      steps: ['business', 'questions', 'review'],
      livenessRequired: false,
      ownershipThreshold: 10,
      allowedCountries: ['NGA', 'GHA'],
      documents: [{ kind: 'tax_certificate', maxFiles: 1 }],
      questions: [
        { id: 'volume', label: 'Monthly volume', labels: { fr: 'Volume mensuel' }, type: 'short_text', required: true },
        { id: 'about', label: 'About', type: 'long_text' },
        { id: 'size', label: 'Size', type: 'single_choice', options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large' }] },
        { id: 'markets', label: 'Markets', type: 'multiple_choice', options: [{ value: 'eu', label: 'EU' }, { value: 'us', label: 'US' }] },
        { id: 'pep', label: 'PEP?', type: 'yes_no', required: true },
        { id: 'founded', label: 'Founded', type: 'date' },
      ],
    });
    expect(r.success).toBe(true);
    expect(r.data!.documents[0]).toMatchObject({ kind: 'tax_certificate', required: true, maxFiles: 1 });
    expect(r.data!.questions[1]!.required).toBe(false);
  });

  it('refuses inconsistent definitions with a message per problem', () => {
    expect(messagesOf({ steps: ['business', 'review', 'contact'], livenessRequired: false })).toEqual(['steps: review must be the last step']);
    expect(messagesOf({ steps: ['business', 'business'], livenessRequired: false })).toEqual(['steps: steps must be unique']);
    expect(messagesOf({ steps: ['business'] })).toEqual(['livenessRequired: liveness is required but not a step']);
    expect(messagesOf({ questions: [{ id: 'a', label: 'A', type: 'yes_no' }] })).toEqual(['steps: custom questions need the questions step']);
    expect(messagesOf({ steps: ['questions'], livenessRequired: false })).toEqual(['questions: the questions step needs at least one question']);
    expect(messagesOf({ documents: [] })).toEqual(['documents: the documents step needs at least one document kind']);
    expect(messagesOf({ documents: [{ kind: 'x1' }, { kind: 'x1' }] })).toEqual(['documents: document kinds must be unique']);
  });

  it('validates questions, thresholds, countries and field names', () => {
    const q = (extra: object) => ({ steps: ['questions'], livenessRequired: false, questions: [{ id: 'q1', label: 'Q', ...extra }] });
    expect(parse(q({ type: 'single_choice', options: [{ value: 'a', label: 'A' }] })).success).toBe(false);
    expect(parse(q({ type: 'single_choice', options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }] })).success).toBe(false);
    expect(parse(q({ type: 'short_text', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] })).success).toBe(false);
    expect(parse(q({ type: 'essay' })).success).toBe(false);
    expect(parse(q({ type: 'yes_no', id: 'Bad Id' })).success).toBe(false);
    expect(parse({ ownershipThreshold: 0 }).success).toBe(false);
    expect(parse({ ownershipThreshold: 101 }).success).toBe(false);
    expect(parse({ allowedCountries: ['ng'] }).success).toBe(false);
    expect(parse({ requiredFields: { business: ['legalName', 'shoeSize'] } }).success).toBe(false);
    expect(parse({ documents: [{ kind: 'proof_of_address', maxFiles: 11 }] }).success).toBe(false);
  });

  it('checks the admin create body: id shape and name', () => {
    expect(createCampaignBodySchema.safeParse({ name: 'Onboarding', definition: {} }).success).toBe(true);
    expect(createCampaignBodySchema.safeParse({ id: 'Bad Id!', name: 'x', definition: {} }).success).toBe(false);
    expect(createCampaignBodySchema.safeParse({ id: 'ok-1', name: '  ', definition: {} }).success).toBe(false);
  });
});
