import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../env';
import { sweepExpired } from '../jobs/expiry-sweeper';
import { createHarness, type Harness } from '../testing/harness';
import { parseRateRule } from './rate-limiter';

// Limits answer 429 in the envelope with Retry-After, count per address, per session and per
// key, and reopen when the window has passed (the harness clock travels).
let h: Harness;
let apiKey: string;
const tiny = (mime = 'image/jpeg') => ({ 'content-type': mime });

beforeAll(async () => {
  h = await createHarness({
    TRUST_PROXY: '1',
    RATE_LIMIT_HOSTED_PER_ADDRESS: '8/60',
    RATE_LIMIT_UPLOADS_PER_SESSION: '3/600',
    RATE_LIMIT_SIGN_IN_PER_ADDRESS: '4/900',
    RATE_LIMIT_API_PER_KEY: '10/60',
  });
  apiKey = (await h.createKey()).apiKey;
});
afterAll(async () => { await h.close(); });

const newSession = async () => (await h.request('POST', '/api/v1/verifications', { key: apiKey, body: {} })).body.data.verificationId as string;
const hosted = (id: string, from: string) => h.request('GET', `/api/v1/hosted/verifications/${id}`, { headers: { 'x-forwarded-for': `198.51.100.1, ${from}` } });

describe('rate limits', () => {
  it('per client address on the hosted API: 429 in the envelope with Retry-After; another address is not affected; reopens after the window', async () => {
    const id = await newSession();
    h.clock.advance(60_000 - (h.clock.now().getTime() % 60_000));
    for (let i = 0; i < 8; i += 1) expect((await hosted(id, '203.0.113.5')).status).toBe(200);
    const refused = await hosted(id, '203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toMatchObject({ status: false, code: 429, data: null, error: { code: 'rate_limited', limit: 'hosted-address', retryAfterSeconds: 60 } });
    expect((await hosted(id, '203.0.113.6')).status).toBe(200);
    h.clock.advance(61_000);
    expect((await hosted(id, '203.0.113.5')).status).toBe(200);
  });

  it('uploads per verification: the fourth upload to one session is refused before the route runs; an upload to another session reaches it', async () => {
    const [a, b] = [await newSession(), await newSession()];
    const put = (id: string, from: string) => h.request('PUT', `/api/v1/hosted/verifications/${id}/media/document-front`, { headers: { ...tiny(), 'x-forwarded-for': from }, raw: 'not an image' });
    // The route's own answer (here 409: the session was never started) until the limit.
    for (let i = 0; i < 3; i += 1) expect((await put(a, `192.0.2.${i}`)).status).toBe(409);
    const refused = await put(a, '192.0.2.9');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', limit: 'uploads-session' });
    expect((await put(b, '192.0.2.10')).status).toBe(409);
  });

  it('dashboard sign-in per address, before the password is even checked', async () => {
    const signIn = (from: string) => h.request('POST', '/api/dashboard/auth/sign-in', { headers: { 'x-forwarded-for': from }, body: { email: 'nobody@x.test', password: 'wrong password here' } });
    for (let i = 0; i < 4; i += 1) expect((await signIn('203.0.113.77')).status).toBe(401);
    const refused = await signIn('203.0.113.77');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn('203.0.113.78')).status).toBe(401);
  });

  it('per API key when set: the key\'s eleventh call in a minute is refused; other keys are not', async () => {
    h.clock.advance(60_000 - (h.clock.now().getTime() % 60_000));
    const other = (await h.createKey()).apiKey;
    const list = (key: string) => h.request('GET', '/api/v1/verifications?limit=1', { key });
    for (let i = 0; i < 10; i += 1) expect((await list(apiKey)).status).toBe(200);
    expect((await list(apiKey)).body).toMatchObject({ code: 429, error: { limit: 'api-key' } });
    expect((await list(other)).status).toBe(200);
  });

  it('old counters are swept', async () => {
    h.clock.advance(3 * 24 * 3600_000);
    expect((await sweepExpired(h.ctx)).rateLimits).toBeGreaterThan(0);
    expect((await sweepExpired(h.ctx)).rateLimits).toBe(0);
  });
});

describe('rate limit settings', () => {
  it('are on by default except per key, and read N/S or 0', () => {
    const s = loadSettings({});
    expect(s.rateLimits).toEqual({
      hostedPerAddress: { max: 600, windowS: 60 }, uploadsPerSession: { max: 60, windowS: 600 },
      signInPerAddress: { max: 30, windowS: 900 }, apiPerKey: null,
    });
    expect(parseRateRule('0')).toBeNull();
    for (const bad of ['10', '10/0', '0/60', '-1/60', '10/100000', '1e3/60', ' 5/60']) expect(parseRateRule(bad), bad).toBe('invalid');
    expect(() => loadSettings({ RATE_LIMIT_API_PER_KEY: 'lots' })).toThrow(SettingsError);
  });
});
