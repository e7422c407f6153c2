import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature: `v1,` + base64(HMAC-SHA256(key, "<id>.<timestamp>.<body>")),
 * keyed by the UTF-8 bytes of the API key ("raw key" format of the `standardwebhooks` library).
 * `timestampSec` is unix seconds; `body` is the exact bytes sent.
 */
export function signPayload(secret: string, id: string, timestampSec: number, body: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${id}.${timestampSec}.`, 'utf8')
    .update(body, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

export const WEBHOOK_USER_AGENT = 'idv-webhooks/1';

/** Every header of one delivery attempt. The id is stable across retries; the timestamp is not. */
export function webhookHeaders(secret: string, id: string, timestampSec: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': signPayload(secret, id, timestampSec, body),
  };
}
