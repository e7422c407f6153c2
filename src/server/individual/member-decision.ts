import type { DashboardDecisionBody } from '../../contract/dashboard';
import type { VerificationId } from '../../contract/ids';
import { audit, type Actor } from '../accounts/audit';
import { clearProposal, gateDecision, type MemberDecision as MemberDecisionOf } from '../casework/four-eyes';
import type { AppContext } from '../context';
import { findOrgVerification } from './case';
import type { VerificationRow } from './record';
import { decideReview } from './review';

export type MemberDecision = MemberDecisionOf<VerificationRow>;

const actionOf = (d: DashboardDecisionBody['decision']) => `verification.${d === 'successful' ? 'approved' : d === 'failed' ? 'declined' : 'resubmission_requested'}`;

/**
 * A dashboard member's decision on one of the organisation's individual cases (the case screen
 * and bulk moves): through the four-eyes gate (casework/four-eyes.ts), then decided with who
 * made it (and who proposed it) audited in the decision's transaction.
 */
export async function decideAsMember(ctx: AppContext, member: { id: string; email: string; orgId: string }, id: VerificationId, body: DashboardDecisionBody): Promise<MemberDecision> {
  const row = await findOrgVerification(ctx.db, member.orgId, id);
  if (!row) return { kind: 'not_found' };
  if (row.status !== 'completed' || row.decision !== 'review') return { kind: 'not_in_review', status: row.status };
  const actor: Actor = { orgId: member.orgId, memberId: member.id, email: member.email };
  const ref = { family: 'individual' as const, id: row.id };
  const now = ctx.clock.now();
  const gate = await gateDecision(ctx.db, { orgId: member.orgId, ref, member, proposed: { decision: body.decision, reason: body.reason ?? '' }, now });
  if (gate.kind === 'same_reviewer') return gate;
  if (gate.kind === 'proposed') {
    await audit(ctx.db, actor, 'verification.decision_proposed', now, row.id, {
      decision: body.decision, ...(body.reason ? { reason: body.reason } : {}), ...(gate.replaced ? { replaced: { decision: gate.replaced.decision, email: gate.replaced.email } } : {}),
    });
    return { kind: 'proposed', row, pending: gate.pending };
  }
  // A confirmation without its own reason keeps the first reviewer's.
  const reason = body.reason || gate.confirms?.reason || undefined;
  const res = await decideReview(ctx, row.id, { decision: body.decision, reason }, async (tx) => {
    await clearProposal(tx, member.orgId, ref, now);
    await audit(tx, actor, actionOf(body.decision), now, row.id, {
      ...(reason ? { reason } : {}), ...(gate.confirms ? { confirms: { email: gate.confirms.email, at: gate.confirms.at } } : {}),
    });
  });
  if (!res.ok) return res.code === 'not_found' ? { kind: 'not_found' } : { kind: 'not_in_review', status: res.status ?? null };
  return { kind: 'decided', row: res.row };
}
