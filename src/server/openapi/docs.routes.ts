import { Hono } from 'hono';
import type { AppContext } from '../context';
import { docsCss, renderDocs } from './docs-page';
import { buildOpenApi } from './openapi';

/** `/api/openapi.json` and a readable `/api/docs`, both from the contract's zod schemas. */
export function docsRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  let cached: Record<string, unknown> | null = null;
  const doc = () => (cached ??= buildOpenApi(ctx.settings.baseUrl));
  app.get('/openapi.json', (c) => c.json(doc()));
  app.get('/docs', (c) => c.html(renderDocs(doc())));
  app.get('/docs.css', (c) => c.body(docsCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  return app;
}
