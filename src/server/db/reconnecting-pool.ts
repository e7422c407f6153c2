import pg from 'pg';
import { isConnectTimeout, isConnectionLost, isPlainRead } from './connection-errors';
import { TransactionClient, textOf, type QueryInput } from './transaction-client';

/**
 * pg.Pool that retries, once and on a fresh connection, what met a dead connection when
 * running it again is safe.
 *
 * pg-pool drops an idle connection when its 'error' event arrives, but it can hand one out
 * before that event is processed: after a restart or failover every idle connection is dead at
 * once and the next queries get them. It has no check on checkout (its `verify` option runs on
 * new connections only), and such a check would cost a round trip per query and still race
 * with a connection dying right after it. So this retries instead:
 * - a failed checkout (nothing sent yet) is tried again;
 * - a read (see isPlainRead) runs again;
 * - a transaction whose BEGIN failed begins again (TransactionClient).
 * A write, or a transaction that had started, is never repeated: it may have run. It fails
 * with the connection error, which the HTTP layer answers with 503 and Retry-After.
 *
 * A dead connection seldom dies alone, so once one is found every connection opened before it
 * is closed when it next leaves the pool instead of being used (SQLAlchemy's pool does the same
 * on a disconnect): the retry, and the queries after it, get new connections, not the next
 * dead one. A live connection closed that way costs one reconnect.
 *
 * It stays a pg.Pool because drizzle runs a transaction on `connect()` only for a pool
 * (`instanceof Pool`); otherwise it would send each statement on whichever connection is free.
 */
export class ReconnectingPool extends pg.Pool {
  /** Statements run again on a fresh connection so far (reads and BEGINs), for logs and tests. */
  retried = 0;
  /** Bumped when a connection is found dead; connections of an older generation are not used. */
  private generation = 0;
  private readonly generationOf = new WeakMap<pg.PoolClient, number>();

  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => this.generationOf.set(client, this.generation));
    this.on('error', (_err, client) => this.connectionLost(client));
  }

  /**
   * A connection was found dead (or none could be opened): the ones opened before it are
   * suspect. One that is already of an older generation was covered by an earlier bump, so a
   * burst of dead connections does not also retire the fresh ones opened in between.
   */
  connectionLost(client?: pg.PoolClient): void {
    const generation = client && this.generationOf.get(client);
    if (generation === undefined || generation >= this.generation) this.generation++;
  }

  /** One connection out of the pool, opened after the last one found dead. */
  async checkout(): Promise<pg.PoolClient> {
    let failed = false;
    for (;;) {
      let client: pg.PoolClient;
      try {
        client = await super.connect();
      } catch (err) {
        // Nothing was sent, so trying again is safe; once, since the server may just be down,
        // and not after a timeout, which has made the caller wait long enough.
        if (failed || !isConnectionLost(err) || isConnectTimeout(err)) throw err;
        failed = true;
        this.connectionLost();
        continue;
      }
      if ((this.generationOf.get(client) ?? -1) >= this.generation) return client;
      client.release(new Error('opened before a connection was found dead'));
    }
  }

  // drizzle calls query(config, values) and awaits it. The types are loose so the method still
  // fits every pg.Pool.query overload; streams and callbacks, which nothing here uses, keep
  // pg-pool's own behaviour.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  override query(q: any, values?: any, cb?: any): any {
    if (typeof q?.submit === 'function' || typeof values === 'function' || typeof cb === 'function') return super.query(q, values, cb);
    return this.run(q as QueryInput, values as unknown[] | undefined);
  }

  // drizzle's transaction: connect(), then BEGIN … COMMIT, then release(). A callback (pg's
  // older form) gets a plain pooled client as before.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fits both pg.Pool.connect overloads
  override connect(cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: any) => void) => void): any {
    if (cb) return super.connect(cb);
    const pool = { again: () => { this.retried++; return this.checkout(); }, lost: (c: pg.PoolClient) => this.connectionLost(c) };
    return this.checkout().then((client) => new TransactionClient(client, pool));
  }

  private async run(q: QueryInput, values?: unknown[]): Promise<pg.QueryResult> {
    const again = isPlainRead(textOf(q));
    for (let attempt = 1; ; attempt++) {
      const client = await this.checkout();
      // A socket error also emits 'error' on the client; unheard, it would end the process.
      // The query below is rejected with the same error, which is what counts here.
      const ignore = () => {};
      client.on('error', ignore);
      let res: pg.QueryResult;
      try {
        res = await client.query(q, values);
      } catch (err) {
        client.removeListener('error', ignore);
        // As pg-pool's own query does: an error closes the connection rather than reusing it.
        client.release(err as Error);
        if (!isConnectionLost(err)) throw err;
        this.connectionLost(client);
        if (!again || attempt > 1) throw err;
        this.retried++;
        continue;
      }
      client.removeListener('error', ignore);
      client.release();
      return res;
    }
  }
}
