// The dashboard's only way to its data: the documented `/api/dashboard` API, with the session
// cookie (HttpOnly, so never readable here) and the CSRF token, kept in memory only.

export class DashboardError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly detail: Record<string, unknown> = {}) {
    super(message);
  }
}

let csrfToken = '';
/** Set from `GET /me` or a sign-in answer; never stored in the browser's storage. */
export const setCsrfToken = (token: string) => { csrfToken = token; };

type Envelope = { status?: boolean; message?: string; data?: unknown; error?: Record<string, unknown> | null; meta?: unknown };

/** Answers `data` (and `meta` for lists); throws DashboardError with the envelope's code. */
export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await callWithMeta<T>(method, path, body);
  return res.data;
}

export async function callWithMeta<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<{ data: T; meta: unknown }> {
  let res: Response;
  try {
    res = await fetch(`/api/dashboard${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new DashboardError(0, 'network', 'network');
  }
  const json = (await res.json().catch(() => ({}))) as Envelope;
  if (!res.ok || json.status !== true) {
    const error = json.error ?? {};
    throw new DashboardError(res.status, typeof error.code === 'string' ? error.code : String(res.status), json.message ?? '', error);
  }
  return { data: json.data as T, meta: json.meta };
}

/** Query string of the defined, non-empty values. */
export function toQuery(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
