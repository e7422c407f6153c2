import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { Secrets } from '../lib/secrets';
import { loadSettings } from '../env';
import { JITTER, RETRY_DELAYS_MS } from '../webhooks/schedule';
import { createMediaSigner, createWebhookMediaSigner } from './signed-url';

describe('signed media URLs', () => {
  const clock = new ManualClock(new Date('2026-01-05T10:00:00Z'));
  const settings = { baseUrl: 'https://idv.example/api', mediaUrlTtlSeconds: 600 };
  const signer = createMediaSigner({ secrets: new Secrets(Buffer.alloc(32, 1)), clock, settings });
  const parse = (url: string) => {
    const u = new URL(url);
    return { key: decodeURIComponent(u.pathname.replace('/api/media/', '')), exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
  };

  it('signs a key into an expiring URL under base_url and verifies it', () => {
    const url = signer.url('verifications/abc/selfie.jpg');
    const exp = Date.parse('2026-01-05T10:10:00Z') / 1000;
    expect(url).toMatch(new RegExp(`^https://idv\\.example/api/media/verifications/abc/selfie\\.jpg\\?exp=${exp}&sig=[0-9a-f]{64}$`));
    const p = parse(url);
    expect(signer.verify(p.key, p.exp, p.sig)).toBe(true);
  });

  it('gives an empty URL for an empty key', () => {
    expect(signer.url('')).toBe('');
    expect(signer.verify('', '1', 'a'.repeat(64))).toBe(false);
  });

  it('refuses a tampered key, expiry or signature, and an expired link', () => {
    const p = parse(signer.url('a/b.jpg'));
    expect(signer.verify('a/c.jpg', p.exp, p.sig)).toBe(false);
    expect(signer.verify(p.key, String(Number(p.exp) + 1), p.sig)).toBe(false);
    expect(signer.verify(p.key, p.exp, `${p.sig.slice(0, -1)}${p.sig.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(signer.verify(p.key, p.exp, p.sig.toUpperCase())).toBe(false);
    expect(signer.verify(p.key, 'NaN', p.sig)).toBe(false);
    const other = createMediaSigner({ secrets: new Secrets(Buffer.alloc(32, 2)), clock, settings });
    expect(other.verify(p.key, p.exp, p.sig)).toBe(false);
    clock.advance(599_000);
    expect(signer.verify(p.key, p.exp, p.sig)).toBe(true);
    clock.advance(1_000);
    expect(signer.verify(p.key, p.exp, p.sig)).toBe(false);
  });

  it('encodes each key segment', () => {
    const url = signer.url('x/a b?.jpg');
    expect(url).toContain('/media/x/a%20b%3F.jpg?exp=');
    const p = parse(url);
    expect(signer.verify(p.key, p.exp, p.sig)).toBe(true);
  });

  it('gives webhook payload URLs their own lifetime, longer than every retry', () => {
    const webhookClock = new ManualClock(new Date('2026-01-05T10:00:00Z'));
    const defaults = loadSettings({});
    const deps = { secrets: new Secrets(Buffer.alloc(32, 1)), clock: webhookClock, settings: { ...defaults, baseUrl: settings.baseUrl } };
    const forRecords = createMediaSigner(deps);
    const forWebhooks = createWebhookMediaSigner(deps);
    const now = Date.parse('2026-01-05T10:00:00Z') / 1000;
    expect(parse(forRecords.url('a/b.jpg')).exp).toBe(String(now + 3600));
    const p = parse(forWebhooks.url('a/b.jpg'));
    expect(p.exp).toBe(String(now + 72 * 3600));
    // The last retry is due after every delay at its longest jitter; the URL still works then.
    const lastRetryMs = RETRY_DELAYS_MS.reduce((sum, d) => sum + d * (1 + JITTER), 0);
    webhookClock.advance(lastRetryMs);
    expect(forWebhooks.verify(p.key, p.exp, p.sig)).toBe(true);
    webhookClock.advance(72 * 3600 * 1000 - lastRetryMs);
    expect(forWebhooks.verify(p.key, p.exp, p.sig)).toBe(false);
    // The setting is honoured.
    const custom = createWebhookMediaSigner({ ...deps, settings: { baseUrl: settings.baseUrl, webhookMediaUrlTtlSeconds: 900 } });
    expect(Number(parse(custom.url('a/b.jpg')).exp) - Math.floor(webhookClock.now().getTime() / 1000)).toBe(900);
  });
});
