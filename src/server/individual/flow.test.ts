import { describe, expect, it } from 'vitest';
import {
  captureBlocker, closedReasonOf, mediaAfterDocumentChoice, missingCaptures, needsBack, phaseOf, slotBlocker,
} from './flow';

const at = new Date('2026-01-05T10:00:00Z');
const base = { status: 'started', decision: null as string | null, submittedAt: null as Date | null };

describe('individual flow rules', () => {
  it('derives the phase from status, decision and submittedAt', () => {
    expect(phaseOf({ ...base, status: 'not started' })).toBe('welcome');
    expect(phaseOf(base)).toBe('capture');
    expect(phaseOf({ ...base, decision: 'submitted', submittedAt: at })).toBe('submitted');
    expect(phaseOf({ ...base, status: 'completed', decision: 'review', submittedAt: at })).toBe('submitted');
    // A resubmission reopens capture (submittedAt cleared).
    expect(phaseOf({ ...base, decision: 'resubmit' })).toBe('capture');
    for (const status of ['successful', 'failed', 'cancelled', 'abandoned']) {
      expect(phaseOf({ ...base, status, submittedAt: at })).toBe('closed');
    }
  });

  it('names why a link is closed, expiry first', () => {
    expect(closedReasonOf({ status: 'started', decision: null })).toBeNull();
    expect(closedReasonOf({ status: 'completed', decision: 'review' })).toBeNull();
    expect(closedReasonOf({ status: 'successful', decision: 'approved' })).toBe('successful');
    expect(closedReasonOf({ status: 'failed', decision: 'declined' })).toBe('failed');
    expect(closedReasonOf({ status: 'cancelled', decision: null })).toBe('cancelled');
    expect(closedReasonOf({ status: 'cancelled', decision: 'expired' })).toBe('expired');
    expect(closedReasonOf({ status: 'abandoned', decision: 'expired' })).toBe('expired');
  });

  it('allows captures only while capturing', () => {
    expect(captureBlocker(base)).toBeNull();
    expect(captureBlocker({ ...base, status: 'not started' })).toBe('not_started');
    expect(captureBlocker({ ...base, decision: 'submitted', submittedAt: at })).toBe('already_submitted');
    expect(captureBlocker({ ...base, status: 'cancelled' })).toBe('closed');
  });

  it('checks document slots against the chosen document', () => {
    expect(slotBlocker({ docType: null }, 'selfie')).toBeNull();
    expect(slotBlocker({ docType: null }, 'document-front')).toBe('no_document');
    expect(slotBlocker({ docType: 'PASSPORT' }, 'document-front')).toBeNull();
    expect(slotBlocker({ docType: 'PASSPORT' }, 'document-back')).toBe('no_back');
    expect(slotBlocker({ docType: 'DRIVERS_LICENSE' }, 'document-back')).toBeNull();
    expect(needsBack('RESIDENCE_PERMIT')).toBe(true);
    expect(needsBack('SOMETHING')).toBeNull();
  });

  it('lists missing captures in flow order', () => {
    expect(missingCaptures({ docType: null, media: {} })).toEqual(['document', 'document-front', 'selfie']);
    expect(missingCaptures({ docType: 'NATIONAL_ID', media: { front: 'f' } })).toEqual(['document-back', 'selfie']);
    expect(missingCaptures({ docType: 'PASSPORT', media: { front: 'f', selfie: 's' } })).toEqual([]);
    expect(missingCaptures({ docType: 'NATIONAL_ID', media: { front: 'f', back: 'b', selfie: 's' } })).toEqual([]);
  });

  it('drops a captured back when the new document type has none, and only then', () => {
    const media = { front: 'f', back: 'b', selfie: 's' };
    expect(mediaAfterDocumentChoice(media, 'PASSPORT')).toEqual({ front: 'f', selfie: 's' });
    expect(mediaAfterDocumentChoice(media, 'DRIVERS_LICENSE')).toEqual(media);
    expect(mediaAfterDocumentChoice({ front: 'f' }, 'PASSPORT')).toEqual({ front: 'f' });
  });
});
