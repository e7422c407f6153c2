// Screening's HTTP side. The operator (admin token, `idv lists …`) loads the lists every
// organisation is screened against; an organisation's owners and admins load its own internal
// lists from the dashboard; reviewers read the lists, the open hits, and resolve each hit as a
// true or false match with a reason (audited). A monitoring run follows every import.
import { Hono, type Context } from 'hono';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '../../contract/envelope';
import { importListBodySchema, listIdSchema, resolveHitBodySchema, type ImportListBody } from '../../contract/screening';
import { audit } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { screeningHits, screeningListVersions } from '../db/schema';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { screeningCacheOf } from './index-cache';
import { parseListFiles } from './import-files';
import { findList, importListVersion, listVersions, toListVersion, toScreeningList, visibleLists } from './list-store';
import type { MonitoringRun } from './monitoring';
import { toHitView } from './screen-subject';

/** What the routes need of monitoring: start a run after an import, or run one now. */
export interface MonitorHandle {
  /** Starts a run in the background (one at a time; a kick during a run queues one more). */
  kick(): void;
  /** Runs now and answers what it did (waits for a run in progress first). */
  runNow(): Promise<MonitoringRun>;
}

/** Where a subject's audit rows go: the id its case view lists the audit under (the company's public id). */
export type AuditSubjectOf = (type: 'individual' | 'company', subjectId: string) => Promise<string>;

type Importer = { orgId: string | null; by: string };

async function runImport(ctx: AppContext, c: Context, listId: string, body: ImportListBody, who: Importer, monitor: MonitorHandle) {
  const parsed = await parseListFiles(body.format, body.files);
  if (!parsed.ok) {
    return fail(c, 400, `The file could not be read: ${parsed.file}${parsed.line ? `, line ${parsed.line}` : ''}: ${parsed.error}`,
      { code: 'invalid_list_file', file: parsed.file, line: parsed.line, detail: parsed.error });
  }
  if (!parsed.entities.length) return fail(c, 400, 'The file holds no entities', { code: 'empty_list' });
  const now = ctx.clock.now();
  const res = await ctx.db.transaction(async (tx) => {
    const made = await importListVersion(tx, {
      listId, orgId: who.orgId, ...(body.name ? { name: body.name } : {}), kind: body.kind ?? (who.orgId ? 'internal' : undefined),
      format: body.format, entities: parsed.entities, files: body.files, ...(parsed.publishedAt ? { publishedAt: parsed.publishedAt } : {}), by: who.by, now,
    });
    if (made.ok && who.orgId) {
      await audit(tx, { orgId: who.orgId, memberId: null, email: who.by }, 'screening.list_imported', now, listId,
        { version: made.version.version, entities: made.version.entityCount, added: made.version.added, removed: made.version.removed, changed: made.version.changed });
    }
    return made;
  });
  if (!res.ok) return fail(c, res.code === 'duplicate_key' ? 400 : 409, res.message, { code: res.code });
  screeningCacheOf(ctx.db).clear();
  ctx.logger.info('screening list imported', { listId, version: res.version.version, entities: res.version.entityCount, added: res.version.added, removed: res.version.removed, changed: res.version.changed });
  monitor.kick();
  return ok(c, 'List imported', { list: res.list, version: res.version, monitoring: 'started' });
}

async function readImport(c: Context, raw: string) {
  const id = listIdSchema.safeParse(raw);
  if (!id.success) return { ok: false as const, res: validationError(c, id.error) };
  const json = await readJsonBody(c);
  if (!json.ok) return json;
  const body = importListBodySchema.safeParse(json.value);
  if (!body.success) return { ok: false as const, res: validationError(c, body.error) };
  return { ok: true as const, listId: id.data, body: body.data };
}

/** Operator routes (mounted at /api/admin behind the admin token). */
export function adminScreeningRoutes(ctx: AppContext, monitor: MonitorHandle): Hono {
  const r = new Hono();
  r.get('/screening/lists', async (c) => ok(c, 'Fetched lists', (await visibleLists(ctx.db, null)).map(toScreeningList)));
  r.get('/screening/lists/:id', async (c) => {
    const list = await findList(ctx.db, c.req.param('id'), 'operator');
    if (!list) return fail(c, 404, 'List not found', { code: 'not_found' });
    return ok(c, 'Fetched list', { list: toScreeningList(list), versions: (await listVersions(ctx.db, list.id)).map(toListVersion) });
  });
  // The keys added, removed and changed by one version: what a compliance officer reads after an import.
  r.get('/screening/lists/:id/versions/:version', async (c) => {
    const version = Number(c.req.param('version'));
    const [row] = Number.isInteger(version) ? await ctx.db.select().from(screeningListVersions)
      .where(and(eq(screeningListVersions.listId, c.req.param('id')), eq(screeningListVersions.version, version))).limit(1) : [];
    if (!row) return fail(c, 404, 'List version not found', { code: 'not_found' });
    return ok(c, 'Fetched list version', { ...toListVersion(row), diff: row.diff });
  });
  r.post('/screening/lists/:id/versions', async (c) => {
    const req = await readImport(c, c.req.param('id'));
    if (!req.ok) return req.res;
    return runImport(ctx, c, req.listId, req.body, { orgId: null, by: 'operator' }, monitor);
  });
  r.post('/screening/monitoring/run', async (c) => ok(c, 'Monitoring run finished', await monitor.runNow()));
  return r;
}

/** Dashboard routes (mounted at /api/dashboard; member session and CSRF). */
export function dashboardScreeningRoutes(ctx: AppContext, monitor: MonitorHandle, auditSubjectOf: AuditSubjectOf): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  app.use('/screening/*', requireMember(ctx), requireAbility('review'));

  app.get('/screening/lists', async (c) => {
    const rows = await visibleLists(ctx.db, c.get('member').orgId);
    const out = [];
    for (const l of rows) out.push({ ...toScreeningList(l), versions: (await listVersions(ctx.db, l.id)).slice(0, 10).map(toListVersion) });
    return ok(c, 'Fetched lists', out);
  });

  // The organisation's own lists (kind internal): owners and admins load them.
  app.post('/screening/lists/:id/versions', requireAbility('team'), async (c) => {
    const member = c.get('member');
    const req = await readImport(c, c.req.param('id'));
    if (!req.ok) return req.res;
    return runImport(ctx, c, req.listId, req.body, { orgId: member.orgId, by: member.email }, monitor);
  });

  // Hits: the organisation's queue (open ones by default) or one subject's (the case view).
  app.get('/screening/hits', async (c) => {
    const member = c.get('member');
    const q = c.req.query();
    const state = q.state === 'all' ? null : (q.state === 'true_match' || q.state === 'false_match' ? q.state : 'open');
    const subjectType = q.subjectType === 'company' ? 'company' : q.subjectType === 'individual' ? 'individual' : null;
    if (q.subjectId && (q.subjectId.length > 200 || !subjectType)) return fail(c, 400, messages.invalidQuery, { code: 'invalid_query' });
    const rows = await ctx.db.select().from(screeningHits).where(and(
      eq(screeningHits.orgId, member.orgId),
      state && !q.subjectId ? eq(screeningHits.state, state) : undefined,
      q.subjectId ? and(eq(screeningHits.subjectType, subjectType!), eq(screeningHits.subjectId, q.subjectId)) : isNull(screeningHits.goneAt),
    )).orderBy(desc(screeningHits.score)).limit(500);
    const names = new Map((await visibleLists(ctx.db, member.orgId)).map((l) => [l.id, l.name]));
    return ok(c, 'Fetched screening hits', rows.map((r) => ({ ...toHitView(r, names), subjectType: r.subjectType, subjectId: r.subjectId, gone: r.goneAt !== null })));
  });

  app.post('/screening/hits/:id/resolve', async (c) => {
    const member = c.get('member');
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = resolveHitBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const now = ctx.clock.now();
    const names = new Map((await visibleLists(ctx.db, member.orgId)).map((l) => [l.id, l.name]));
    const res = await ctx.db.transaction(async (tx) => {
      const [hit] = await tx.select().from(screeningHits)
        .where(and(eq(screeningHits.id, c.req.param('id')), eq(screeningHits.orgId, member.orgId))).for('update');
      if (!hit) return null;
      const [row] = await tx.update(screeningHits).set({
        state: body.data.resolution, resolvedDigest: hit.entityDigest, resolvedBy: member.email, resolvedAt: now, resolutionReason: body.data.reason,
      }).where(eq(screeningHits.id, hit.id)).returning();
      await audit(tx, { orgId: member.orgId, memberId: member.id, email: member.email }, `screening.${body.data.resolution}`, now,
        await auditSubjectOf(hit.subjectType, hit.subjectId), {
          hitId: hit.id, part: hit.part, listId: hit.listId, listVersion: hit.listVersion, entityKey: hit.entityKey, entityName: hit.entityName,
          score: hit.score, reason: body.data.reason, previous: hit.state,
        });
      return row!;
    });
    if (!res) return fail(c, 404, 'Screening hit not found', { code: 'not_found' });
    return ok(c, body.data.resolution === 'false_match' ? 'Marked a false match' : 'Confirmed a true match', toHitView(res, names));
  });

  // How many hits wait, for the dashboard's navigation badge.
  app.get('/screening/summary', async (c) => {
    const [row] = await ctx.db.select({ open: sql<number>`count(*)::int` }).from(screeningHits)
      .where(and(eq(screeningHits.orgId, c.get('member').orgId), eq(screeningHits.state, 'open'), isNull(screeningHits.goneAt)));
    return ok(c, 'Fetched screening summary', { openHits: row?.open ?? 0 });
  });
  return app;
}
