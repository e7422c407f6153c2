import { defaultCampaignDefinition } from '../contract/campaign';
import { ensureDefaultCampaign } from './campaigns/campaign-repo';
import type { AppContext } from './context';

/** First start: seeds the default campaign and, with no keys at all, creates and prints a test key. */
export async function firstStart(ctx: AppContext): Promise<void> {
  await ensureDefaultCampaign(ctx.db, defaultCampaignDefinition, ctx.clock.now());
}
