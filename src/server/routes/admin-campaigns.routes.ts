import { Hono } from 'hono';
import type { AppContext } from '../context';

// Placeholder: filled in by the work on this route group.
export function adminCampaignRoutes(_ctx: AppContext): Hono {
  return new Hono();
}
