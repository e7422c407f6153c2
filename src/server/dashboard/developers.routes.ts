import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { adminDeliveryListQuerySchema, createKeyBodySchema, updateKeyBodySchema } from '../../contract/admin';
import { roleAbilities } from '../../contract/accounts';
import { messages } from '../../contract/envelope';
import { audit } from '../accounts/audit';
import { requireAbility, requireMember, type MemberEnv } from '../accounts/member-auth';
import type { AppContext } from '../context';
import { apiKeys, webhookEvents } from '../db/schema';
import { fail, ok, okList, pageMeta, readJsonBody, validationError } from '../http/envelope';
import { createApiKey } from '../keys/api-keys';
import { getApiKey, listApiKeys, revokeApiKey, toAdminKey, updateApiKey } from '../keys/key-admin';
import { enqueueTestEvents, listDeliveries, redeliverEvent } from '../webhooks/admin-ops';
import { redactWebhookPayload } from '../webhooks/redact-payload';

/**
 * The Developers section (`/api/dashboard/keys…`, `/api/dashboard/webhooks…`): developers,
 * admins and owners manage their organisation's keys and webhooks. A key is shown whole once,
 * in the answer that creates it; audit entries never hold it. Webhook bodies are shown whole only
 * to roles that may read cases.
 */
export function developerRoutes(ctx: AppContext): Hono<MemberEnv> {
  const app = new Hono<MemberEnv>();
  for (const path of ['/keys', '/keys/*', '/webhooks', '/webhooks/*']) app.use(path, requireMember(ctx), requireAbility('developers'));
  const actor = (c: Context<MemberEnv>) => ({ orgId: c.get('member').orgId, memberId: c.get('member').id, email: c.get('member').email });
  const keyNotFound = (c: Context) => fail(c, 404, 'API key not found', { code: 'not_found' });
  /** The key when it is the member's organisation's. */
  const ownKey = async (c: Context<MemberEnv>) => {
    const row = await getApiKey(ctx.db, c.req.param('id') ?? '');
    return row && row.orgId === c.get('member').orgId ? row : null;
  };

  app.get('/keys', async (c) => ok(c, 'Fetched API keys', (await listApiKeys(ctx.db)).filter((k) => k.orgId === c.get('member').orgId).map(toAdminKey)));

  app.post('/keys', async (c) => {
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = createKeyBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const now = ctx.clock.now();
    const { row, apiKey } = await createApiKey(ctx.db, ctx.secrets, { ...body.data, orgId: c.get('member').orgId }, now);
    await audit(ctx.db, actor(c), 'key.created', now, row.id, { mode: row.mode, name: row.name });
    return ok(c, 'API key created', { ...toAdminKey(row), apiKey });
  });

  app.patch('/keys/:id', async (c) => {
    if (!(await ownKey(c))) return keyNotFound(c);
    const json = await readJsonBody(c);
    if (!json.ok) return json.res;
    const body = updateKeyBodySchema.safeParse(json.value);
    if (!body.success) return validationError(c, body.error);
    const res = await updateApiKey(ctx.db, c.req.param('id'), body.data);
    if (res.kind === 'not-found') return keyNotFound(c);
    if (res.kind === 'revoked') return fail(c, 409, 'This key is revoked', { code: 'revoked' });
    ctx.keyCache.invalidate();
    await audit(ctx.db, actor(c), 'key.updated', ctx.clock.now(), res.row.id, { fields: Object.keys(body.data) });
    return ok(c, 'API key updated', toAdminKey(res.row));
  });

  app.post('/keys/:id/revoke', async (c) => {
    if (!(await ownKey(c))) return keyNotFound(c);
    const row = await revokeApiKey(ctx.db, c.req.param('id'), ctx.clock.now());
    if (!row) return keyNotFound(c);
    ctx.keyCache.invalidate();
    await audit(ctx.db, actor(c), 'key.revoked', ctx.clock.now(), row.id);
    return ok(c, 'API key revoked', toAdminKey(row));
  });

  app.post('/keys/:id/test-event', async (c) => {
    if (!(await ownKey(c))) return keyNotFound(c);
    const res = await enqueueTestEvents(ctx.db, c.req.param('id'), ctx.clock.now());
    if (res.kind === 'not-found') return keyNotFound(c);
    if (res.kind === 'no-urls') return fail(c, 400, 'The key has no webhook URLs configured', { code: 'no_urls' });
    ctx.kickWebhooks();
    return ok(c, 'Test webhook events queued', { events: res.events });
  });

  app.get('/webhooks', async (c) => {
    const q = adminDeliveryListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const keyIds = (await ctx.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.orgId, c.get('member').orgId))).map((k) => k.id);
    const { items, total } = await listDeliveries(ctx.db, q.data, { keyIds });
    // A role that may not open cases (developer) sees that events went out and what receivers
    // answered, not the identity data or the image links the bodies carry.
    const shown = roleAbilities[c.get('member').role].review ? items
      : items.map((d) => ({ ...d, payload: redactWebhookPayload(d.payload), payloadRedacted: true }));
    return okList(c, 'Fetched webhook deliveries', shown, pageMeta(total, q.data.page, q.data.limit));
  });

  app.post('/webhooks/:eventId/redeliver', async (c) => {
    const eventId = c.req.param('eventId');
    const [own] = await ctx.db.select({ id: webhookEvents.id }).from(webhookEvents)
      .innerJoin(apiKeys, eq(apiKeys.id, webhookEvents.apiKeyId))
      .where(and(eq(webhookEvents.id, eventId), eq(apiKeys.orgId, c.get('member').orgId))).limit(1);
    if (!own || !(await redeliverEvent(ctx.db, eventId, ctx.clock.now()))) return fail(c, 404, 'Webhook event not found', { code: 'not_found' });
    ctx.kickWebhooks();
    await audit(ctx.db, actor(c), 'webhook.redelivered', ctx.clock.now(), eventId);
    return ok(c, 'Webhook event queued for redelivery', { id: eventId });
  });

  return app;
}
