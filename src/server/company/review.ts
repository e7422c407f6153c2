import type { z } from 'zod';
import { messages } from '../../contract/envelope';
import { DECISION_REASON_REQUIRED, type CompanyDecisionBody } from '../../contract/hosted-company';
import type { CompanyStatus } from '../../contract/statuses';
import type { AppContext } from '../context';
import { appendAudit, type AuditActor } from './audit';
import { enqueueCompanyEvent } from './events';
import type { Tx } from '../db/types';
import { campaignOf, findCompanyByAnyId, keyOf, lockCompany, updateCompany, type CompanyRow } from './store';
import { canTransition, companyStatusCode } from './transitions';

/**
 * Who moves the case: `apiKeyId` limits the lookup to one key, `orgId` to one organisation's
 * keys (dashboard); `detail` joins the trail entry (the member's e-mail); `record` runs inside
 * the move's transaction (the organisation's audit log).
 */
export interface ReviewScope {
  apiKeyId?: string;
  orgId?: string;
  actor: AuditActor;
  detail?: Record<string, unknown>;
  record?: (tx: Tx) => Promise<void>;
}

export type ReviewResult =
  | { ok: true; row: CompanyRow }
  | { ok: false; kind: 'not-found' }
  | { ok: false; kind: 'invalid-transition'; status: CompanyStatus };

/**
 * Review moves, shared by the operator (admin API, `idv company …`) and by customers on their
 * own test verifications (test helpers). `scope.apiKeyId` limits the lookup to one key.
 * Each move writes its audit entry and its event (full company payload) in one transaction.
 */
async function move(
  ctx: AppContext, id: string, scope: ReviewScope,
  to: CompanyStatus, reason: string | null,
): Promise<ReviewResult> {
  const now = ctx.clock.now();
  const found = await findCompanyByAnyId(ctx.db, id, scope.apiKeyId);
  if (!found || (scope.orgId && (await keyOf(ctx.db, found.apiKeyId)).orgId !== scope.orgId)) return { ok: false, kind: 'not-found' };
  const result = await ctx.db.transaction(async (tx): Promise<ReviewResult> => {
    const row = await lockCompany(tx, found.id);
    if (!row) return { ok: false, kind: 'not-found' };
    const from = row.status as CompanyStatus;
    if (!canTransition(from, to)) return { ok: false, kind: 'invalid-transition', status: from };
    const { definition } = await campaignOf(tx, row);
    const decided = to === 'successful' || to === 'failed';
    const auditTrail = appendAudit(row.auditTrail, {
      action: decided ? 'decided' : 'under_review', actor: scope.actor, from, to,
      ...(reason || scope.detail ? { detail: { ...scope.detail, ...(reason ? { reason } : {}) } } : {}),
    }, now);
    const saved = await updateCompany(tx, row.id, {
      status: to,
      statusCode: companyStatusCode(to),
      ...(reason !== null ? { reason } : {}),
      ...(decided ? { decidedAt: now } : {}),
      auditTrail,
      updatedAt: now,
    });
    const event = to === 'under review' ? 'company_verification.under_review' : to === 'successful' ? 'company_verification.successful' : 'company_verification.failed';
    await enqueueCompanyEvent(tx, saved, definition, event, now);
    await scope.record?.(tx);
    return { ok: true, row: saved };
  });
  if (result.ok) ctx.kickWebhooks();
  return result;
}

/** submitted → under review (2004), event `company_verification.under_review`. */
export function startReview(ctx: AppContext, id: string, scope: ReviewScope) {
  return move(ctx, id, scope, 'under review', null);
}

/** submitted | under review → successful (2060) | failed (4004), event to the decision URL. */
export function decideCompany(ctx: AppContext, id: string, body: Required<CompanyDecisionBody>, scope: ReviewScope) {
  return move(ctx, id, scope, body.decision, body.reason);
}

/** Message of a refused decide body: a `failed` without a reason says so in plain words. */
export function decisionRefusal(error: z.ZodError): string {
  return error.issues.some((i) => i.message === DECISION_REASON_REQUIRED)
    ? 'A failed decision needs a reason: say why in "reason"'
    : messages.invalidBody;
}
