import { INDIVIDUAL_FLOW_VERSION, type OutcomeKind } from '../../contract/overview';
import { recordMilestone, recordOpened, recordOutcome, type FlowSubject } from '../analytics/record';
import type { DbOrTx } from '../db/types';
import type { VerificationRow } from './record';

/** The overview's name for a session (a representative's liveness belongs to the company flow, not here). */
function subjectOf(row: Pick<VerificationRow, 'id' | 'apiKeyId'>): FlowSubject {
  return { family: 'individual', sessionId: row.id, apiKeyId: row.apiKeyId, flowVersion: INDIVIDUAL_FLOW_VERSION };
}

/** The hosted link was opened: an open session joins the overview (a closed one only counts a try). */
export async function observeOpened(db: DbOrTx, row: VerificationRow, userAgent: string | undefined, now: Date): Promise<void> {
  if (row.companyVerificationId) return;
  const open = row.status === 'not started' || (row.status === 'started' && !row.submittedAt);
  if (open) await recordOpened(db, subjectOf(row), userAgent, now);
}

/**
 * The milestones a hosted step moved (under the step's lock, from the row before and after):
 * consent, the document choice, each new capture (a retake is a try), the submission. Read from
 * the rows rather than told by each route, so no path that changes them is missed.
 */
export async function observeSteps(tx: DbOrTx, before: VerificationRow, after: VerificationRow, now: Date): Promise<void> {
  if (after.companyVerificationId) return;
  const subject = subjectOf(after);
  if (!before.startedAt && after.startedAt) await recordMilestone(tx, subject, 'started', now);
  if (after.docType && (before.docType !== after.docType || before.issuingState !== after.issuingState)) await recordMilestone(tx, subject, 'document', now);
  if (after.media.front && after.media.front !== before.media.front) await recordMilestone(tx, subject, 'front', now);
  if (after.media.back && after.media.back !== before.media.back) await recordMilestone(tx, subject, 'back', now);
  if (after.media.selfie && after.media.selfie !== before.media.selfie) await recordMilestone(tx, subject, 'selfie', now);
  if (!before.submittedAt && after.submittedAt) await recordMilestone(tx, subject, 'submitted', now);
}

/** Where the session's status and decision put it, for the overview (null: still under way). */
export function outcomeOf(row: Pick<VerificationRow, 'status' | 'decision'>): OutcomeKind | null {
  if (row.status === 'successful') return 'approved';
  if (row.status === 'failed') return 'declined';
  if (row.status === 'abandoned') return 'abandoned';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.decision === 'review') return 'review';
  if (row.decision === 'resubmit') return 'resubmission';
  return null;
}

/**
 * Called after every write of a status or decision (store.ts, expiry, cancel): the outcome it
 * reached, once per kind, with the decision's reason (what the customer's webhook says too).
 */
export async function observeOutcome(tx: DbOrTx, row: VerificationRow): Promise<void> {
  const outcome = outcomeOf(row);
  if (!outcome || row.companyVerificationId) return;
  const reason = outcome === 'declined' || outcome === 'resubmission' ? row.reason : '';
  await recordOutcome(tx, subjectOf(row), outcome, reason, row.decidedAt ?? row.updatedAt);
}
