import { serve } from '@hono/node-server';
import { Hono } from 'hono';

// The framework's floor: a bare JSON endpoint, same Hono + node-server, no middleware, no DB.
const app = new Hono();
app.get('/bare', (c) => c.json({ status: true, message: 'ok', code: 200 }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
