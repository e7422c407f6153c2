import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Destinations a webhook may not reach unless private targets are allowed
 * (WEBHOOK_ALLOW_PRIVATE, default on for local use; turn it off on a shared deployment so a
 * customer-supplied URL cannot reach loopback, the LAN or cloud metadata endpoints).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
// IPv4-mapped addresses (::ffff:a.b.c.d) are matched against the IPv4 rules by BlockList itself.
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return true; // not an address: refuse rather than guess
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Syntax only: absolute http(s) URL without credentials. */
export function parseWebhookUrl(raw: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'only http and https URLs are allowed' };
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL are not allowed' };
  return { ok: true, url };
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address))));
  });
}

/**
 * Full check before a send (and when an operator sets a URL): syntax, then, unless private
 * targets are allowed, every address the host resolves to must be public. The connection itself
 * uses `guardedLookup`, so a DNS answer that changes between check and connect is caught too.
 */
export async function checkWebhookUrl(raw: string, opts: { allowPrivate: boolean }): Promise<UrlCheck> {
  const parsed = parseWebhookUrl(raw);
  if (!parsed.ok || opts.allowPrivate) return parsed;
  const host = bareHost(parsed.url.hostname);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolveAll(host);
  } catch (e) {
    return { ok: false, reason: `DNS lookup failed: ${(e as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return { ok: false, reason: 'destination resolves to a private, loopback or link-local address' };
  }
  return parsed;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses private addresses at connect time. Handles both the
 * single-address and the `all: true` form (Node's happy-eyeballs connect asks for all).
 */
export function guardedLookup(hostname: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback): void {
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0) as 0 | 4 | 6;
  dnsLookup(hostname, { all: true, verbatim: true, family }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) {
      const e: NodeJS.ErrnoException = new Error('destination resolves to a private, loopback or link-local address');
      e.code = 'EPRIVATEADDR';
      return callback(e, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
