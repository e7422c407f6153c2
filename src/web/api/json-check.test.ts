import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, successEnvelopeSchema } from '../../contract/envelope';
import { campaignDefinitionSchema } from '../../contract/campaign';
import { hostedCompanySessionSchema } from '../../contract/hosted-company';
import { hostedErrorCodeSchema, hostedSessionSchema } from '../../contract/hosted-individual';
import { livenessChallengeSchema } from '../../contract/liveness-session';
import { companyWireSchemas, wireSchemas } from '../../contract/wire-schemas';
import { matches, type JsonSchema } from './json-check';

const committed = JSON.parse(readFileSync(new URL('./wire-schemas.json', import.meta.url), 'utf8')) as Record<string, JsonSchema>;
const committedCompany = JSON.parse(readFileSync(new URL('../flows/company/api/company-wire-schemas.json', import.meta.url), 'utf8')) as Record<string, JsonSchema>;

const session = {
  processId: 'p', status: 'started', decision: null, phase: 'capture', closedReason: null, document: { type: 'PASSPORT', issuingState: 'FRA' },
  captured: { documentFront: false, documentBack: false, selfie: false }, needsBack: false, expiresAt: '2026-01-01T00:00:00Z',
  redirect: null, branding: { name: '', logoUrl: null, accentColor: null, privacyPolicyUrl: null },
  defaultLanguage: 'fa', resubmissionRequested: false, liveness: { status: 'not_performed', attemptsLeft: 3, selfieUploadAllowed: false },
  testMode: true, verificationId: 'p',
};
const envelope = (data: unknown) => ({ status: true, message: 'ok', data, code: 200 });

/** Every field of `value` replaced, one at a time, by values of other kinds, and dropped. */
function* mutations(value: Record<string, unknown>, path: string[] = []): Generator<[string, unknown]> {
  for (const [k, v] of Object.entries(value)) {
    const at = [...path, k].join('.');
    for (const other of [null, 'x', '', -1, 1.5, true, [], {}, 'FRANCE', 'xx']) {
      if (other !== v) yield [`${at}=${JSON.stringify(other)}`, { ...value, [k]: other }];
    }
    const { [k]: _dropped, ...rest } = value;
    yield [`${at} missing`, rest];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [label, inner] of mutations(v as Record<string, unknown>, [...path, k])) yield [label, { ...value, [k]: inner }];
    }
  }
}

describe('wire schemas', () => {
  it('are the contract as generated now (run `npm run gen:wire-schemas` after a contract change)', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(wireSchemas())));
    expect(committedCompany).toEqual(JSON.parse(JSON.stringify(companyWireSchemas())));
  });

  it('accept and refuse a session exactly as the contract does, over every one-field change', () => {
    const full = successEnvelopeSchema(hostedSessionSchema);
    let refused = 0;
    for (const [label, data] of [['as is', session] as [string, unknown], ...mutations(session)]) {
      const expected = full.safeParse(envelope(data)).success;
      expect(matches(committed.sessionEnvelope!, envelope(data)), label).toBe(expected);
      if (!expected) refused += 1;
    }
    expect(refused).toBeGreaterThan(150);
    expect(matches(committed.sessionEnvelope!, { ...envelope(session), code: 201 })).toBe(false);
    expect(matches(committed.sessionEnvelope!, 'nope')).toBe(false);
  });

  it('checks challenges, error envelopes and error codes as the contract does', () => {
    const challenge = { challengeId: 'c', actions: ['blink', 'turn-left'], actionTimeoutMs: 12000, attempt: 1, maxAttempts: 3, expiresAt: 'x' };
    const full = successEnvelopeSchema(livenessChallengeSchema);
    const cases: Array<[string, unknown]> = [['as is', challenge], ...mutations(challenge),
      ['three actions', { ...challenge, actions: ['blink', 'blink', 'blink'] }], ['zero timeout', { ...challenge, actionTimeoutMs: 0 }]];
    for (const [label, data] of cases) {
      expect(matches(committed.challengeEnvelope!, envelope(data)), label).toBe(full.safeParse(envelope(data)).success);
    }
    const error = { status: false, message: 'Nope', error: { code: 'closed' }, code: 409 };
    for (const [label, data] of [['as is', error] as [string, unknown], ...mutations(error)]) {
      expect(matches(committed.errorEnvelope!, data), label).toBe(errorEnvelopeSchema.safeParse(data).success);
    }
    for (const code of [...hostedErrorCodeSchema.options, 'nope', 3, null]) {
      expect(matches(committed.hostedErrorCode!, code)).toBe(hostedErrorCodeSchema.safeParse(code).success);
    }
  });

  it('accept and refuse a company session as the contract does, over every one-field change outside the form values', () => {
    const company = {
      processId: 'cvp_1', verificationId: 'cv_1', status: 'started', statusCode: 2002, phase: 'form', closedReason: null,
      campaign: { id: 'default', name: 'Default', version: 1, definition: campaignDefinitionSchema.parse({}) },
      draft: { business: { legalName: 'Harbour Logistics Ltd', countryOfRegistration: 'NGA' }, contact: { generalPhone: '+2348031234570' } },
      documents: [], progress: { currentStep: 1, completedSteps: ['business'], submittedAt: null, consentedAt: '2026-01-01T00:00:00.000Z' },
      livenessStatus: 'not_started', livenessVerificationId: null, selfieUploadAllowed: false, expiresAt: '2030-01-01T00:00:00.000Z',
      redirect: null, branding: { name: 'Acme', logoUrl: null, accentColor: null, privacyPolicyUrl: null }, defaultLanguage: 'ha', testMode: true,
    };
    const full = successEnvelopeSchema(hostedCompanySessionSchema);
    expect(full.safeParse(envelope(company)).success).toBe(true);
    const shallow = [...mutations(company)].filter(([label]) => !/^(draft|campaign)\./.test(label));
    let refused = 0;
    for (const [label, data] of [['as is', company] as [string, unknown], ...shallow]) {
      const expected = full.safeParse(envelope(data)).success;
      expect(matches(committedCompany.sessionEnvelope!, envelope(data)), label).toBe(expected);
      if (!expected) refused += 1;
    }
    expect(refused).toBeGreaterThan(150);
  });

  it('throws on a keyword it does not know rather than passing it', () => {
    expect(() => matches({ uniqueItems: true }, [])).toThrow(/uniqueItems/);
  });
});
