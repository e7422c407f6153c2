import { companyStatusCodes, type CompanyStatus } from '../../contract/statuses';

/**
 * Company lifecycle (spec: statuses given, transitions "not shown"; these are ours):
 *   not started → started (first autosave or upload) → submitted → under review → successful | failed
 *   submitted → successful | failed (a decision may skip the explicit review step)
 *   not started | started → abandoned (expiry, done by the expiry sweeper)
 * Terminal: abandoned, successful, failed.
 */
const allowed: Record<CompanyStatus, readonly CompanyStatus[]> = {
  'not started': ['started', 'submitted', 'abandoned'],
  started: ['submitted', 'abandoned'],
  submitted: ['under review', 'successful', 'failed'],
  'under review': ['successful', 'failed'],
  abandoned: [],
  successful: [],
  failed: [],
};

export function canTransition(from: CompanyStatus, to: CompanyStatus): boolean {
  return allowed[from].includes(to);
}

/** Statuses from which a move to `to` is allowed (for conditional UPDATE … WHERE status IN (…)). */
export function sourcesOf(to: CompanyStatus): CompanyStatus[] {
  return (Object.keys(allowed) as CompanyStatus[]).filter((from) => allowed[from].includes(to));
}

export function companyStatusCode(status: CompanyStatus): number {
  return companyStatusCodes[status];
}

/** The representative may still change the form (subject to the link's expiry). */
export function isEditable(status: CompanyStatus): boolean {
  return status === 'not started' || status === 'started';
}

export function isTerminal(status: CompanyStatus): boolean {
  return allowed[status].length === 0;
}

export type CompanyPhase = 'form' | 'submitted' | 'closed';
export type CompanyClosedReason = 'expired' | 'abandoned' | 'successful' | 'failed';

/** What the hosted flow shows: the form, the "submitted" screen, or a closed-link screen. */
export function hostedPhase(status: CompanyStatus, expiresAt: Date, now: Date): { phase: CompanyPhase; closedReason: CompanyClosedReason | null } {
  if (status === 'submitted' || status === 'under review') return { phase: 'submitted', closedReason: null };
  if (status === 'abandoned' || status === 'successful' || status === 'failed') return { phase: 'closed', closedReason: status };
  if (now.getTime() >= expiresAt.getTime()) return { phase: 'closed', closedReason: 'expired' };
  return { phase: 'form', closedReason: null };
}
