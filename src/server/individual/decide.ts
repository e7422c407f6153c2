import type { DocInfo } from '../../contract/document';
import { DEFAULT_FAILED_REASON, individualStatusCodes, RESUBMISSION_LIMIT_EXCEEDED, RESUBMISSION_LIMIT_REASON } from '../../contract/statuses';
import type { Tx } from '../db/types';
import type { EarlierAttempt } from '../db/schema';
import { livenessOfRow } from '../liveness/liveness-state';
import { enqueueEvent } from '../webhooks/outbox';
import { decisionPayload, mergeDocInfo, progressPayload } from './payloads';
import type { VerificationRow } from './record';
import { updateVerification } from './store';

export interface DecisionInput {
  outcome: 'successful' | 'failed';
  /** Required for failed (the decision payload's `reason`); ignored for successful. */
  reason?: string;
  reasonCode?: number;
  /** Values read from the document (specialist), merged over the person's choice. */
  docInfo?: Partial<DocInfo>;
}

export interface DecideDeps {
  now: Date;
  /**
   * Signed URL for a storage key ('' for ''), embedded in the decision payload: it must outlive
   * the webhook retries (WEBHOOK_MEDIA_URL_TTL_SECONDS, not the records' MEDIA_URL_TTL_SECONDS).
   */
  mediaUrl(key: string): string;
}

/** Sessions a decision may still land on: submitted (pipeline pending) or waiting in review. */
export function isUndecided(row: Pick<VerificationRow, 'status' | 'decision'>): boolean {
  return (row.status === 'started' && row.decision === 'submitted') || (row.status === 'completed' && row.decision === 'review');
}

/**
 * Applies a conclusive decision inside the caller's transaction (row locked by the caller).
 * Successful: `verification.biometrics_matched` (events URL; the session reads `completed`
 * at that moment) then `verification.successful` (decision URL). Failed: `verification.failed`
 * with the reason (and reasonCode when given).
 */
export async function applyDecision(tx: Tx, row: VerificationRow, input: DecisionInput, deps: DecideDeps): Promise<VerificationRow> {
  const { now } = deps;
  const docInfo = mergeDocInfo(row, input.docInfo);
  if (input.outcome === 'successful') {
    const matched = { ...row, status: 'completed', statusCode: individualStatusCodes.completed };
    await enqueueEvent(tx, {
      apiKeyId: row.apiKeyId, type: 'verification.biometrics_matched', subjectId: row.id, now, data: progressPayload(matched, now),
    });
    const next = await updateVerification(tx, row.id, {
      status: 'successful', statusCode: individualStatusCodes.successful, decision: 'approved', reason: '', reasonCode: null,
      docInfo, decidedAt: now, updatedAt: now,
    });
    await enqueueEvent(tx, {
      apiKeyId: row.apiKeyId, type: 'verification.successful', subjectId: row.id, now, data: decisionPayload(next, deps.mediaUrl),
    });
    return next;
  }
  const next = await updateVerification(tx, row.id, {
    status: 'failed', statusCode: individualStatusCodes.failed, decision: 'declined',
    reason: input.reason || DEFAULT_FAILED_REASON, reasonCode: input.reasonCode ?? null,
    docInfo, decidedAt: now, updatedAt: now,
  });
  await enqueueEvent(tx, {
    apiKeyId: row.apiKeyId, type: 'verification.failed', subjectId: row.id, now, data: decisionPayload(next, deps.mediaUrl),
  });
  return next;
}

/** One resubmission per person (spec: Limits); the second request declines the session. */
export const MAX_RESUBMISSIONS = 1;

/**
 * A specialist asks for new captures: decision `resubmit`, status back to `started`, captures
 * cleared (kept, with the try's evidence and checks, in earlierAttempts), submittedAt cleared so the flow reopens capture,
 * and the specialist's `reason` kept on the record for the person to read.
 * The chosen document stays (the person may change it). Past the limit, the session fails with
 * reasonCode RESUBMISSION_LIMIT_EXCEEDED instead. No event for the reopening itself: the spec
 * has none, and the next uploads emit their events again.
 */
export async function requestResubmission(tx: Tx, row: VerificationRow, reason: string, deps: DecideDeps): Promise<VerificationRow> {
  if (row.resubmissions >= MAX_RESUBMISSIONS) {
    return applyDecision(tx, row, {
      outcome: 'failed', reason: RESUBMISSION_LIMIT_REASON, reasonCode: RESUBMISSION_LIMIT_EXCEEDED,
    }, deps);
  }
  // The try sent back stays with the case (its captures, evidence and checks), so a reviewer
  // later sees why new photos were asked for, and erasure still finds every file.
  const attempt: EarlierAttempt = {
    at: deps.now.toISOString(), reason, media: row.media ?? {},
    evidenceKeys: livenessOfRow(row.liveness).evidence.map((e) => e.key).filter(Boolean),
    checks: row.checks ?? null, docInfo: row.docInfo ?? null,
  };
  return updateVerification(tx, row.id, {
    status: 'started', statusCode: individualStatusCodes.started, decision: 'resubmit', submittedAt: null,
    media: {}, earlierAttempts: [...(row.earlierAttempts ?? []), attempt], resubmissions: row.resubmissions + 1, reason, updatedAt: deps.now,
  });
}
