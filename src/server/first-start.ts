import { closeSync, openSync, writeSync } from 'node:fs';
import { defaultCampaignDefinition } from '../contract/campaign';
import { ensureDefaultCampaign } from './campaigns/campaign-repo';
import type { AppContext } from './context';
import { createApiKey } from './keys/api-keys';
import { curlCreateVerification } from './keys/curl-example';
import { countApiKeys } from './keys/key-admin';

export const FIRST_KEY_NAME = 'default test key';

export interface FirstStartResult {
  /** Present only when this start created the first key (the table was empty). */
  createdKey: { id: string; apiKey: string } | null;
}

/** Where the one-time key block goes: a terminal, never the JSON log. */
export type Print = (text: string) => void;

/** The command the log names when no terminal could show a new key. */
export const CREATE_KEY_COMMAND = 'npm run idv -- keys create --mode test';

/**
 * The operator's terminal, or null when there is none. Standard output when it is a terminal;
 * otherwise the process's controlling terminal (`/dev/tty`) when output is redirected (`> log`,
 * `| tee`); null in a container or service without one, where stdout is the collected log.
 */
export function terminalPrinter(): Print | null {
  if (process.stdout.isTTY) return (text) => { process.stdout.write(text); };
  try {
    const fd = openSync('/dev/tty', 'w');
    return (text) => {
      try { writeSync(fd, text); } finally { closeSync(fd); }
    };
  } catch {
    return null;
  }
}

/**
 * First start: seeds the default campaign and, when the api_keys table is empty (revoked keys
 * count as keys) and a terminal can show it, creates a test key without webhook URLs and shows
 * it there once with a curl example. Without a terminal no key is made (a key nobody saw would
 * only sit there, and the next start with a terminal makes one); the log says which command
 * makes one. Two processes starting together on one PostgreSQL could both see an empty table and
 * create a key each; that is harmless (two test keys), so no lock is taken.
 */
export async function firstStart(ctx: AppContext, opts: { terminal?: Print | null } = {}): Promise<FirstStartResult> {
  const now = ctx.clock.now();
  await ensureDefaultCampaign(ctx.db, defaultCampaignDefinition, now);
  if (await countApiKeys(ctx.db) > 0) return { createdKey: null };
  const terminal = opts.terminal === undefined ? terminalPrinter() : opts.terminal;
  if (!terminal) {
    ctx.logger.info('first start: no terminal to show a new test key on, so none was created', { createKey: CREATE_KEY_COMMAND });
    return { createdKey: null };
  }
  const { row, apiKey } = await createApiKey(ctx.db, ctx.secrets, { mode: 'test', name: FIRST_KEY_NAME }, now);
  // The logger gets the id only; the key itself goes to the terminal.
  ctx.logger.info('first start: created a test key, shown on the terminal', { keyId: row.id });
  terminal(firstKeyBlock(ctx.settings.baseUrl, row.id, apiKey));
  return { createdKey: { id: row.id, apiKey } };
}

export function firstKeyBlock(baseUrl: string, keyId: string, apiKey: string): string {
  return [
    '',
    '================================================================',
    ` First start: created a test API key (${keyId}).`,
    ' It is shown only this once: store it now.',
    '',
    `   ${apiKey}`,
    '',
    ' Create a verification with it:',
    '',
    curlCreateVerification(baseUrl, apiKey).replace(/^/gm, '   '),
    '',
    ' Webhook URLs: npm run idv -- keys update ' + keyId + ' --events-url URL --decision-url URL',
    '================================================================',
    '',
    '',
  ].join('\n');
}
