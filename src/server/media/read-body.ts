/** Outcome of reading a request body under a byte limit. */
export type LimitedBody =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'too_large' | 'empty' };

/**
 * Reads a request body into memory, refusing it as soon as it passes `maxBytes`: first by a
 * declared Content-Length (nothing is read), then while streaming (a missing or lying
 * Content-Length cannot make us buffer more than maxBytes plus one chunk).
 */
export async function readLimitedBody(req: Request, maxBytes: number): Promise<LimitedBody> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return { ok: false, reason: 'too_large' };
  if (!req.body) return { ok: false, reason: 'empty' };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  if (total === 0) return { ok: false, reason: 'empty' };
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}
