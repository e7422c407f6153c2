import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { makeIdCardFrame } from '../../../test-support/cards/id-card';
import { makeIdCardBackFrame } from '../../../test-support/cards/id-card-back';
import { automaticChecksSchema, type AutomaticChecks } from '../../contract/automatic-checks';
import { collectAndSubmit } from '../individual/collected/collected.testkit';
import { verifications } from '../db/schema';
import type { AnalysisPool } from '../decisions/analysis/analysis-pool';
import type { SessionAnalysis } from '../decisions/analysis/session-analysis';
import type { Harness } from '../testing/harness';
import type { VerificationId } from '../../contract/ids';

/**
 * Repeat-identity tests decide real sessions (real routes, database, runner, webhooks) with an
 * analysis the test writes: which face descriptor and which MRZ the session "shows". The face
 * model itself is tested in decisions/ on real images; here what matters is the search across
 * sessions, so the test controls the 128 numbers.
 */
export function scriptedPool(): AnalysisPool & { next: SessionAnalysis | null } {
  const pool = {
    next: null as SessionAnalysis | null,
    async analyse() {
      if (!pool.next) throw new Error('no scripted analysis');
      const a = pool.next;
      pool.next = null;
      return a;
    },
    async warm() { return 0; },
    async close() {},
  };
  return pool;
}

/** A seeded pseudo-random face: 128 values of about dlib's spread (different people ≈ 1.4 apart). */
export function faceOf(seed: number, jitter = 0): number[] {
  let s = seed * 9301 + 49297;
  const rnd = () => { s = (s * 9301 + 49297) % 233280; return s / 233280; };
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() + 1e-9)) * Math.cos(2 * Math.PI * rnd());
  const base = Array.from({ length: 128 }, () => gauss() * 0.09);
  if (!jitter) return base;
  let t = jitter * 7919;
  const noise = () => { t = (t * 9301 + 49297) % 233280; return (t / 233280 - 0.5) * 0.02; };
  return base.map((v) => v + noise());
}

export interface Person { face: number[]; docNumber: string; lastName: string; firstName: string }

/** A clean session's analysis (everything passes) showing this person. */
export function analysisOf(p: Person): SessionAnalysis {
  const face = { faces: 1, score: 0.99, yawDeg: 0, pitchDeg: 4, eyeOpenness: 0.34 };
  return {
    selfie: face, document: { ...face, side: 'front' }, faceDistance: 0.3,
    evidence: [
      { label: 'neutral', face, distanceToSelfie: 0.1 },
      { label: 'turn-left', face: { ...face, yawDeg: 25 }, distanceToSelfie: 0.3 },
      { label: 'blink', face: { ...face, eyeOpenness: 0.12 }, distanceToSelfie: 0.15 },
    ],
    mrz: {
      found: true, side: 'back', format: 'TD1', valid: true, failedChecks: [], expired: false, nameConfirmed: true, nameConfirmation: 'second_read_agrees',
      docInfo: { docType: 'NATIONAL_ID', docNumber: p.docNumber, issueDate: '', expiryDate: '2031-12-09', issuingState: 'UTO', firstName: p.firstName, lastName: p.lastName, middleName: '', dob: '1976-12-09', sex: 'F' },
    },
    selfieDescriptor: p.face, durationMs: 5,
  };
}

type Decided = { id: VerificationId; row: typeof verifications.$inferSelect; checks: AutomaticChecks };
export interface SessionMaker {
  /** Submits a live session showing `p` with `apiKey` and waits for its decision; answers id and checks. */
  run(apiKey: string, p: Person): Promise<Decided>;
  /** Submits a session (media only; the pool decides what it shows). */
  submit(apiKey: string): Promise<VerificationId>;
  /** Waits for a submitted session's decision. */
  decided(id: VerificationId): Promise<Decided>;
}

export async function sessionMaker(h: Harness, pool: ReturnType<typeof scriptedPool>): Promise<SessionMaker> {
  const front = await makeIdCardFrame('e2e/fixtures/grace_hopper.jpg', { width: 640, height: 480 }, { cardShare: 0.8 });
  const back = await makeIdCardBackFrame({ width: 640, height: 480 }, { cardShare: 0.8 });
  const selfie = readFileSync('e2e/fixtures/grace_hopper.jpg');
  // The upload's motion check looks at the pixels: another picture between two of the selfie
  // "moves" (what the frames show is the scripted analysis's business here).
  const moved = readFileSync('e2e/fixtures/man_portrait.jpg');
  const maker: SessionMaker = {
    async run(apiKey, p) {
      pool.next = analysisOf(p);
      return maker.decided(await maker.submit(apiKey));
    },
    submit: (apiKey) => collectAndSubmit(h, apiKey, { front, back, selfie, frames: { labels: ['neutral', 'turn-left', 'blink'], images: [selfie, moved, selfie] } }),
    async decided(id) {
      let row: typeof verifications.$inferSelect | undefined;
      for (let i = 0; i < 300; i++) {
        [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
        if (row && row.decision !== 'submitted' && row.checks) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!row?.checks) throw new Error(`session ${id} was not decided`);
      return { id, row, checks: automaticChecksSchema.parse(row.checks) };
    },
  };
  return maker;
}
