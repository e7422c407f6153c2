// The cap on liveness tries: when a session's last round of tries ends without a pass, the
// session is failed at once with reason `liveness_attempts_exhausted` (status `failed`, 4100,
// and the `verification.failed` decision webhook, as any automatic decline), with the trace of
// every failed try in its liveness block.
import type { Tx } from '../db/types';
import { applyDecision, type DecideDeps } from './decide';
import type { VerificationRow } from './record';
import { updateVerification } from './store';
import { EXHAUSTED_REASON, exhaust, livenessOfRow } from '../liveness/liveness-state';

const open = (row: VerificationRow) => row.status === 'not started' || row.status === 'started';

/**
 * Inside the caller's transaction (row locked): marks the liveness exhausted (if it is not
 * yet) and declines the session. A session already final is left alone.
 */
export async function failExhausted(tx: Tx, row: VerificationRow, deps: DecideDeps): Promise<VerificationRow> {
  if (!open(row)) return row;
  const state = livenessOfRow(row.liveness);
  const exhausted = state.exhausted ? state : exhaust(state, deps.now);
  const marked = await updateVerification(tx, row.id, { liveness: exhausted as unknown as Record<string, unknown>, updatedAt: deps.now });
  return applyDecision(tx, marked, { outcome: 'failed', reason: EXHAUSTED_REASON }, deps);
}
