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

/** Where the one-time key block goes: stdout by default, never the JSON logger. */
export type Print = (text: string) => void;
const toStdout: Print = (text) => { process.stdout.write(text); };

/**
 * First start: seeds the default campaign and, when the api_keys table is empty (revoked keys
 * count as keys), creates a test key without webhook URLs and prints it once with a curl example.
 * Two processes starting together on one PostgreSQL could both see an empty table and create a
 * key each; that is harmless (two test keys), so no lock is taken.
 */
export async function firstStart(ctx: AppContext, opts: { print?: Print } = {}): Promise<FirstStartResult> {
  const now = ctx.clock.now();
  await ensureDefaultCampaign(ctx.db, defaultCampaignDefinition, now);
  if (await countApiKeys(ctx.db) > 0) return { createdKey: null };
  const { row, apiKey } = await createApiKey(ctx.db, ctx.secrets, { mode: 'test', name: FIRST_KEY_NAME }, now);
  // The logger gets the id only; the key itself goes to the printed block below.
  ctx.logger.info('first start: created a test key', { keyId: row.id });
  (opts.print ?? toStdout)(firstKeyBlock(ctx.settings.baseUrl, row.id, apiKey));
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
