import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisPool } from '../decisions/analysis/analysis-pool';
import type { SessionAnalysis } from '../decisions/analysis/session-analysis';
import { individualDecisionSubject } from '../individual/apply-checks';
import { createDecisionRunner, type DecisionRunner } from '../decisions/decision-runner';
import { createHarness, type Harness } from '../testing/harness';
import { analysisOf, faceOf, scriptedPool, sessionMaker, type SessionMaker } from './repeat-identities.testkit';

// Two processes deciding two sessions of the same face at the same moment (a ring submitting in
// parallel): two runners on one database (its own connections each on PostgreSQL), held until
// both have their analysis, then let go together. The second to search must see the first.
let h: Harness;
let runners: DecisionRunner[];
let maker: SessionMaker;
const queue: SessionAnalysis[] = [];
let waiting: (() => void)[] = [];

/** Hands out the queued analyses, each call held until two calls are waiting. */
const barrierPool: AnalysisPool = {
  async analyse() {
    const mine = queue.shift()!;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === 2) { waiting.forEach((w) => w()); waiting = []; }
    });
    return mine;
  },
  async warm() { return 0; },
  async close() {},
};

beforeAll(async () => {
  h = await createHarness();
  runners = [createDecisionRunner(h.ctx, individualDecisionSubject(h.ctx), { pollMs: 20, pool: barrierPool }), createDecisionRunner(h.ctx, individualDecisionSubject(h.ctx), { pollMs: 20, pool: barrierPool })];
  runners.forEach((r) => r.start());
  // Submits queue their decision job for "a runner in this process" (as startJobs wires it).
  h.ctx.decisionRunner = { kick() { runners.forEach((r) => r.kick()); } };
  maker = await sessionMaker(h, scriptedPool());
}, 60_000);
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await h.close();
});

describe('parallel decisions of one organisation', () => {
  it('of two sessions of one face under two names decided at once, the later one is flagged naming the other', async () => {
    const key = (await h.createKey({ mode: 'live' })).apiKey;
    queue.push(
      analysisOf({ face: faceOf(501), docNumber: 'PAR00001', lastName: 'FIRST', firstName: 'ONE' }),
      analysisOf({ face: faceOf(501, 1), docNumber: 'PAR00002', lastName: 'SECOND', firstName: 'TWO' }),
    );
    const [a, b] = await Promise.all([maker.submit(key), maker.submit(key)]);
    const decided = await Promise.all([maker.decided(a), maker.decided(b)]);
    const flagged = decided.filter((d) => d.checks.risk!.signals.some((s) => s.signal === 'duplicate_face'));
    expect(flagged).toHaveLength(1);
    const other = flagged[0]!.id === a ? b : a;
    expect(flagged[0]!.checks.risk!.signals[0]).toMatchObject({ signal: 'duplicate_face', matchVerificationId: other });
  });
});
