import { E2E_ADMIN_TOKEN, E2E_BASE } from './env';

/** Talks to the e2e server as a customer (x-api-key) and as an operator (admin token). */
export async function adminCall<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${E2E_BASE}/api/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json() as { status: boolean; data: T; message: string };
  if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
}

export async function createKey(mode: 'test' | 'live', eventsUrl: string, decisionUrl: string, extra: Record<string, unknown> = {}) {
  return adminCall<{ id: string; apiKey: string }>('POST', '/keys', { mode, eventsUrl, decisionUrl, name: `e2e ${mode}`, ...extra });
}

export async function customerCall<T = any>(apiKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: { status: boolean; message: string; data: T; code: number } }> {
  const res = await fetch(`${E2E_BASE}/api/v1${path}`, {
    method,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as any };
}

/** The link as the customer received it, re-rooted on the e2e server (HOSTED_URL = PUBLIC_URL there). */
export function linkPath(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}
