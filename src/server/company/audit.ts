/**
 * The company's audit trail (`auditTrail` of the record): one entry per change, oldest first.
 * Autosaves of the same section within a minute share one entry (`count`, `lastAt`), so typing
 * does not grow the trail without bound; the trail is also capped at AUDIT_MAX entries.
 */
/** `member`: a dashboard member (their e-mail in `detail.memberEmail`). */
export type AuditActor = 'representative' | 'operator' | 'customer' | 'member' | 'system';
export type AuditEntry = {
  at: string;
  action: string;
  actor: AuditActor;
  section?: string;
  from?: string;
  to?: string;
  detail?: Record<string, unknown>;
  /** Coalesced autosaves: how many, and when the last one happened. */
  count?: number;
  lastAt?: string;
};

export const AUDIT_COALESCE_MS = 60_000;
export const AUDIT_MAX = 500;
const COALESCED_ACTIONS = new Set(['draft_saved', 'step_changed']);

export function appendAudit(trail: readonly Record<string, unknown>[], entry: Omit<AuditEntry, 'at'>, now: Date): AuditEntry[] {
  const out = trail.map((e) => ({ ...e })) as unknown as AuditEntry[];
  const last = out[out.length - 1];
  if (last && COALESCED_ACTIONS.has(entry.action) && last.action === entry.action && last.section === entry.section
    && last.actor === entry.actor && now.getTime() - Date.parse(last.at) < AUDIT_COALESCE_MS) {
    last.count = (last.count ?? 1) + 1;
    last.lastAt = now.toISOString();
    return out;
  }
  out.push({ at: now.toISOString(), ...entry });
  while (out.length > AUDIT_MAX) {
    // Autosave entries go first; the milestones (submitted, decided, …) are kept.
    const i = out.findIndex((e) => COALESCED_ACTIONS.has(e.action));
    out.splice(i === -1 ? 0 : i, 1);
  }
  return out;
}
