import { meSchema, type Me } from '../../contract/accounts';
import type { Harness } from '../testing/harness';

export interface SignedIn { cookie: string; csrf: string; me: Me }

/** A member made by the operator, signed in through their one-time link. */
export async function signedInMember(h: Harness, email: string, role: string, orgId?: string): Promise<SignedIn> {
  const made = await h.request('POST', '/api/admin/users', { headers: { authorization: `Bearer ${h.ctx.adminToken}` }, body: { email, role, ...(orgId ? { orgId } : {}) } });
  if (made.status !== 200) throw new Error(`users: ${JSON.stringify(made.body)}`);
  const token = new URL(made.body.data.signInUrl).hash.replace('#token=', '');
  const res = await h.request('POST', '/api/dashboard/auth/set-password', { body: { token, password: 'a long enough passphrase' } });
  const me = meSchema.parse(res.body.data);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: me.csrfToken, me };
}

/** A dashboard request as the member (the CSRF token on every change). */
export function asMember(h: Harness, who: SignedIn, method: string, path: string, body?: unknown) {
  return h.request(method, `/api/dashboard${path}`, { headers: { cookie: who.cookie, 'x-csrf-token': who.csrf }, ...(body === undefined ? {} : { body }) });
}
