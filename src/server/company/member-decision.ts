import { audit, type Actor } from '../accounts/audit';
import { clearProposal, gateDecision, type MemberDecision as MemberDecisionOf } from '../casework/four-eyes';
import type { AppContext } from '../context';
import { findOrgCompany } from './case';
import { decideCompany } from './review';
import type { CompanyRow } from './store';

export type CompanyMemberDecision = MemberDecisionOf<CompanyRow>;

/**
 * A dashboard member's approval or decline of one of the organisation's company cases (the case
 * screen and bulk moves): through the four-eyes gate, then decided with the member's move written
 * to the case's trail and the organisation's log in the decision's transaction.
 */
export async function decideCompanyAsMember(
  ctx: AppContext, member: { id: string; email: string; orgId: string }, id: string, body: { decision: 'successful' | 'failed'; reason: string },
): Promise<CompanyMemberDecision> {
  const found = await findOrgCompany(ctx.db, member.orgId, id);
  if (!found) return { kind: 'not_found' };
  const { row } = found;
  if (row.status !== 'submitted' && row.status !== 'under review') return { kind: 'not_in_review', status: row.status };
  const actor: Actor = { orgId: member.orgId, memberId: member.id, email: member.email };
  const ref = { family: 'company' as const, id: row.publicId };
  const now = ctx.clock.now();
  const gate = await gateDecision(ctx.db, { orgId: member.orgId, ref, member, proposed: body, now });
  if (gate.kind === 'same_reviewer') return gate;
  if (gate.kind === 'proposed') {
    await audit(ctx.db, actor, 'company.decision_proposed', now, row.publicId, {
      decision: body.decision, ...(body.reason ? { reason: body.reason } : {}), ...(gate.replaced ? { replaced: { decision: gate.replaced.decision, email: gate.replaced.email } } : {}),
    });
    return { kind: 'proposed', row, pending: gate.pending };
  }
  const reason = body.reason || gate.confirms?.reason || '';
  const res = await decideCompany(ctx, row.id, { decision: body.decision, reason }, {
    orgId: member.orgId, actor: 'member', detail: { memberEmail: member.email, ...(gate.confirms ? { confirms: gate.confirms.email } : {}) },
    record: async (tx) => {
      await clearProposal(tx, member.orgId, ref, now);
      await audit(tx, actor, body.decision === 'successful' ? 'company.approved' : 'company.declined', now, row.publicId, {
        ...(reason ? { reason } : {}), ...(gate.confirms ? { confirms: { email: gate.confirms.email, at: gate.confirms.at } } : {}),
      });
    },
  });
  if (!res.ok) return res.kind === 'not-found' ? { kind: 'not_found' } : { kind: 'not_in_review', status: res.status };
  return { kind: 'decided', row: res.row };
}
