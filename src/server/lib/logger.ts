import { createHash } from 'node:crypto';

/** One JSON line per log entry. Callers never pass API keys, tokens or request bodies. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * A verification id is the individual flow's only credential (the hosted link): logs hold a
 * short one-way reference instead, the first 12 hex of its SHA-256 (an operator with the id
 * computes the same reference to find its lines; 48 bits cannot be turned back into 128).
 */
export const logRef = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 12);
/** Fields that carry a verification (or company) id: written as `<name>Ref`. */
const ID_FIELDS: Record<string, string> = { verificationId: 'verificationRef', subjectId: 'subjectRef', processId: 'processRef', livenessVerificationId: 'livenessVerificationRef' };
/** A 32-hex id anywhere in a string (a request path, an error message). */
const HEX_ID = /\b[0-9a-f]{32}\b/g;

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (k in ID_FIELDS) out[ID_FIELDS[k]!] = typeof v === 'string' ? logRef(v) : v;
    else out[k] = typeof v === 'string' ? v.replace(HEX_ID, (id) => `ref:${logRef(id)}`) : v;
  }
  return out;
}

export function createLogger(level: LogLevel = 'info'): Logger {
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...(fields ? scrub(fields) : {}) });
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}
