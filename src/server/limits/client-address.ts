import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address for per-address limits. Behind a trusted proxy (TRUST_PROXY=1) it is the
 * last `X-Forwarded-For` entry, the one the proxy itself appended; otherwise the socket's peer.
 * Requests served without a socket (in-process tests) share one `local` bucket.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/** Bits of an IPv6 address that one subscriber holds: an ISP hands out a /64 (often more), never less. */
export const IPV6_GROUP_BITS = 64;

/**
 * The bucket per-address limits count in: an IPv4 address as is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64, since one client can rotate through 2^64 addresses of
 * its own network at will. Anything else (`local`, a malformed header) is its own bucket.
 */
export function addressGroup(address: string): string {
  const bare = address.replace(/%.*$/, '').replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 4) return bare;
  if (kind !== 6) return address;
  const hextets = expandIpv6(bare.toLowerCase());
  const mapped = hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff;
  if (mapped) return [hextets[6]! >> 8, hextets[6]! & 255, hextets[7]! >> 8, hextets[7]! & 255].join('.');
  return `${hextets.slice(0, IPV6_GROUP_BITS / 16).map((h) => h.toString(16)).join(':')}::/${IPV6_GROUP_BITS}`;
}

/** Eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups). */
function expandIpv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The caller's per-address limit bucket (clientAddress, then addressGroup). */
export const clientAddressGroup = (c: Context, trustProxy: boolean): string => addressGroup(clientAddress(c, trustProxy));
