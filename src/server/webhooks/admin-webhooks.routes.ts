import { Hono } from 'hono';
import { adminDeliveryListQuerySchema } from '../../contract/admin';
import { messages } from '../../contract/envelope';
import type { AppContext } from '../context';
import { fail, ok, okList, pageMeta, validationError } from '../http/envelope';
import { enqueueTestEvents, listDeliveries, redeliverEvent } from './admin-ops';

/**
 * Operator view of the webhook outbox (used by `idv webhooks …`), mounted under /api/admin
 * behind the admin token.
 */
export function adminWebhookRoutes(ctx: AppContext): Hono {
  const r = new Hono();

  r.get('/webhooks', async (c) => {
    const q = adminDeliveryListQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error, messages.invalidQuery);
    const { items, total } = await listDeliveries(ctx.db, q.data);
    return okList(c, 'Fetched webhook deliveries', items, pageMeta(total, q.data.page, q.data.limit));
  });

  r.post('/webhooks/:eventId/redeliver', async (c) => {
    const found = await redeliverEvent(ctx.db, c.req.param('eventId'), ctx.clock.now());
    if (!found) return fail(c, 404, 'Webhook event not found');
    ctx.kickWebhooks();
    return ok(c, 'Webhook event queued for redelivery', { id: c.req.param('eventId') });
  });

  r.post('/keys/:keyId/test-webhook', async (c) => {
    const res = await enqueueTestEvents(ctx.db, c.req.param('keyId'), ctx.clock.now());
    if (res.kind === 'not-found') return fail(c, 404, 'API key not found');
    if (res.kind === 'no-urls') return fail(c, 400, 'The key has no webhook URLs configured');
    ctx.kickWebhooks();
    return ok(c, 'Test webhook events queued', { events: res.events });
  });

  return r;
}
