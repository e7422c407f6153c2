import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, DashboardError, setCsrfToken, toQuery } from './dashboard-api';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => { vi.unstubAllGlobals(); setCsrfToken(''); });

describe('dashboard API client', () => {
  it('answers data, sends the CSRF token on changes only, and JSON bodies with their type', async () => {
    const fetch = vi.fn(async () => answer(200, { status: true, message: 'ok', data: { a: 1 }, code: 200 }));
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('csrf-1');
    expect(await call('GET', '/me')).toEqual({ a: 1 });
    await call('POST', '/team', { email: 'x@y.z' });
    const [getUrl, get] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const [, post] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(getUrl).toBe('/api/dashboard/me');
    expect(get.headers).toEqual({});
    expect(post.headers).toEqual({ 'content-type': 'application/json', 'x-csrf-token': 'csrf-1' });
    expect(post.body).toBe('{"email":"x@y.z"}');
    expect(post.credentials).toBe('same-origin');
  });

  it('throws the envelope\'s status, code and detail; a dropped connection is `network`', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(429, { status: false, message: 'Too many', data: null, error: { code: 'locked', retryAfterSeconds: 60 }, code: 429 })));
    const err = await call('POST', '/auth/sign-in', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DashboardError);
    expect(err).toMatchObject({ status: 429, code: 'locked', detail: { retryAfterSeconds: 60 } });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    expect(await call('GET', '/me').catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'network' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    expect(await call('GET', '/me').catch((e: unknown) => e)).toMatchObject({ status: 502, code: '502' });
  });

  it('builds a query of the set values only', () => {
    expect(toQuery({ family: 'company', status: '', q: undefined, page: 2 })).toBe('?family=company&page=2');
    expect(toQuery({ q: '' })).toBe('');
    expect(toQuery({ q: 'a&b c' })).toBe('?q=a%26b+c');
  });
});
