import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { messages, type PaginationMeta } from '../../contract/envelope';
import { nulPath } from './json-nul';

/** Success envelope; `data` omitted when undefined (e.g. DELETE). */
export function ok(c: Context, message: string, data?: unknown) {
  const body: Record<string, unknown> = { status: true, message };
  if (data !== undefined) body.data = data;
  body.code = 200;
  return c.json(body, 200);
}

export function okList(c: Context, message: string, data: unknown[], meta: PaginationMeta) {
  return c.json({ status: true, message, data, meta, code: 200 }, 200);
}

/** Error envelope: `status` false, `data` null, `error` object or null, `code` = HTTP status. */
export function fail(c: Context, httpStatus: number, message: string, error: Record<string, unknown> | null = null) {
  // A refused oversized body is left unread: closing the connection after the answer keeps a
  // keep-alive client from sending its next request on a socket the server then drops.
  if (httpStatus === 413) c.header('Connection', 'close');
  return c.json({ status: false, message, error, data: null, code: httpStatus }, httpStatus as ContentfulStatusCode);
}

export const unauthorized = (c: Context) => fail(c, 401, messages.unauthorized);
export const notFound = (c: Context) => fail(c, 400, messages.notFound);

/** Turns zod issues into the `error` object of a 400: `{ issues: [{ path, message }] }`. */
export function validationError(c: Context, err: z.ZodError, message: string = messages.invalidBody) {
  return fail(c, 400, message, {
    issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/** Reads a JSON object body; returns a Response on malformed input, never throws. */
export async function readJsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; res: Response }> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, res: fail(c, 400, messages.invalidBody, { issues: [{ path: '', message: 'body is not valid JSON' }] }) };
  }
  // PostgreSQL text and jsonb cannot hold NUL: refused here rather than failing in the database.
  const nul = nulPath(value);
  if (nul !== null) return { ok: false, res: fail(c, 400, messages.invalidBody, { issues: [{ path: nul, message: 'text must not contain NUL characters' }] }) };
  return { ok: true, value };
}

export function pageMeta(total: number, page: number, limit: number): PaginationMeta {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}
