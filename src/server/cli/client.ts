import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PaginationMeta } from '../../contract/envelope';
import { CliError } from './errors';

export type Env = Record<string, string | undefined>;

/** Per request (ms): admin calls are small; a hung server should not hang the command. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Server URL: `--url`, else IDV_URL, else http://localhost:$PORT (8080). A pasted base_url
 * (…/api) or a trailing slash is accepted too.
 */
export function resolveServerUrl(flag: string | undefined, env: Env): string {
  const raw = flag ?? env.IDV_URL ?? `http://localhost:${env.PORT || 8080}`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new CliError(`invalid server URL '${raw}'`, 2);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new CliError(`invalid server URL '${raw}': use http(s)`, 2);
  return raw.replace(/\/+$/, '').replace(/\/api$/, '');
}

export function adminTokenPath(env: Env): string {
  return resolve(join(env.DATA_DIR || './data', 'admin-token'));
}

/**
 * Admin token: IDV_ADMIN_TOKEN, else the file the server wrote in DATA_DIR. The CLI never opens
 * the database (PGlite allows one process), it only talks HTTP.
 */
export function readAdminToken(env: Env): string {
  if (env.IDV_ADMIN_TOKEN) return env.IDV_ADMIN_TOKEN;
  const p = adminTokenPath(env);
  if (!existsSync(p)) {
    throw new CliError(`no admin token: set IDV_ADMIN_TOKEN or start the server once (it writes ${p}); `
      + 'run idv with the same DATA_DIR as the server');
  }
  const token = readFileSync(p, 'utf8').trim();
  if (!token) throw new CliError(`the admin token file ${p} is empty`);
  return token;
}

interface Envelope {
  status?: boolean;
  message?: string;
  data?: unknown;
  meta?: PaginationMeta;
  error?: { issues?: { path: string; message: string }[] } | null;
}

export interface AdminResponse<T> {
  message: string;
  data: T;
  meta?: PaginationMeta;
}

/** Thin client of /api/admin: maps transport and envelope failures to clear CliErrors. */
export class AdminClient {
  constructor(readonly serverUrl: string, private readonly token: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<AdminResponse<T>> {
    const url = `${this.serverUrl}/api/admin${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') {
        throw new CliError(`the server at ${this.serverUrl} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
      }
      throw new CliError(`cannot reach the server at ${this.serverUrl}: is \`npm start\` running?`);
    }
    if (res.status === 401) {
      throw new CliError(`admin token rejected by ${this.serverUrl}: use the server's IDV_ADMIN_TOKEN or its DATA_DIR/admin-token`);
    }
    const text = await res.text();
    let env: Envelope;
    try {
      env = JSON.parse(text) as Envelope;
    } catch {
      throw new CliError(`unexpected answer from ${url} (HTTP ${res.status}): is this the idv server?`);
    }
    if (!res.ok || env.status !== true) {
      const issues = env.error?.issues ?? [];
      const lines = issues.map((i) => `  ${i.path || '(body)'}: ${i.message}`);
      const msg = [env.message ?? `HTTP ${res.status}`, ...lines].join('\n');
      // A refused value (400 with issues) is the command line's fault: usage exit code.
      throw new CliError(msg, res.status === 400 && issues.length > 0 ? 2 : 1);
    }
    return { message: env.message ?? '', data: env.data as T, meta: env.meta };
  }
}
