import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext, type Built } from '../bootstrap';
import { verifications } from '../db/schema';
import { sweepExpired } from '../jobs/expiry-sweeper';
import { loadSettings } from '../env';
import { ManualClock } from '../lib/clock';
import { captureAll, createSession, hostedPath } from '../individual/routes/hosted.testkit';
import { createHarness, type Harness } from '../testing/harness';

// Two processes' sweepers on one PostgreSQL database, passing at the same moment: every expired
// link is expired once and every due file erased once, between them (conditional updates under
// row locks, no double work and no lost row).
let h: Harness;
let other: Built;

describe.runIf(process.env.TEST_DATABASE_URL)('sweeps shared by two processes', () => {
  beforeAll(async () => {
    h = await createHarness();
    const settings = loadSettings({ ...process.env, DATABASE_URL: h.ctx.settings.databaseUrl!, DATA_DIR: h.ctx.settings.dataDir, LOG_LEVEL: 'silent', IDV_SECRET: undefined });
    other = await buildContext(settings, { clock: new ManualClock(h.clock.now()) });
  }, 60_000);
  afterAll(async () => {
    await other?.database.close();
    await h?.close();
  });

  it('expires each due link once and erases each due file once', async () => {
    const key = await h.createKey();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await createSession(h, key.apiKey, { vendorData: `s${i}` }));
    const done = await createSession(h, key.apiKey, { vendorData: 'deleted' });
    await captureAll(h, done);
    expect((await h.request('POST', hostedPath(done, '/submit'))).status).toBe(200);
    await expect.poll(async () => (await h.request('GET', `/api/v1/verifications/${done}`, { key: key.apiKey })).body.data.status).toBe('successful');
    const week = 8 * 24 * 3600_000;
    h.clock.advance(week);
    (other.ctx.clock as ManualClock).advance(week);
    // The deleted session's files become due at once (deletion), raced by both sweepers.
    await h.ctx.db.update(verifications).set({ deletedAt: h.clock.now() }).where(eq(verifications.id, done));

    const [x, y] = await Promise.all([sweepExpired(h.ctx, 5), sweepExpired(other.ctx, 5)]);
    expect(x.individuals + y.individuals).toBe(12);
    expect(x.mediaErased.sessions + y.mediaErased.sessions).toBe(13);
    expect(x.mediaErased.files + y.mediaErased.files).toBeGreaterThanOrEqual(5);
    const again = await Promise.all([sweepExpired(h.ctx), sweepExpired(other.ctx)]);
    expect(again.map((r) => r.individuals + r.mediaErased.sessions)).toEqual([0, 0]);
  }, 60_000);
});
