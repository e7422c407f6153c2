import { randomBytes } from 'node:crypto';
import { eventDestinations, type Destination, type EventType } from '../../contract/events';
import type { DbOrTx } from '../db/types';
import { webhookEvents } from '../db/schema';

export interface EnqueueInput {
  apiKeyId: string;
  type: EventType;
  data: Record<string, unknown>;
  subjectId?: string;
  now: Date;
  /** Overrides the destination of the event type (used by `webhook.test`, sent to both URLs). */
  destination?: Destination;
}

let lastSeq = 0;

/**
 * Event ids: `msg_` + 12 hex digits of a per-process strictly increasing millisecond counter
 * (real time, bumped by one on collisions) + 128 random bits. Sorting ids (bytewise, COLLATE
 * "C") therefore gives insertion order within a process, which the worker uses to keep the
 * events of one subject in order when several share the same `created_at` (one transaction, or
 * a test clock that does not move). The random part keeps ids unguessable and globally unique.
 */
export function newOrderedEventId(): string {
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  return `msg_${lastSeq.toString(16).padStart(12, '0')}${randomBytes(16).toString('base64url')}`;
}

/**
 * Writes an event to the outbox. Call it inside the transaction that makes the change it
 * reports, so the event exists if and only if the change committed. The body is serialised
 * here, once: every retry signs these exact bytes.
 */
export async function enqueueEvent(tx: DbOrTx, input: EnqueueInput): Promise<string> {
  const id = newOrderedEventId();
  await tx.insert(webhookEvents).values({
    id,
    apiKeyId: input.apiKeyId,
    eventType: input.type,
    destination: input.destination ?? eventDestinations[input.type],
    subjectId: input.subjectId ?? null,
    body: JSON.stringify({ event: input.type, data: input.data }),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
  return id;
}
