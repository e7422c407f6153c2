import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  assignBodySchema, bulkBodySchema, caseRefSchema, noteBodySchema, reviewSettingsSchema, savedFilterBodySchema,
  type BulkResult, type CaseRef, type CaseWork,
} from '../../contract/casework';
import { messages } from '../../contract/envelope';
import { audit, type Actor } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { organisations } from '../db/schema';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { caseWorkOf, reviewersOf, setAssignee } from './assignment';
import { fourEyesOn } from './four-eyes';
import { addNote, notesOf } from './notes';
import { deleteSavedFilter, listSavedFilters, saveFilter } from './saved-filters';

/**
 * What the team's routes need from the products, handed in by the dashboard (which composes
 * both): whether the organisation has a case (and its id as the list shows it), and one case's
 * decision by a member through the product's own path (four-eyes, audit, events).
 */
export interface CasePort {
  find(orgId: string, ref: CaseRef): Promise<CaseRef | null>;
  decide(member: { id: string; email: string; orgId: string }, ref: CaseRef, decision: 'successful' | 'failed', reason: string): Promise<BulkResult['result']>;
}

/**
 * The team's work on cases (mounted inside dashboardRoutes): who has a case, claim and assign,
 * notes, bulk moves, the organisation's four-eyes setting and each member's saved views. Every
 * move is audited; notes never leave the dashboard (not in the API, not in webhooks).
 */
export function caseworkRoutes(ctx: AppContext, port: CasePort): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  const actorOf = (c: Context<MemberEnv>): Actor => { const m = c.get('member'); return { orgId: m.orgId, memberId: m.id, email: m.email }; };
  const notFound = (c: Context) => fail(c, 404, 'Verification not found', { code: 'not_found' });
  /** The route's case, if the member's organisation has it. */
  const caseOf = async (c: Context<MemberEnv>) => {
    const ref = caseRefSchema.safeParse({ family: c.req.param('family'), id: c.req.param('id') });
    return ref.success ? port.find(c.get('member').orgId, ref.data) : null;
  };

  app.use('/review-settings', requireMember(ctx));
  app.use('/saved-filters', requireMember(ctx), requireAbility('review'));
  app.use('/saved-filters/*', requireMember(ctx), requireAbility('review'));

  app.get('/verifications/:family/:id/work', async (c) => {
    const ref = await caseOf(c);
    if (!ref) return notFound(c);
    const orgId = c.get('member').orgId;
    const [row, reviewers, notes, fourEyes] = await Promise.all([caseWorkOf(ctx.db, ref), reviewersOf(ctx.db, orgId), notesOf(ctx.db, orgId, ref), fourEyesOn(ctx.db, orgId)]);
    const assignee = row?.assigneeId ? reviewers.find((r) => r.id === row.assigneeId) ?? null : null;
    const work: CaseWork = { assignee, assignedAt: assignee ? row?.assignedAt?.toISOString() ?? null : null, pending: row?.pending ?? null, fourEyes, notes, reviewers };
    return ok(c, 'Fetched case work', work);
  });

  // Claim (assign to oneself), give to a reviewer of the organisation, or release (null).
  app.put('/verifications/:family/:id/assignee', async (c) => {
    const ref = await caseOf(c);
    if (!ref) return notFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = assignBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, messages.invalidBody);
    const res = await assign(c, ref, body.data.assigneeId);
    if (res === 'not_reviewer') return fail(c, 400, 'A case can only be given to a member who reviews', { code: 'not_a_reviewer' });
    return ok(c, body.data.assigneeId ? 'Case assigned' : 'Case released', { assigneeId: body.data.assigneeId });
  });

  /** One assignment, audited as a claim when members take it themselves. */
  const assign = async (c: Context<MemberEnv>, ref: CaseRef, assigneeId: string | null): Promise<'assigned' | 'not_reviewer'> => {
    const actor = actorOf(c);
    const reviewers = await reviewersOf(ctx.db, actor.orgId);
    const to = assigneeId ? reviewers.find((r) => r.id === assigneeId) : null;
    if (assigneeId && !to) return 'not_reviewer';
    const now = ctx.clock.now();
    const { previous } = await setAssignee(ctx.db, actor.orgId, ref, assigneeId, now);
    const action = !to ? 'case.released' : to.id === actor.memberId ? 'case.claimed' : 'case.assigned';
    await audit(ctx.db, actor, action, now, ref.id, { family: ref.family, ...(to ? { assignee: to.email } : {}), ...(previous ? { previous: reviewers.find((r) => r.id === previous)?.email ?? previous } : {}) });
    return 'assigned';
  };

  app.post('/verifications/:family/:id/notes', async (c) => {
    const ref = await caseOf(c);
    if (!ref) return notFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = noteBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, messages.invalidBody);
    const actor = actorOf(c);
    const now = ctx.clock.now();
    const note = await ctx.db.transaction(async (tx) => {
      const saved = await addNote(tx, actor.orgId, ref, { id: actor.memberId ?? '', email: actor.email }, body.data.body, now);
      // The log says a note was written (and its length); the note itself stays in the case.
      await audit(tx, actor, 'case.note_added', now, ref.id, { family: ref.family, noteId: saved.id, length: body.data.body.length });
      return saved;
    });
    return ok(c, 'Note added', note);
  });

  // Many cases at once: each moved on its own, so one refused case does not stop the others.
  app.post('/verifications/bulk', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = bulkBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, messages.invalidBody);
    const member = c.get('member');
    const results: BulkResult[] = [];
    const to = body.data.action === 'assign' ? body.data.assigneeId : null;
    if (to && !(await reviewersOf(ctx.db, member.orgId)).some((r) => r.id === to)) {
      return fail(c, 400, 'A case can only be given to a member who reviews', { code: 'not_a_reviewer' });
    }
    for (const item of body.data.items) {
      const ref = await port.find(member.orgId, item);
      if (!ref) { results.push({ ...item, result: 'not_found' }); continue; }
      if (body.data.action === 'assign') {
        await assign(c, ref, body.data.assigneeId);
        results.push({ ...item, result: 'assigned' });
      } else {
        results.push({ ...item, result: await port.decide(member, ref, body.data.decision, body.data.reason ?? '') });
      }
    }
    return ok(c, 'Bulk move done', { results });
  });

  app.get('/review-settings', async (c) => ok(c, 'Fetched review settings', { fourEyes: await fourEyesOn(ctx.db, c.get('member').orgId) }));

  // Four-eyes on or off: the team's owners and admins decide how the organisation works.
  app.put('/review-settings', requireAbility('team'), async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = reviewSettingsSchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, messages.invalidBody);
    const actor = actorOf(c);
    await ctx.db.transaction(async (tx) => {
      await tx.update(organisations).set({ fourEyes: body.data.fourEyes }).where(eq(organisations.id, actor.orgId));
      await audit(tx, actor, 'org.four_eyes', ctx.clock.now(), actor.orgId, { on: body.data.fourEyes });
    });
    return ok(c, 'Review settings updated', body.data);
  });

  app.get('/saved-filters', async (c) => ok(c, 'Fetched saved views', await listSavedFilters(ctx.db, c.get('member').id)));

  app.post('/saved-filters', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = savedFilterBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error, messages.invalidBody);
    const res = await saveFilter(ctx.db, c.get('member').id, body.data, ctx.clock.now());
    if (!res.ok) return fail(c, 409, 'You have kept as many views as one member may: delete one first', { code: 'too_many_views' });
    return ok(c, 'View saved', res.saved);
  });

  app.delete('/saved-filters/:id', async (c) => {
    if (!(await deleteSavedFilter(ctx.db, c.get('member').id, c.req.param('id').slice(0, 80)))) return fail(c, 404, 'Saved view not found', { code: 'not_found' });
    return ok(c, 'View deleted');
  });

  return app;
}
