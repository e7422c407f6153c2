import { describe, expect, it } from 'vitest';
import { keyBody, keyFormDefaults } from './key-form';

describe('key form bodies', () => {
  const filled = { ...keyFormDefaults(), name: ' Shop ', eventsUrl: 'https://a.example/e', origins: 'https://a.example\n https://b.example ', brandName: 'Acme' };

  it('create: leaves unset fields out, splits origins, keeps the mode', () => {
    expect(keyBody(filled, false)).toEqual({
      name: 'Shop', mode: 'test', eventsUrl: 'https://a.example/e', decisionUrl: undefined,
      origins: ['https://a.example', 'https://b.example'], branding: { name: 'Acme', accentColor: undefined, logoUrl: undefined, privacyPolicyUrl: undefined },
      defaultLanguage: undefined, decisions: undefined, selfieUpload: undefined, retentionDays: undefined, reviewSlaHours: undefined,
    });
    expect(keyBody({ ...filled, language: 'yo' }, false).defaultLanguage).toBe('yo');
  });

  it('risk: create sends only the rules that differ from the defaults; update sends them all and clears emptied numbers', () => {
    const risk = { ...filled.risk, duplicate_face: 'decline' as const };
    expect(keyBody({ ...filled, risk, minimumAge: '18', embeddingDays: '' }, false)).toMatchObject({ riskRules: { duplicate_face: 'decline' }, minimumAge: 18, embeddingRetentionDays: undefined });
    expect(keyBody(filled, false).riskRules).toBeUndefined();
    const update = keyBody({ ...filled, risk, minimumAge: '', embeddingDays: '365' }, true);
    expect(update).toMatchObject({ riskRules: { ...filled.risk, duplicate_face: 'decline' }, minimumAge: null, embeddingRetentionDays: 365 });
    // Not digits: sent as typed, for the server's contract to refuse at the field.
    expect(keyBody({ ...filled, minimumAge: 'old' }, true).minimumAge).toBe('old');
  });

  it('liveness rounds: the value of the key fills the field; empty on create is left out (server default), on update cleared', () => {
    expect(keyFormDefaults({ branding: {}, livenessMaxRounds: 5 } as never).livenessRounds).toBe('5');
    expect(keyBody({ ...filled, livenessRounds: '4' }, false).livenessMaxRounds).toBe(4);
    expect(keyBody(filled, false).livenessMaxRounds).toBeUndefined();
    expect(keyBody(filled, true).livenessMaxRounds).toBeNull();
  });

  it('screening monitoring: off by default and left out on create, sent when on; an update always says which', () => {
    expect(keyFormDefaults().amlMonitoring).toBe(false);
    expect(keyFormDefaults({ branding: {}, amlMonitoring: true } as never).amlMonitoring).toBe(true);
    expect(keyBody(filled, false).amlMonitoring).toBeUndefined();
    expect(keyBody({ ...filled, amlMonitoring: true }, false).amlMonitoring).toBe(true);
    expect(keyBody(filled, true).amlMonitoring).toBe(false);
  });

  it('update: an emptied field is cleared (null), the mode cannot change', () => {
    const body = keyBody({ ...filled, eventsUrl: '', brandName: '' }, true);
    expect(body).toMatchObject({ eventsUrl: null, decisionUrl: null, branding: { name: null, accentColor: null, logoUrl: null } });
    expect(body).not.toHaveProperty('mode');
    // No language chosen any more: back to the browser's.
    expect(body.defaultLanguage).toBeNull();
    expect(keyBody({ ...filled, language: 'fa' }, true).defaultLanguage).toBe('fa');
  });

  it('review settings: what the key sets fills the form; create leaves defaults out; update sends all, empty numbers cleared', () => {
    const k = { branding: { privacyPolicyUrl: 'https://shop.example/privacy' }, decisions: 'review', selfieUpload: true, retentionDays: 30, reviewSlaHours: 8 } as never;
    expect(keyFormDefaults(k)).toMatchObject({ decisions: 'review', selfieUpload: true, privacyUrl: 'https://shop.example/privacy', retentionDays: '30', slaHours: '8' });
    expect(keyBody({ ...filled, decisions: 'review', slaHours: '4', privacyUrl: 'https://a.example/p' }, false)).toMatchObject({ decisions: 'review', reviewSlaHours: 4, branding: { privacyPolicyUrl: 'https://a.example/p' } });
    expect(keyBody(filled, true)).toMatchObject({ decisions: 'auto', selfieUpload: false, retentionDays: null, reviewSlaHours: null, branding: { privacyPolicyUrl: null } });
  });
});
