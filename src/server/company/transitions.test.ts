import { describe, expect, it } from 'vitest';
import { companyStatuses, type CompanyStatus } from '../../contract/statuses';
import { canTransition, companyStatusCode, hostedPhase, isEditable, isTerminal, sourcesOf } from './transitions';

describe('company transitions', () => {
  it('allows exactly the lifecycle moves', () => {
    const allowed = companyStatuses.flatMap((from) => companyStatuses.filter((to) => canTransition(from, to)).map((to) => `${from} → ${to}`));
    expect(allowed.sort()).toEqual([
      'not started → abandoned', 'not started → started', 'not started → submitted',
      'started → abandoned', 'started → submitted',
      'submitted → failed', 'submitted → successful', 'submitted → under review',
      'under review → failed', 'under review → successful',
    ].sort());
  });

  it('knows terminal and editable statuses and the sources of a move', () => {
    expect(companyStatuses.filter(isTerminal)).toEqual(['abandoned', 'successful', 'failed']);
    expect(companyStatuses.filter(isEditable)).toEqual(['not started', 'started']);
    expect(sourcesOf('successful').sort()).toEqual(['submitted', 'under review']);
    expect(sourcesOf('under review')).toEqual(['submitted']);
  });

  it('maps statuses to the spec codes', () => {
    const codes = Object.fromEntries(companyStatuses.map((s) => [s, companyStatusCode(s)]));
    expect(codes).toEqual({ 'not started': 1001, started: 2002, submitted: 2003, 'under review': 2004, abandoned: 3033, successful: 2060, failed: 4004 });
  });

  it('derives the hosted phase, expiry included', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const later = new Date('2026-02-01T00:00:00Z');
    const phase = (s: CompanyStatus, exp = later) => hostedPhase(s, exp, now);
    expect(phase('started')).toEqual({ phase: 'form', closedReason: null });
    expect(phase('started', now)).toEqual({ phase: 'closed', closedReason: 'expired' });
    expect(phase('submitted', now)).toEqual({ phase: 'submitted', closedReason: null });
    expect(phase('under review')).toEqual({ phase: 'submitted', closedReason: null });
    expect(phase('failed')).toEqual({ phase: 'closed', closedReason: 'failed' });
    expect(phase('abandoned')).toEqual({ phase: 'closed', closedReason: 'abandoned' });
  });
});
