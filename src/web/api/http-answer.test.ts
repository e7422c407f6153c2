import { describe, expect, it } from 'vitest';
import { isSuccess, parseJsonText, readAnswer, successOrThrow } from './http-answer';

class TestError extends Error {
  constructor(readonly status: number, readonly json: unknown) {
    super(`HTTP ${status}`);
  }
}

describe('http answer', () => {
  it('counts only 2xx as success', () => {
    expect([199, 200, 204, 299, 300, 404, 500].map(isSuccess)).toEqual([false, true, true, true, false, false, false]);
  });

  it('reads an empty or non-JSON body as null', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonText('')).toBeNull();
    expect(parseJsonText('<html>Bad gateway</html>')).toBeNull();
  });

  it("reads a fetch answer's status and JSON, a proxy's page as null", async () => {
    await expect(readAnswer(new Response('{"status":true}', { status: 201 }))).resolves.toEqual({ status: 201, json: { status: true } });
    await expect(readAnswer(new Response('<html></html>', { status: 502 }))).resolves.toEqual({ status: 502, json: null });
    await expect(readAnswer(new Response(null, { status: 204 }))).resolves.toEqual({ status: 204, json: null });
  });

  it("returns a 2xx answer and turns any other into the client's own error", () => {
    const ok = { status: 200, json: { data: 1 } };
    expect(successOrThrow(ok, (s, j) => new TestError(s, j))).toBe(ok);
    const envelope = { status: false, message: 'no', error: { code: 'not_found' }, code: 404 };
    expect(() => successOrThrow({ status: 404, json: envelope }, (s, j) => new TestError(s, j)))
      .toThrow(expect.objectContaining({ status: 404, json: envelope }));
  });
});
