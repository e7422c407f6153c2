import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, isPrivateAddress, parseWebhookUrl } from './url-guard';

describe('webhook URL guard', () => {
  it('accepts only absolute http(s) URLs without credentials', () => {
    expect(parseWebhookUrl('https://example.com/hook').ok).toBe(true);
    expect(parseWebhookUrl('http://example.com:8080/x?y=1').ok).toBe(true);
    expect(parseWebhookUrl('ftp://example.com/')).toEqual({ ok: false, reason: 'only http and https URLs are allowed' });
    expect(parseWebhookUrl('file:///etc/passwd').ok).toBe(false);
    expect(parseWebhookUrl('/relative').ok).toBe(false);
    expect(parseWebhookUrl('https://user:pw@example.com/').ok).toBe(false);
  });

  it('classifies private, loopback, link-local and special addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('refuses private targets, literal or resolved, unless allowed', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://localhost/x', 'http://2130706433/', 'http://[::ffff:7f00:1]/']) {
      const res = await checkWebhookUrl(url, { allowPrivate: false });
      expect(res.ok, url).toBe(false);
      expect((await checkWebhookUrl(url, { allowPrivate: true })).ok, url).toBe(true);
    }
    expect((await checkWebhookUrl('http://93.184.215.14/hook', { allowPrivate: false })).ok).toBe(true);
  });

  it('refuses private addresses at connect time through the lookup', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      guardedLookup('localhost', { all: true }, (e) => resolve(e));
    });
    expect(err?.code).toBe('EPRIVATEADDR');
  });
});
