import type { CampaignDefinition } from '../../contract/campaign';
import type { CompanyEventType } from '../../contract/events';
import type { DbOrTx } from '../db/types';
import { enqueueEvent } from '../webhooks/outbox';
import { buildCompanyPayload } from './payload';
import type { CompanyRow } from './store';

/** Writes a company event with the full payload; call inside the transaction of the change. */
export async function enqueueCompanyEvent(tx: DbOrTx, row: CompanyRow, campaign: CampaignDefinition, type: CompanyEventType, now: Date): Promise<string> {
  return enqueueEvent(tx, { apiKeyId: row.apiKeyId, type, data: buildCompanyPayload(row, campaign), subjectId: row.id, now });
}
