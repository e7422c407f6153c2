import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';

// HSTS reaches the browser also when TLS ends at a proxy in front (X-Forwarded-Proto: https),
// but only when the operator said the proxy is trusted (TRUST_PROXY=1).
describe('Strict-Transport-Security', () => {
  let trusted: Harness;
  let untrusted: Harness;
  beforeAll(async () => {
    trusted = await createHarness({ TRUST_PROXY: '1' });
    untrusted = await createHarness();
  });
  afterAll(async () => { await trusted.close(); await untrusted.close(); });

  const hsts = async (h: Harness, headers: Record<string, string>) => (await h.request('GET', '/api/health', { headers })).headers.get('strict-transport-security');

  it('is sent behind a trusted TLS-terminating proxy', async () => {
    expect(await hsts(trusted, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(trusted, { 'x-forwarded-proto': 'http, https' })).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain http, nor on a forwarded header nobody vouches for', async () => {
    expect(await hsts(trusted, {})).toBeNull();
    expect(await hsts(trusted, { 'x-forwarded-proto': 'https, http' })).toBeNull();
    expect(await hsts(untrusted, { 'x-forwarded-proto': 'https' })).toBeNull();
  });
});
