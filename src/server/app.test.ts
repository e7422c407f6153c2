import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './testing/harness';

describe('app foundation', () => {
  let h: Harness;
  beforeAll(async () => { h = await createHarness(); });
  afterAll(async () => { await h.close(); });

  it('answers health with the database kind', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.db).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('sets strict security headers', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await h.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: false, code: 404, data: null });
  });
});
