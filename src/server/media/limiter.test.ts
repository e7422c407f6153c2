import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter';

describe('Limiter', () => {
  it('runs at most max tasks at once, in arrival order, and survives failures', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const task = (n: number) => limiter.run(async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(n);
      await new Promise<void>((r) => gates.push(r));
      running--;
      if (n === 1) throw new Error('boom');
      return n;
    });
    const all = [1, 2, 3, 4].map((n) => task(n).catch((e: Error) => e.message));
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual([1, 2]);
    expect(limiter.pending).toBe(2);
    while (order.length < 4 || gates.length) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(all)).toEqual(['boom', 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(limiter.pending).toBe(0);
  });
});
