import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeIdCardFrame } from '../test-support/cards/id-card';
import { deriveMediaKey, SealedStorage } from '../src/server/media/sealed-storage';
import { FileStorage } from '../src/server/media/storage';
import { ADMIN } from './api-bench';
import { startProcess } from '../src/server/testing/spawn-server';

/** Target from issue 10: uploads with encryption at most 10 % slower than without. */
export const ENCRYPTION_COST_TARGET = 0.10;

export interface MediaBench {
  uploadBytes: number;
  uploadsPerRun: number;
  /** Uploads per second through the customer-collected upload endpoint, per setting. */
  encrypted: number;
  plain: number;
  /** 1 − encrypted / plain: the share of throughput encryption costs. */
  cost: number;
  /** Storage alone (seal + write + read + open of a 2 MB file), ms per file. */
  storageMs: { encrypted: number; plain: number };
}

const UPLOADS = 80;
const CONCURRENCY = 4;

/** One server process with the setting; sessions made first, then the uploads timed. */
async function uploadsPerSecond(encryption: '1' | '0', card: Buffer): Promise<number> {
  const p = await startProcess('src/server/main.ts', { IDV_ADMIN_TOKEN: ADMIN, WEBHOOK_WORKER: '0', DECISION_WORKER: '0', MEDIA_ENCRYPTION: encryption }, '/api/health');
  try {
    const keyRes = await fetch(`${p.url}/api/admin/keys`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'test', name: 'bench' }) });
    const apiKey = ((await keyRes.json()) as { data: { apiKey: string } }).data.apiKey;
    const ids: string[] = [];
    for (let i = 0; i < UPLOADS; i += 1) {
      const r = await fetch(`${p.url}/api/v1/verifications`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: '{}' });
      const id = ((await r.json()) as { data: { verificationId: string } }).data.verificationId;
      await fetch(`${p.url}/api/v1/verifications/${id}/document`, { method: 'PUT', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: '{"type":"NATIONAL_ID","issuingState":"UTO"}' });
      ids.push(id);
    }
    const upload = async (id: string) => {
      const r = await fetch(`${p.url}/api/v1/verifications/${id}/media/document-front`, { method: 'PUT', headers: { 'x-api-key': apiKey, 'content-type': 'image/jpeg' }, body: new Uint8Array(card) });
      if (r.status !== 200) throw new Error(`upload: ${r.status} ${await r.text()}`);
    };
    await upload(ids.pop()!); // warm-up: sharp and the document check compiled, not timed
    const started = performance.now();
    const queue = [...ids];
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => { for (let id = queue.pop(); id; id = queue.pop()) await upload(id); }));
    return ids.length / ((performance.now() - started) / 1000);
  } finally {
    await p.stop();
  }
}

/** The storage layer alone, in this process: what sealing adds to a write and a read. */
async function storageMs(sealNew: boolean): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'idv-media-bench-'));
  try {
    const store = new SealedStorage(new FileStorage(dir), deriveMediaKey(Buffer.from('b'.repeat(40))), { sealNew });
    const file = Buffer.alloc(2 * 1024 * 1024, 7);
    const n = 60;
    for (let i = 0; i < 10; i += 1) await store.put('warm.jpg', file); // JIT and allocator warm-up, not timed
    const started = performance.now();
    for (let i = 0; i < n; i += 1) {
      await store.put(`f/${i}.jpg`, file);
      await store.get(`f/${i}.jpg`);
    }
    return Math.round(((performance.now() - started) / n) * 100) / 100;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Upload throughput with encryption on and off, alternated twice to even out a busy machine. */
export async function measureMedia(): Promise<MediaBench> {
  const card = await makeIdCardFrame(resolve('e2e/fixtures/grace_hopper.jpg'), { width: 1280, height: 960 }, { cardShare: 0.8 });
  const runs = { '1': [] as number[], '0': [] as number[] };
  for (const setting of ['0', '1', '0', '1'] as const) runs[setting].push(await uploadsPerSecond(setting, card));
  const best = (xs: number[]) => Math.max(...xs);
  const encrypted = best(runs['1']);
  const plain = best(runs['0']);
  return {
    uploadBytes: card.length, uploadsPerRun: UPLOADS - 1,
    encrypted: Math.round(encrypted * 10) / 10, plain: Math.round(plain * 10) / 10,
    cost: Math.round((1 - encrypted / plain) * 1000) / 1000,
    storageMs: { encrypted: await storageMs(true), plain: await storageMs(false) },
  };
}

export function mediaLines(m: MediaBench | { error: string }): string[] {
  if ('error' in m) return [`- not measured (${m.error})`];
  return [
    `- uploads of a ${(m.uploadBytes / 1024).toFixed(0)} KB card photo (customer-collected endpoint: validation, re-encoding, document check, storage), ${CONCURRENCY} at a time, best of two runs each: encrypted ${m.encrypted}/s, in clear ${m.plain}/s`,
    `- encryption costs ${(m.cost * 100).toFixed(1)} % of upload throughput (target ≤ ${ENCRYPTION_COST_TARGET * 100} %: ${m.cost <= ENCRYPTION_COST_TARGET ? 'met' : 'NOT met'})`,
    `- storage alone, 2 MB file written and read back: ${m.storageMs.encrypted} ms sealed vs ${m.storageMs.plain} ms in clear`,
  ];
}
