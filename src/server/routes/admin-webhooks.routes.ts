import { Hono } from 'hono';
import type { AppContext } from '../context';

// Placeholder: filled in by the webhooks work (deliveries list, redeliver, test event).
export function adminWebhookRoutes(_ctx: AppContext): Hono {
  return new Hono();
}
