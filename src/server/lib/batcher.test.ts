import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

// The batcher starts a batch from setImmediate; waiting for a later setImmediate (not a
// setTimeout(0), whose order against setImmediate node does not fix) lets it run first.
const tick = () => new Promise((r) => setImmediate(r));

describe('createBatcher', () => {
  it('sends a lone call at once and joins calls made in the same tick', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (xs: number[]) => { batches.push(xs); return xs.map((x) => x * 2); }, { maxBatch: 10, maxConcurrent: 1 });
    expect(await double(1)).toBe(2);
    expect(await Promise.all([double(2), double(3), double(4)])).toEqual([4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('joins calls from separate callbacks of one event-loop phase (requests read from several sockets)', async () => {
    const batches: number[][] = [];
    // Like PGlite: the query itself completes without giving the event loop a turn.
    const f = createBatcher(async (xs: number[]) => { batches.push(xs); return xs; }, { maxBatch: 10, maxConcurrent: 1 });
    const results = await new Promise<number[]>((resolve) => {
      const pending: Promise<number>[] = [];
      for (let i = 0; i < 5; i++) {
        setImmediate(() => {
          pending.push(f(i));
          if (pending.length === 5) void Promise.all(pending).then(resolve);
        });
      }
    });
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('queues calls while a batch is in flight and sends them together next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const id = createBatcher(async (xs: number[]) => {
      batches.push(xs);
      if (batches.length === 1) await gate;
      return xs;
    }, { maxBatch: 3, maxConcurrent: 1 });
    const first = id(0);
    await tick();
    const rest = [1, 2, 3, 4].map((x) => id(x));
    await tick();
    expect(batches).toEqual([[0]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([0, 1, 2, 3, 4]);
    // maxBatch 3: the four queued calls go as two batches.
    expect(batches).toEqual([[0], [1, 2, 3], [4]]);
  });

  it('runs up to maxConcurrent batches at once', async () => {
    let running = 0;
    let peak = 0;
    const slow = createBatcher(async (xs: number[]) => {
      running++; peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return xs;
    }, { maxBatch: 1, maxConcurrent: 3 });
    await Promise.all(Array.from({ length: 9 }, (_, i) => slow(i)));
    expect(peak).toBe(3);
  });

  it('rejects every caller of a failed batch, and keeps working afterwards', async () => {
    let fail = true;
    const f = createBatcher(async (xs: number[]) => { if (fail) throw new Error('boom'); return xs; }, { maxBatch: 10, maxConcurrent: 1 });
    const results = await Promise.allSettled([f(1), f(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await f(3)).toBe(3);
  });

  it('rejects when the batch returns the wrong number of results', async () => {
    const f = createBatcher(async () => [1], { maxBatch: 10, maxConcurrent: 1 });
    const results = await Promise.allSettled([f(1), f(2)]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
  });
});
