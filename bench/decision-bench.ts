import { cpus } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { makeIdCardFrame } from '../test-support/cards/id-card';
import { makeIdCardBackFrame } from '../test-support/cards/id-card-back';
import { renderPoseFrames } from '../test-support/faces/liveness-frames';
import { startWebhookReceiver } from '../src/server/testing/webhook-receiver';
import { createAnalysisPool } from '../src/server/decisions/analysis/analysis-pool';
import { ADMIN } from './api-bench';
import { startProcess } from '../src/server/testing/spawn-server';

/** Target from issue 8: half the sessions decided within 2 s of submit. */
export const DECISION_P50_TARGET_MS = 2000;

export interface DecisionBench {
  modelLoadMs: number;
  workerRssMb: number;
  sequential: { sessions: number; p50Ms: number; p95Ms: number; outcomes: Record<string, number> };
  burst: { sessions: number; seconds: number; perMinute: number };
  apiDuringBurst: { reqPerSec: number; p50: number; p99: number; non2xx: number };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Submit-to-decision on a live key through the real server (PGlite, its own process): sessions
 * sent one at a time (latency), then a burst sent at once (throughput) while autocannon reads a
 * verification (the API's latency while decisions run in the analysis worker). Customer-collected
 * media: the test card carrying the selfie's face and a TD1 MRZ, liveness frames that turn and blink.
 */
export async function measureDecisions(opts: { sequential?: number; burst?: number } = {}): Promise<DecisionBench> {
  const sequentialN = opts.sequential ?? 10;
  const burstN = opts.burst ?? 12;
  const face = resolve('e2e/fixtures/grace_hopper.jpg');
  const frames = await renderPoseFrames(face, [{ yawDeg: 0, closed: 0 }, { yawDeg: 30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
  const card = await makeIdCardFrame(face, { width: 640, height: 480 }, { cardShare: 0.8 });
  // The card's own back: the front again would be refused (same_side).
  const back = await makeIdCardBackFrame({ width: 640, height: 480 }, { cardShare: 0.8 });

  // Model load and the worker's memory, measured on a pool of its own in this process.
  const pool = createAnalysisPool();
  const rssBefore = process.memoryUsage().rss;
  const modelLoadMs = await pool.warm();
  const workerRssMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
  await pool.close();

  const rx = await startWebhookReceiver();
  const p = await startProcess('src/server/main.ts', { IDV_ADMIN_TOKEN: ADMIN, WEBHOOK_WORKER: '1' }, '/api/health');
  try {
    const keyRes = await fetch(`${p.url}/api/admin/keys`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'live', name: 'bench', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') }),
    });
    const apiKey = (await keyRes.json() as { data: { apiKey: string } }).data.apiKey;
    const call = async (method: string, path: string, body?: BodyInit, type?: string) => {
      const res = await fetch(`${p.url}/api/v1${path}`, { method, headers: { 'x-api-key': apiKey, ...(type ? { 'content-type': type } : {}) }, body });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ data: { verificationId: string } }>;
    };
    /** Everything but the submit. */
    const prepare = async () => {
      const id = (await call('POST', '/verifications', JSON.stringify({ vendorData: 'bench' }), 'application/json')).data.verificationId;
      await call('PUT', `/verifications/${id}/document`, JSON.stringify({ type: 'NATIONAL_ID', issuingState: 'UTO' }), 'application/json');
      await call('PUT', `/verifications/${id}/media/document-front`, new Uint8Array(card), 'image/jpeg');
      await call('PUT', `/verifications/${id}/media/document-back`, new Uint8Array(back), 'image/jpeg');
      await call('PUT', `/verifications/${id}/media/selfie`, new Uint8Array(frames[0]!), 'image/jpeg');
      const form = new FormData();
      form.set('labels', JSON.stringify(['neutral', 'turn-left', 'blink']));
      for (const f of frames) form.append('frames', new Blob([new Uint8Array(f)], { type: 'image/jpeg' }), 'f.jpg');
      await call('POST', `/verifications/${id}/liveness`, form);
      return id;
    };
    const decided = (id: string) => rx.waitFor((r) => r.path === '/decision' && (r.json as { data: { verificationId?: string } }).data.verificationId === id, 300_000);
    // The server warms its models at start; wait for that before timing (one throwaway session).
    const warm = await prepare();
    await call('POST', `/verifications/${warm}/submit`);
    await decided(warm);

    const times: number[] = [];
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < sequentialN; i++) {
      const id = await prepare();
      const t0 = Date.now();
      await call('POST', `/verifications/${id}/submit`);
      const got = await decided(id);
      times.push(Date.now() - t0);
      const event = (got.json as { event: string }).event;
      outcomes[event] = (outcomes[event] ?? 0) + 1;
    }

    const ids = [];
    for (let i = 0; i < burstN; i++) ids.push(await prepare());
    const getUrl = `${p.url}/api/v1/verifications/${ids[0]}`;
    const t0 = Date.now();
    await Promise.all(ids.map((id) => call('POST', `/verifications/${id}/submit`)));
    const load = autocannon({ url: getUrl, headers: { 'x-api-key': apiKey }, connections: 20, duration: 10 });
    await Promise.all(ids.map(decided));
    const seconds = (Date.now() - t0) / 1000;
    const api = await load;
    return {
      modelLoadMs, workerRssMb,
      sequential: { sessions: sequentialN, p50Ms: pct(times, 50), p95Ms: pct(times, 95), outcomes },
      burst: { sessions: burstN, seconds: Math.round(seconds * 10) / 10, perMinute: Math.round((burstN / seconds) * 60) },
      apiDuringBurst: { reqPerSec: Math.round(api.requests.average), p50: api.latency.p50, p99: api.latency.p99, non2xx: api.non2xx },
    };
  } finally {
    await p.stop();
    await rx.close();
  }
}

/** Lines for bench/results/latest.md. */
export function decisionLines(d: DecisionBench | { error: string }): string[] {
  if ('error' in d) return [`- automatic decisions: not measured (${d.error})`];
  const outcomes = Object.entries(d.sequential.outcomes).map(([k, v]) => `${v} ${k}`).join(', ');
  return [
    `- submit → decision webhook, live key, one session at a time (${d.sequential.sessions}; ${outcomes}): p50 ${d.sequential.p50Ms} ms, p95 ${d.sequential.p95Ms} ms (target p50 ≤ ${DECISION_P50_TARGET_MS} ms: ${d.sequential.p50Ms <= DECISION_P50_TARGET_MS ? 'met' : 'NOT met'})`,
    `- ${d.burst.sessions} sessions submitted at once: all decided in ${d.burst.seconds} s = ${d.burst.perMinute} decisions/minute (one analysis worker thread, ${cpus().length} cores)`,
    `- API while that burst is decided (GET /v1/verifications/{id}, 20 connections, 10 s): ${d.apiDuringBurst.reqPerSec} req/s, p50 ${d.apiDuringBurst.p50} ms, p99 ${d.apiDuringBurst.p99} ms, non-2xx ${d.apiDuringBurst.non2xx}`,
    `- models (Human detector + mesh, face-api recognition, tesseract OCR-B, PP-OCR detector + recognizer): load ${d.modelLoadMs} ms in the worker thread, +${d.workerRssMb} MB resident`,
  ];
}
