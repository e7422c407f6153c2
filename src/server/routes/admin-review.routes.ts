import { Hono } from 'hono';
import type { AppContext } from '../context';

// Placeholder: filled in by the work on this route group.
export function adminReviewRoutes(_ctx: AppContext): Hono {
  return new Hono();
}
