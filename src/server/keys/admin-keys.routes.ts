import { Hono } from 'hono';
import { getOrg } from '../accounts/org-store';
import { adminMessages, createKeyBodySchema, updateKeyBodySchema } from '../../contract/admin';
import type { AppContext } from '../context';
import { fail, ok, readJsonBody, validationError } from '../http/envelope';
import { createApiKey } from './api-keys';
import { getApiKey, listApiKeys, revokeApiKey, toAdminKey, updateApiKey } from './key-admin';

/**
 * Admin API for API keys, mounted under /api/admin behind `requireAdmin` (app.ts). Unknown key
 * ids answer 404 here: this is the operator's API, not the customer contract (which uses 400).
 */
export function adminRoutes(ctx: AppContext): Hono {
  const r = new Hono();

  r.post('/keys', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.res;
    const parsed = createKeyBodySchema.safeParse(body.value);
    if (!parsed.success) return validationError(c, parsed.error);
    if (parsed.data.orgId && !(await getOrg(ctx.db, parsed.data.orgId))) return fail(c, 400, 'Organisation not found', { code: 'org_not_found' });
    const { row, apiKey } = await createApiKey(ctx.db, ctx.secrets, parsed.data, ctx.clock.now());
    ctx.logger.info('api key created', { keyId: row.id, mode: row.mode });
    return ok(c, adminMessages.keyCreated, { ...toAdminKey(row), apiKey });
  });

  r.get('/keys', async (c) => {
    const rows = await listApiKeys(ctx.db);
    return ok(c, adminMessages.keysFetched, rows.map(toAdminKey));
  });

  r.get('/keys/:id', async (c) => {
    const row = await getApiKey(ctx.db, c.req.param('id'));
    if (!row) return fail(c, 404, adminMessages.keyNotFound);
    return ok(c, adminMessages.keyFetched, toAdminKey(row));
  });

  r.patch('/keys/:id', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.res;
    const parsed = updateKeyBodySchema.safeParse(body.value);
    if (!parsed.success) return validationError(c, parsed.error);
    const res = await updateApiKey(ctx.db, c.req.param('id'), parsed.data);
    if (res.kind === 'not-found') return fail(c, 404, adminMessages.keyNotFound);
    if (res.kind === 'revoked') return fail(c, 409, adminMessages.keyRevokedAlready);
    // Cached rows carry origins and URLs: drop them so this process sees the change at once.
    ctx.keyCache.invalidate();
    ctx.logger.info('api key updated', { keyId: res.row.id, fields: Object.keys(parsed.data) });
    return ok(c, adminMessages.keyUpdated, toAdminKey(res.row));
  });

  r.post('/keys/:id/revoke', async (c) => {
    const row = await revokeApiKey(ctx.db, c.req.param('id'), ctx.clock.now());
    if (!row) return fail(c, 404, adminMessages.keyNotFound);
    ctx.keyCache.invalidate();
    ctx.logger.info('api key revoked', { keyId: row.id });
    return ok(c, adminMessages.keyRevoked, toAdminKey(row));
  });

  return r;
}
