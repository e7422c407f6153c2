import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestOf, evidenceChain } from './evidence-chain';

const frame = (s: string) => new TextEncoder().encode(s);

async function entries(frames: [string, number, string][]) {
  return Promise.all(frames.map(async ([label, atMs, bytes]) => ({ label, atMs, digest: await digestOf(frame(bytes)) })));
}

describe('evidenceChain', () => {
  const frames: [string, number, string][] = [['neutral', 0, 'jpeg-a'], ['light', 400, 'jpeg-b'], ['turn-left', 2100, 'jpeg-c']];

  it('matches the definition: h0 = H(version:nonce), h(i) = H(h(i-1) ‖ label:ms ‖ H(frame))', async () => {
    const h = (...parts: (Buffer | string)[]) => createHash('sha256').update(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))).digest();
    let link = h('idv-liveness-chain-v1:n1');
    for (const [label, atMs, bytes] of frames) link = h(link, `${label}:${atMs}`, h(bytes));
    expect(await evidenceChain('n1', await entries(frames))).toBe(link.toString('hex'));
  });

  it('changes with the nonce, a frame byte, the order, a label or a time', async () => {
    const base = await evidenceChain('n1', await entries(frames));
    expect(await evidenceChain('n2', await entries(frames))).not.toBe(base);
    expect(await evidenceChain('n1', await entries([frames[0]!, ['light', 400, 'jpeg-B'], frames[2]!]))).not.toBe(base);
    expect(await evidenceChain('n1', await entries([frames[1]!, frames[0]!, frames[2]!]))).not.toBe(base);
    expect(await evidenceChain('n1', await entries([frames[0]!, ['blink', 400, 'jpeg-b'], frames[2]!]))).not.toBe(base);
    expect(await evidenceChain('n1', await entries([frames[0]!, ['light', 401, 'jpeg-b'], frames[2]!]))).not.toBe(base);
    expect(await evidenceChain('n1', await entries(frames))).toBe(base);
  });
});
