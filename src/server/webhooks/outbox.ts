import { eventDestinations, type EventType } from '../../contract/events';
import type { DbOrTx } from '../db/client';
import { webhookEvents } from '../db/schema';
import { newEventId } from '../lib/ids';

export interface EnqueueInput {
  apiKeyId: string;
  type: EventType;
  data: Record<string, unknown>;
  subjectId?: string;
  now: Date;
}

/**
 * Writes an event to the outbox. Call it inside the transaction that makes the change it
 * reports, so the event exists if and only if the change committed. The body is serialised
 * here, once: every retry signs these exact bytes.
 */
export async function enqueueEvent(tx: DbOrTx, input: EnqueueInput): Promise<string> {
  const id = newEventId();
  await tx.insert(webhookEvents).values({
    id,
    apiKeyId: input.apiKeyId,
    eventType: input.type,
    destination: eventDestinations[input.type],
    subjectId: input.subjectId ?? null,
    body: JSON.stringify({ event: input.type, data: input.data }),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
  return id;
}
