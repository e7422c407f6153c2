import { roleAbilities, type Me } from '../../contract/accounts';
import type { AppContext } from '../context';
import { csrfTokenFor } from './member-sessions';
import { toMember, type MemberRow } from './member-store';
import { getOrg, toOrg } from './org-store';
import { hasSecondFactor } from './second-factor/factor-store';
import { unseenFailures } from './second-factor/member-guard';

/** The signed-in member's answer (`/me`, sign-in): who, where, what the role opens, the session's CSRF token. */
export async function meOf(ctx: Pick<AppContext, 'db' | 'secrets'>, member: MemberRow, sessionToken: string): Promise<Me> {
  const org = await getOrg(ctx.db, member.orgId);
  if (!org) throw new Error('member without its organisation');
  return {
    member: toMember(member), org: toOrg(org), abilities: { ...roleAbilities[member.role] },
    secondFactor: { enrolled: await hasSecondFactor(ctx.db, member.id), required: org.requireSecondFactor, unseenWrongCodes: await unseenFailures(ctx.db, member.id) },
    csrfToken: csrfTokenFor(ctx.secrets, sessionToken),
  };
}
