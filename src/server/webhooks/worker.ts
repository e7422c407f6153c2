import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { apiKeys, webhookAttempts, webhookEvents } from '../db/schema';
import { systemClock, type Clock } from '../lib/clock';
import { claimDueEvents, type ClaimedEvent } from './claim';
import { postWebhook, type AttemptResult } from './delivery';
import { nextRetryDelayMs } from './schedule';
import { webhookHeaders } from './signing';
import { webhookDeliveryLag, webhookFailures } from '../metrics/registry';
import { withSpan } from '../telemetry/tracing';

export interface WorkerOptions {
  /** Poll interval of the background loop (real ms); kick() wakes it sooner. */
  pollMs?: number;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /**
   * Deliveries in flight at once per organisation (default a quarter of `concurrency`): a
   * receiver that hangs holds at most this many slots, the rest serve other organisations.
   */
  perOrgConcurrency?: number;
  /** Per attempt (ms). */
  timeoutMs?: number;
  /** How long a claimed event stays reserved for this worker (clock ms); > timeoutMs. */
  leaseMs?: number;
  maxResponseBytes?: number;
  /** Jitter source, [0, 1). */
  random?: () => number;
  /**
   * Source of `Webhook-Timestamp`. Real time even when ctx.clock is a test clock: receivers
   * compare it with their own clock to refuse replays (standardwebhooks allows ±5 min).
   */
  wallClock?: Clock;
}

export interface WebhookWorker {
  /** Claims what is due now (up to the free slots), sends it, waits; returns how many were sent. */
  runOnce(): Promise<number>;
  /** Starts the polling loop. */
  start(): void;
  kick(): void;
  /** Stops polling and waits for in-flight deliveries to be recorded. */
  stop(): Promise<void>;
}

type KeyInfo = { orgId: string; secretEnc: string; eventsUrl: string | null; decisionUrl: string | null };

export function createWebhookWorker(ctx: AppContext, opts: WorkerOptions = {}): WebhookWorker {
  const pollMs = opts.pollMs ?? 1000;
  const concurrency = opts.concurrency ?? 16;
  const perOrg = Math.max(1, Math.min(concurrency, opts.perOrgConcurrency ?? Math.ceil(concurrency / 4)));
  /** In-flight deliveries per organisation (the fairness rule in claimDueEvents). */
  const busy = new Map<string, number>();
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const leaseMs = opts.leaseMs ?? Math.max(60_000, timeoutMs * 2);
  const maxResponseBytes = opts.maxResponseBytes ?? 4096;
  const random = opts.random ?? Math.random;
  const wallClock = opts.wallClock ?? systemClock;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let kicked = false;

  const wakeUp = () => {
    kicked = true;
    wake?.();
  };

  async function attempt(ev: ClaimedEvent, key: KeyInfo | undefined): Promise<{ url: string; result: AttemptResult }> {
    const url = (ev.destination === 'decision' ? key?.decisionUrl : key?.eventsUrl) ?? null;
    if (!key || !url) {
      const error = `no ${ev.destination} URL configured`;
      return { url: '', result: { ok: false, statusCode: null, error, durationMs: 0 } };
    }
    let secret: string;
    try {
      secret = ctx.secrets.decrypt(key.secretEnc);
    } catch {
      return { url, result: { ok: false, statusCode: null, error: 'signing key cannot be decrypted', durationMs: 0 } };
    }
    const ts = Math.floor(wallClock.now().getTime() / 1000);
    const headers = webhookHeaders(secret, ev.id, ts, ev.body);
    const result = await postWebhook(url, headers, ev.body, { timeoutMs, allowPrivate: ctx.settings.webhookAllowPrivate, maxResponseBytes });
    return { url, result };
  }

  /**
   * One attempt in a CLIENT span (telemetry/, when tracing is on): event type, destination, attempt
   * number, answer status. Never the URL (its path or query may hold a customer's token), the
   * payload, the headers or the signing key.
   */
  const tracedAttempt = (ev: ClaimedEvent, key: KeyInfo | undefined) => withSpan('webhook.delivery', 'client', {
    'idv.webhook.event_type': ev.eventType, 'idv.webhook.destination': ev.destination, 'idv.webhook.attempt': ev.attempts + 1,
  }, async (span) => {
    const out = await attempt(ev, key);
    const { statusCode, ok } = out.result;
    span.setAttributes({ 'http.request.method': 'POST', 'http.response.status_code': statusCode ?? undefined });
    // error.type: the status when the receiver answered, else that it did not (the message may name addresses).
    if (!ok) span.fail(statusCode !== null ? String(statusCode) : 'no_answer');
    return out;
  });

  async function deliver(ev: ClaimedEvent, key: KeyInfo | undefined): Promise<void> {
    const attemptedAt = ctx.clock.now();
    const { url, result } = await tracedAttempt(ev, key);
    const failures = ev.attempts + 1;
    const now = ctx.clock.now();
    const delay = result.ok ? null : nextRetryDelayMs(failures, random);
    await ctx.db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        eventId: ev.id, url, attemptedAt, statusCode: result.statusCode, error: result.error,
        durationMs: result.durationMs, ok: result.ok,
      });
      await tx.update(webhookEvents).set(result.ok
        ? { state: 'delivered', deliveredAt: now, attempts: sql`${webhookEvents.attempts} + 1`, lastError: null }
        : delay === null
          ? { state: 'failed', attempts: sql`${webhookEvents.attempts} + 1`, lastError: result.error }
          : { attempts: sql`${webhookEvents.attempts} + 1`, lastError: result.error, nextAttemptAt: new Date(now.getTime() + delay) })
        .where(eq(webhookEvents.id, ev.id));
    });
    if (!result.ok) ctx.logger.debug('webhook attempt failed', { eventId: ev.id, error: result.error, attempts: failures });
    // Metrics per organisation, in real time (the wall clock, as the receiver sees it).
    const organisation = key?.orgId ?? 'unknown';
    if (result.ok) webhookDeliveryLag.observe({ organisation }, Math.max(0, (wallClock.now().getTime() - ev.createdAt.getTime()) / 1000));
    else webhookFailures.inc({ organisation, final: delay === null ? 'true' : 'false' });
  }

  async function tick(): Promise<Promise<void>[]> {
    const free = concurrency - inFlight.size;
    if (free <= 0 || stopped) return [];
    const now = ctx.clock.now();
    const claimed = await claimDueEvents(ctx.db, now, new Date(now.getTime() + leaseMs), free, { perOrg, busy });
    if (claimed.length === 0) return [];
    const keyIds = [...new Set(claimed.map((e) => e.apiKeyId))];
    const keys = new Map<string, KeyInfo>((await ctx.db.select({
      id: apiKeys.id, orgId: apiKeys.orgId, secretEnc: apiKeys.secretEnc, eventsUrl: apiKeys.eventsUrl, decisionUrl: apiKeys.decisionUrl,
    }).from(apiKeys).where(inArray(apiKeys.id, keyIds))).map((k) => [k.id, k]));
    return claimed.map((ev) => {
      const key = keys.get(ev.apiKeyId);
      const org = key?.orgId ?? '';
      busy.set(org, (busy.get(org) ?? 0) + 1);
      const p: Promise<void> = deliver(ev, key)
        .catch((e) => ctx.logger.error('webhook delivery not recorded', { eventId: ev.id, err: String(e) }))
        .finally(() => {
          inFlight.delete(p);
          const left = (busy.get(org) ?? 1) - 1;
          if (left > 0) busy.set(org, left);
          else busy.delete(org);
          // A finished delivery frees a slot and may unblock the next event of its subject.
          wakeUp();
        });
      inFlight.add(p);
      return p;
    });
  }

  async function run(): Promise<void> {
    while (!stopped) {
      kicked = false;
      try {
        await tick();
      } catch (e) {
        if (!stopped) ctx.logger.error('webhook worker poll failed', { err: String(e) });
      }
      if (stopped) break;
      if (kicked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    async runOnce() {
      const started = await tick();
      await Promise.all(started);
      return started.length;
    },
    start() {
      if (!loop && !stopped) loop = run();
    },
    kick: wakeUp,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}
