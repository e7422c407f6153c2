import { Hono } from 'hono';
import { messages } from '../../contract/envelope';
import { plausibleVerificationId, type VerificationId } from '../../contract/ids';
import { allowBodySchema, blockBodySchema, removeEntryBodySchema, riskListsQuerySchema } from '../../contract/risk-lists';
import { audit } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import type { Db } from '../db/types';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { allowPair, blockFromCase, listRiskEntries, removeRiskEntry, toRiskListEntry } from './risk-lists';

/**
 * Blocklist and allowlist of the member's organisation (mounted under `/api/dashboard`). Reading
 * and changing them takes the `review` ability (reviewers, admins, owners); every change is
 * audited with its reason. `findCase` finds an individual case of the organisation (the
 * individual product's lookup, handed in by the dashboard that composes both).
 */
export function riskListRoutes(ctx: AppContext, findCase: (db: Db, orgId: string, id: VerificationId) => Promise<{ id: VerificationId } | null>): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/risk-lists', requireMember(ctx), requireAbility('review'));
  app.use('/risk-lists/*', requireMember(ctx), requireAbility('review'));
  const actor = (m: MemberEnv['Variables']['member']) => ({ orgId: m.orgId, memberId: m.id, email: m.email });
  const caseNotFound = (c: Parameters<typeof fail>[0]) => fail(c, 404, 'Verification not found', { code: 'not_found' });
  /** The organisation's case for an id from outside; an implausible id is unknown without a query. */
  const findOrgCase = (orgId: string, raw: string) => {
    const id = plausibleVerificationId(raw);
    return id ? findCase(ctx.db, orgId, id) : Promise.resolve(null);
  };

  app.get('/risk-lists', async (c) => {
    const q = riskListsQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    // An empty verificationId filters nothing, as before (the schema bounds its length).
    const verificationId = plausibleVerificationId(q.data.verificationId ?? '') ?? undefined;
    const rows = await listRiskEntries(ctx.db, c.get('member').orgId, { list: q.data.list, verificationId });
    return ok(c, 'Fetched risk list entries', rows.map(toRiskListEntry));
  });

  // From a case: block its face and/or its document number.
  app.post('/verifications/individual/:id/block', requireAbility('review'), async (c) => {
    const member = c.get('member');
    const row = await findOrgCase(member.orgId, c.req.param('id'));
    if (!row) return caseNotFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = blockBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const now = ctx.clock.now();
    const res = await ctx.db.transaction(async (tx) => {
      const made = await blockFromCase(tx, { orgId: member.orgId, verificationId: row.id, face: body.data.face === true, document: body.data.document === true, reason: body.data.reason, by: member.email, now });
      if (made.ok) {
        for (const e of made.entries) await audit(tx, actor(member), `risk.blocked_${e.target}`, now, row.id, { entryId: e.id, reason: e.reason });
      }
      return made;
    });
    if (!res.ok) {
      const what = res.code === 'no_face_stored' ? 'face' : 'document number';
      return fail(c, 409, `This case has no ${what} to block (never read, or erased with its media)`, { code: res.code });
    }
    return ok(c, 'Blocked', res.entries.map(toRiskListEntry));
  });

  // A pair a reviewer cleared: their duplicate flag does not come back.
  app.post('/risk-lists/allow', async (c) => {
    const member = c.get('member');
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = allowBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const a = await findOrgCase(member.orgId, body.data.verificationId);
    const b = await findOrgCase(member.orgId, body.data.otherVerificationId);
    if (!a || !b) return caseNotFound(c);
    const now = ctx.clock.now();
    const entry = await ctx.db.transaction(async (tx) => {
      const made = await allowPair(tx, { orgId: member.orgId, a: a.id, b: b.id, reason: body.data.reason, by: member.email, now });
      await audit(tx, actor(member), 'risk.allowed_pair', now, a.id, { entryId: made.id, otherVerificationId: b.id, reason: made.reason });
      return made;
    });
    return ok(c, 'Allowed', toRiskListEntry(entry));
  });

  app.delete('/risk-lists/:entryId', async (c) => {
    const member = c.get('member');
    let reason: string | undefined;
    if (c.req.header('content-type')?.includes('json')) {
      const json = await readJsonBody(c);
      if (!json.ok) return json.res;
      const body = removeEntryBodySchema.safeParse(json.value);
      if (!body.success) return validationError(c, body.error);
      reason = body.data.reason;
    }
    const now = ctx.clock.now();
    const removed = await ctx.db.transaction(async (tx) => {
      const row = await removeRiskEntry(tx, member.orgId, c.req.param('entryId').slice(0, 200), member.email, now);
      if (row) await audit(tx, actor(member), 'risk.entry_removed', now, row.verificationId, { entryId: row.id, list: row.list, target: row.target, ...(reason ? { reason } : {}) });
      return row;
    });
    if (!removed) return fail(c, 404, 'List entry not found', { code: 'not_found' });
    return ok(c, 'Removed', toRiskListEntry(removed));
  });
  return app;
}
