import { describe, expect, it } from 'vitest';
import type { HostedSession } from '../../../contract/hosted-individual';
import {
  STEP_IDS, applicableSteps, backAction, canSubmit, deriveStep, flowStateFrom, hasBack, historyModeFor,
  isStepId, nextStep, previousStep, requiredSlots, resolveStep, stepProgress, type FlowState,
} from './individual.flow';

function session(overrides: Partial<HostedSession> = {}): HostedSession {
  return {
    processId: 'p1',
    status: 'started',
    decision: null,
    phase: 'capture',
    closedReason: null,
    document: null,
    captured: { documentFront: false, documentBack: false, selfie: false },
    needsBack: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    redirect: null,
    branding: { name: 'Acme', logoUrl: null, accentColor: null, privacyPolicyUrl: null },
    resubmissionRequested: false,
    defaultLanguage: null,
    testMode: true,
    liveness: { status: 'not_performed', attemptsLeft: 3, selfieUploadAllowed: false },
    verificationId: 'v1',
    ...overrides,
  };
}

const passport = { document: { type: 'PASSPORT' as const, issuingState: 'FRA' }, needsBack: false };
const idCard = { document: { type: 'NATIONAL_ID' as const, issuingState: 'FRA' }, needsBack: true };
const all = { documentFront: true, documentBack: true, selfie: true };

const state = (overrides: Partial<HostedSession> = {}) => flowStateFrom(session(overrides));

describe('applicable steps', () => {
  it('skips the back side for a passport', () => {
    expect(applicableSteps(state(passport))).toEqual(
      ['welcome', 'document', 'document-front', 'selfie', 'review', 'submitting', 'done']);
  });

  it('includes the back side for cards', () => {
    expect(applicableSteps(state(idCard))).toContain('document-back');
  });

  it('uses the document table until the server says whether a back is needed', () => {
    const s: FlowState = { ...state(), docType: 'DRIVERS_LICENSE', needsBack: null };
    expect(hasBack(s)).toBe(true);
    expect(hasBack({ ...s, docType: 'PASSPORT' })).toBe(false);
    expect(hasBack({ ...s, needsBack: false })).toBe(false);
    expect(hasBack({ ...s, docType: null })).toBe(false);
  });
});

describe('deriveStep (resume from the server state)', () => {
  it('starts at welcome before the session is started', () => {
    expect(deriveStep(state({ phase: 'welcome', status: 'not started' }))).toBe('welcome');
  });

  it('asks for the document first', () => {
    expect(deriveStep(state())).toBe('document');
  });

  it('walks the captures in order', () => {
    expect(deriveStep(state(idCard))).toBe('document-front');
    expect(deriveStep(state({ ...idCard, captured: { documentFront: true, documentBack: false, selfie: false } })))
      .toBe('document-back');
    expect(deriveStep(state({ ...passport, captured: { documentFront: true, documentBack: false, selfie: false } })))
      .toBe('selfie');
    expect(deriveStep(state({ ...idCard, captured: all }))).toBe('review');
  });

  it('does not skip a missing front even when later captures exist (another device)', () => {
    expect(deriveStep(state({ ...idCard, captured: { documentFront: false, documentBack: true, selfie: true } })))
      .toBe('document-front');
  });

  it('counts this tab’s confirmed captures as done', () => {
    const s = flowStateFrom(session(idCard), { 'document-front': true });
    expect(deriveStep(s)).toBe('document-back');
  });

  it('sends submitted sessions to done and closed ones nowhere', () => {
    expect(deriveStep(state({ phase: 'submitted', status: 'completed' }))).toBe('done');
    expect(deriveStep(state({ phase: 'closed', closedReason: 'expired' }))).toBeNull();
  });

  it('reopens the captures on resubmission (server clears the capture flags)', () => {
    const s = state({ ...idCard, resubmissionRequested: true });
    expect(s.resubmission).toBe(true);
    expect(deriveStep(s)).toBe('document-front');
  });
});

describe('resolveStep (URL step validated against the server)', () => {
  const mid = state({ ...idCard, captured: { documentFront: true, documentBack: false, selfie: false } });

  it('honours earlier or current steps', () => {
    expect(resolveStep('document', mid)).toBe('document');
    expect(resolveStep('document-front', mid)).toBe('document-front');
    expect(resolveStep('document-back', mid)).toBe('document-back');
  });

  it('refuses to jump past what is done', () => {
    expect(resolveStep('selfie', mid)).toBe('document-back');
    expect(resolveStep('review', mid)).toBe('document-back');
  });

  it('never enters welcome, submitting or done from a URL in the capture phase', () => {
    const ready = state({ ...idCard, captured: all });
    expect(resolveStep('welcome', ready)).toBe('review');
    expect(resolveStep('submitting', ready)).toBe('review');
    expect(resolveStep('done', ready)).toBe('review');
  });

  it('ignores junk and steps that do not apply', () => {
    expect(resolveStep('nope', mid)).toBe('document-back');
    expect(resolveStep(null, mid)).toBe('document-back');
    const pass = state({ ...passport, captured: all });
    expect(resolveStep('document-back', pass)).toBe('review');
  });

  it('follows the server outside the capture phase whatever the URL says', () => {
    expect(resolveStep('selfie', state({ phase: 'welcome', status: 'not started' }))).toBe('welcome');
    expect(resolveStep('selfie', state({ phase: 'submitted' }))).toBe('done');
    expect(resolveStep('selfie', state({ phase: 'closed', closedReason: 'cancelled' }))).toBeNull();
  });
});

describe('nextStep', () => {
  it('goes from welcome to wherever the server state leads (resume)', () => {
    expect(nextStep('welcome', state())).toBe('document');
    expect(nextStep('welcome', state({ ...passport, captured: { documentFront: true, documentBack: false, selfie: false } })))
      .toBe('selfie');
  });

  it('chains the steps for a card and skips the back for a passport', () => {
    const card = state(idCard);
    expect(nextStep('document', card)).toBe('document-front');
    expect(nextStep('document-front', card)).toBe('document-back');
    expect(nextStep('document-back', card)).toBe('selfie');
    expect(nextStep('selfie', card)).toBe('review');
    expect(nextStep('review', card)).toBe('submitting');
    expect(nextStep('submitting', card)).toBe('done');
    expect(nextStep('done', card)).toBeNull();
    expect(nextStep('document-front', state(passport))).toBe('selfie');
  });

  it('recovers when the step no longer applies (document changed to a passport)', () => {
    expect(nextStep('document-back', state(passport))).toBe('document-front');
  });
});

describe('back navigation', () => {
  const card = state(idCard);

  it('steps back through the captures', () => {
    expect(previousStep('review', card)).toBe('selfie');
    expect(previousStep('selfie', card)).toBe('document-back');
    expect(previousStep('selfie', state(passport))).toBe('document-front');
    expect(previousStep('document-back', card)).toBe('document-front');
    expect(previousStep('document-front', card)).toBe('document');
  });

  it('offers no back to welcome, nor out of submitting and done', () => {
    expect(previousStep('document', card)).toBeNull();
    expect(previousStep('welcome', card)).toBeNull();
    expect(previousStep('submitting', card)).toBeNull();
    expect(previousStep('done', card)).toBeNull();
  });

  it('uses the browser history when we came from the previous step, else replaces', () => {
    expect(backAction('selfie', 'document-back', card)).toEqual({ kind: 'history-back' });
    expect(backAction('selfie', null, card)).toEqual({ kind: 'replace', step: 'document-back' });
    expect(backAction('selfie', 'review', card)).toEqual({ kind: 'replace', step: 'document-back' });
    expect(backAction('document', null, card)).toBeNull();
  });

  it('replaces history where the previous step can no longer be shown', () => {
    expect(historyModeFor('welcome', 'document')).toBe('replace');
    expect(historyModeFor(null, 'selfie')).toBe('replace');
    expect(historyModeFor('review', 'submitting')).toBe('replace');
    expect(historyModeFor('submitting', 'done')).toBe('replace');
    expect(historyModeFor('document', 'document-front')).toBe('push');
    expect(historyModeFor('selfie', 'review')).toBe('push');
  });
});

describe('progress and submit', () => {
  it('numbers the four visible steps', () => {
    expect(stepProgress('welcome')).toBeNull();
    expect(stepProgress('document')).toEqual({ current: 1, total: 4 });
    expect(stepProgress('document-front')).toEqual({ current: 2, total: 4 });
    expect(stepProgress('document-back')).toEqual({ current: 2, total: 4 });
    expect(stepProgress('selfie')).toEqual({ current: 3, total: 4 });
    expect(stepProgress('review')).toEqual({ current: 4, total: 4 });
    expect(stepProgress('done')).toBeNull();
  });

  it('lists required slots per document', () => {
    expect(requiredSlots(state(idCard))).toEqual(['document-front', 'document-back', 'selfie']);
    expect(requiredSlots(state(passport))).toEqual(['document-front', 'selfie']);
  });

  it('allows submit only with every required capture', () => {
    expect(canSubmit(state({ ...idCard, captured: all }))).toBe(true);
    expect(canSubmit(state({ ...idCard, captured: { ...all, documentBack: false } }))).toBe(false);
    expect(canSubmit(state({ ...passport, captured: { ...all, documentBack: false } }))).toBe(true);
    expect(canSubmit(state({ captured: all }))).toBe(false);
    expect(canSubmit(state({ ...idCard, captured: all, phase: 'submitted' }))).toBe(false);
  });

  it('recognises step ids', () => {
    for (const id of STEP_IDS) expect(isStepId(id)).toBe(true);
    expect(isStepId('selfies')).toBe(false);
    expect(isStepId(null)).toBe(false);
  });
});
