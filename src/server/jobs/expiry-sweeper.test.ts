import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_LINK_TTL_MS, INDIVIDUAL_SESSION_TTL_MS } from '../../contract/statuses';
import { companyVerifications, idempotencyKeys, verifications } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { startExpirySweeper, sweepExpired } from './expiry-sweeper';
import type { VerificationId } from '../../contract/ids';

describe('expiry sweeper', () => {
  let h: Harness;
  let key: { id: string; apiKey: string };
  beforeAll(async () => {
    h = await createHarness();
    key = await h.createKey();
  });
  afterAll(async () => { await h.close(); });

  const createMany = async (n: number, path = '/api/v1/verifications') => {
    const ids: VerificationId[] = [];
    for (let i = 0; i < n; i++) ids.push((await h.request('POST', path, { key: key.apiKey, body: {} })).body.data.verificationId);
    return ids;
  };

  it('expires due individual sessions in batches, leaving others alone', async () => {
    const due = await createMany(5);
    await h.ctx.db.update(verifications).set({ status: 'started', statusCode: 2000 }).where(eq(verifications.id, due[0]!));
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS / 2);
    const later = await createMany(1);
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS / 2);
    const result = await sweepExpired(h.ctx, 2); // batches of 2: three rounds for five rows
    expect(result.individuals).toBe(5);
    const rows = await h.ctx.db.select().from(verifications).where(inArray(verifications.id, [...due, ...later]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(due[0]!)).toMatchObject({ status: 'abandoned', statusCode: 3033, decision: 'expired', reason: 'Session expired' });
    for (const id of due.slice(1)) expect(byId.get(id)).toMatchObject({ status: 'cancelled', statusCode: 5000, decision: 'expired' });
    expect(byId.get(later[0]!)?.status).toBe('not started');
    expect((await sweepExpired(h.ctx)).individuals).toBe(0);
  });

  it('abandons expired company links and purges day-old idempotency records', async () => {
    const [cv] = await createMany(1, '/api/v1/company-verifications');
    await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: {}, headers: { 'Idempotency-Key': 'k-old' } });
    h.clock.advance(COMPANY_LINK_TTL_MS);
    await h.request('POST', '/api/v1/verifications', { key: key.apiKey, body: {}, headers: { 'Idempotency-Key': 'k-new' } });
    const result = await sweepExpired(h.ctx);
    expect(result.companies).toBe(1);
    expect(result.idempotencyKeys).toBe(1);
    const [row] = await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.publicId, cv!));
    expect(row).toMatchObject({ status: 'abandoned', statusCode: 3033, reason: 'Link expired' });
    expect(row!.auditTrail.at(-1)).toMatchObject({ action: 'expired', actor: 'system', from: 'not started' });
    const keys = await h.ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((k) => k.key)).toEqual(['k-new']);
  });

  it('runs a pass at start and on its interval; stop() waits and ends it', async () => {
    const first = await createMany(1);
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS);
    const sweeper = startExpirySweeper(h.ctx, { intervalMs: 50 });
    const status = async (id: VerificationId) => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!.status;
    try {
      await waitFor(async () => (await status(first[0]!)) === 'cancelled');
      const second = await createMany(1);
      h.clock.advance(INDIVIDUAL_SESSION_TTL_MS);
      await waitFor(async () => (await status(second[0]!)) === 'cancelled');
    } finally {
      await sweeper.stop();
    }
    const third = await createMany(1);
    h.clock.advance(INDIVIDUAL_SESSION_TTL_MS);
    await new Promise((r) => setTimeout(r, 200));
    expect(await status(third[0]!)).toBe('not started');
    expect(await sweeper.sweepNow()).toBeNull();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
}
