// Binds a try's evidence frames to the challenge the service issued: a SHA-256 hash chain that
// starts from the challenge's nonce and takes in each frame's label, time and bytes, in order.
// The browser computes it over the JPEGs it uploads; the service recomputes it over the bytes it
// received. Frames recorded for another challenge or session (or reordered, swapped, relabelled)
// give another chain and are refused. It proves binding, not honesty: a client that holds the
// nonce can chain any frames, which is why the camera integrity signals exist beside it.
// WebCrypto only (browsers, Node ≥ 20), so both sides run the same code.

export interface ChainEntry {
  label: string;
  atMs: number;
  /** SHA-256 of the frame's bytes as uploaded. */
  digest: Uint8Array;
}

const CHAIN_VERSION = 'idv-liveness-chain-v1';

async function sha256(parts: Uint8Array[]): Promise<Uint8Array> {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

export const digestOf = (bytes: Uint8Array): Promise<Uint8Array> => sha256([bytes]);

const text = (s: string) => new TextEncoder().encode(s);
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** h0 = H(version ":" nonce); h(i) = H(h(i-1) ‖ label ":" round(atMs) ‖ H(frame i)); hex of the last. */
export async function evidenceChain(nonce: string, entries: readonly ChainEntry[]): Promise<string> {
  let link = await sha256([text(`${CHAIN_VERSION}:${nonce}`)]);
  for (const e of entries) link = await sha256([link, text(`${e.label}:${Math.round(e.atMs)}`), e.digest]);
  return hex(link);
}
