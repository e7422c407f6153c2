import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signPayload, webhookHeaders } from './signing';

const apiKey = 'sk_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ-_0123456';
const verifier = () => new Webhook(Buffer.from(apiKey, 'utf8').toString('base64'));
const body = JSON.stringify({ event: 'verification.started', data: { verificationId: 'abc', name: 'Zoë ✓' } });

describe('webhook signing', () => {
  it('is verified by the standardwebhooks library with the API key as raw key', () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(apiKey, 'msg_1', ts, body);
    expect(verifier().verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('idv-webhooks/1');
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(ts));
  });

  it('matches the library signature byte for byte, also the raw-format constructor', () => {
    const ts = 1_767_607_200;
    const expected = new Webhook(apiKey, { format: 'raw' }).sign('msg_x', new Date(ts * 1000), body);
    expect(signPayload(apiKey, 'msg_x', ts, body)).toBe(expected);
  });

  it('fails verification for a tampered body, id, timestamp or a different key', () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(apiKey, 'msg_1', ts, body);
    expect(() => verifier().verify(body.replace('abc', 'abd'), headers)).toThrow();
    expect(() => verifier().verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => verifier().verify(body, { ...headers, 'webhook-timestamp': String(ts - 1) })).toThrow();
    const other = new Webhook(Buffer.from(`${apiKey}x`).toString('base64'));
    expect(() => other.verify(body, headers)).toThrow();
  });

  it('changes only with id, timestamp or body', () => {
    const a = signPayload(apiKey, 'msg_1', 100, body);
    expect(signPayload(apiKey, 'msg_1', 100, body)).toBe(a);
    expect(signPayload(apiKey, 'msg_1', 101, body)).not.toBe(a);
    expect(a).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });
});
