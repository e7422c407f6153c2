import { describe, expect, it } from 'vitest';
import { readLimitedBody } from './read-body';

function streamOf(chunks: number[], onPull?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(ctrl) {
      onPull?.();
      const n = chunks[i++];
      if (n === undefined) ctrl.close();
      else ctrl.enqueue(new Uint8Array(n));
    },
  });
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'PUT', body, headers, duplex: 'half' } as RequestInit);

describe('readLimitedBody', () => {
  it('reads a body within the limit', async () => {
    const res = await readLimitedBody(post(streamOf([4, 4, 2])), 10);
    expect(res.ok && res.bytes.length).toBe(10);
  });
  it('refuses by declared Content-Length without reading', async () => {
    let pulls = 0;
    const res = await readLimitedBody(post(streamOf([1], () => { pulls++; }), { 'content-length': '11' }), 10);
    expect(res).toEqual({ ok: false, reason: 'too_large' });
    expect(pulls).toBeLessThanOrEqual(1); // the stream may prefetch once, but is never drained
  });
  it('stops streaming as soon as the limit is passed', async () => {
    let pulls = 0;
    const res = await readLimitedBody(post(streamOf([6, 6, 6, 6, 6], () => { pulls++; })), 10);
    expect(res).toEqual({ ok: false, reason: 'too_large' });
    expect(pulls).toBeLessThan(5);
  });
  it('reports an empty body', async () => {
    expect(await readLimitedBody(post(null), 10)).toEqual({ ok: false, reason: 'empty' });
    expect(await readLimitedBody(post(new Uint8Array(0)), 10)).toEqual({ ok: false, reason: 'empty' });
  });
});
