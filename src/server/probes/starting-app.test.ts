import { describe, expect, it } from 'vitest';
import { startingApp } from './starting-app';

// What a process answers before its database is open (main.ts binds the port first).
describe('starting app', () => {
  const app = startingApp();
  const get = async (path: string, method = 'GET') => {
    const res = await app.fetch(new Request(`http://idv.test${path}`, { method }));
    return { status: res.status, body: await res.json() as Record<string, unknown>, headers: res.headers };
  };

  it('is live but not ready', async () => {
    for (const base of ['', '/api']) {
      expect((await get(`${base}/livez`)).body).toMatchObject({ status: true, message: 'live', code: 200 });
      const ready = await get(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: false, code: 503, error: { code: 'not_ready', missing: ['database', 'storage', 'models'] } });
    }
  });

  it('answers every other request 503 in the envelope with Retry-After, as during a database outage', async () => {
    for (const [path, method] of [['/api/v1/verifications', 'POST'], ['/api/health', 'GET'], ['/', 'GET']] as const) {
      const r = await get(path, method);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body).toMatchObject({ status: false, data: null, code: 503, error: { code: 'starting', retryAfterSeconds: 1 } });
    }
  });
});
