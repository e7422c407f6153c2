import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyStats {
  /** Requests answered to clients. */
  answered: number;
  /** Attempts that could not connect to a backend and went to the next one. */
  connectRetries: number;
  /** Backends taken out of rotation by a failed health check (count of transitions). */
  markedDown: number;
}

export interface RoundRobinProxy {
  url: string;
  stats: ProxyStats;
  close(): Promise<void>;
}

/**
 * A small reverse proxy as in front of the two processes in production (docs/operations.md: Caddy/nginx):
 * round robin over backends whose `GET /readyz` answered 200 at the last health check (every
 * `checkMs`), and a request that cannot connect to one backend (refused: the process is gone)
 * goes to the next, like nginx's `proxy_next_upstream error` and Caddy's `lb_try_duration`.
 * Nothing is retried once a backend has accepted the connection. One connection per request
 * to the backend (no keep-alive pool), bodies buffered so a refused connect can be replayed.
 */
export async function startRoundRobinProxy(backends: string[], opts: { checkMs?: number } = {}): Promise<RoundRobinProxy> {
  const stats: ProxyStats = { answered: 0, connectRetries: 0, markedDown: 0 };
  const healthy = new Set(backends);
  let next = 0;
  const check = async () => {
    await Promise.all(backends.map(async (b) => {
      let ok = false;
      try { ok = (await fetch(`${b}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200; } catch { /* down */ }
      if (ok) healthy.add(b);
      else if (healthy.delete(b)) stats.markedDown++;
    }));
  };
  const timer = setInterval(() => { void check(); }, opts.checkMs ?? 100);

  const forward = (backend: string, req: IncomingMessage, body: Buffer) => new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer } | 'refused'>((resolve, reject) => {
    const u = new URL(backend);
    const out = httpRequest({ host: u.hostname, port: u.port, method: req.method, path: req.url, agent: false,
      headers: { ...req.headers, host: u.host, connection: 'close', 'x-forwarded-for': req.socket.remoteAddress ?? '' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    out.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNREFUSED' ? resolve('refused') : reject(e)));
    out.end(body);
  });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      try {
        for (let tries = 0; tries < backends.length * 3; tries++) {
          const pool = backends.filter((b) => healthy.has(b));
          const backend = (pool.length ? pool : backends)[next++ % (pool.length || backends.length)]!;
          const r = await forward(backend, req, body);
          if (r === 'refused') { stats.connectRetries++; healthy.delete(backend); await new Promise((s) => setTimeout(s, 20)); continue; }
          const headers = { ...r.headers };
          delete headers['transfer-encoding'];
          delete headers.connection;
          res.writeHead(r.status, headers).end(r.body);
          stats.answered++;
          return;
        }
        res.writeHead(502).end('no backend');
      } catch (e) {
        res.writeHead(502).end(`proxy error: ${(e as Error).message}`);
      }
    });
  });
  await check();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    close: () => new Promise<void>((r) => { clearInterval(timer); server.closeAllConnections(); server.close(() => r()); }),
  };
}
