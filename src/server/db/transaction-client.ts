import type pg from 'pg';
import { isBegin, isConnectionLost, isRollback } from './connection-errors';

export type QueryInput = string | pg.QueryConfig;
export const textOf = (q: QueryInput) => (typeof q === 'string' ? q : q.text);

/** What a ROLLBACK on a dead connection answers: the server already ended that transaction. */
const ROLLED_BACK: pg.QueryResult = { command: 'ROLLBACK', rowCount: null, oid: 0, fields: [], rows: [] };

/**
 * The client drizzle holds for one transaction (its node-postgres session calls only `query`
 * and `release` on it). It starts on a pooled connection and fixes what goes wrong when that
 * connection is dead or dies:
 * - BEGIN meets a dead connection: nothing of the transaction reached a server, so it moves to
 *   a fresh connection and begins again, once. Later statements are never moved: what ran
 *   before them died with the old connection.
 * - drizzle sends BEGIN outside its try/finally and never releases a client whose BEGIN
 *   failed; this does, or the pool would keep counting the dead connection until it is full.
 * - A connection that dies while the transaction waits between statements makes node-postgres
 *   emit 'error' on a client nobody listens to, which would end the process; this listens, and
 *   the next statement fails with the cause instead.
 * - drizzle answers a failed statement with ROLLBACK, which on a dead connection fails again
 *   and hides the first error; the server has rolled that transaction back already, so the
 *   ROLLBACK is answered here and the first error is the one thrown.
 */
export class TransactionClient {
  private client: pg.PoolClient;
  private stopListening: () => void;
  private started = false;
  private released = false;
  /** The error that broke this transaction's connection, once one has. */
  private lost: Error | null = null;

  /** `again` checks out a fresh connection (counted as a retry); `lost` tells the pool one died. */
  constructor(client: pg.PoolClient, private readonly pool: { again(): Promise<pg.PoolClient>; lost(client: pg.PoolClient): void }) {
    this.client = client;
    this.stopListening = this.listen(client);
  }

  async query(q: QueryInput, values?: unknown[]): Promise<pg.QueryResult> {
    if (!this.started && isBegin(textOf(q))) return this.begin(q, values);
    this.started = true;
    if (this.lost) {
      if (isRollback(textOf(q))) return ROLLED_BACK;
      throw new Error('Connection terminated during the transaction', { cause: this.lost });
    }
    try {
      return await this.client.query(q, values);
    } catch (err) {
      if (isConnectionLost(err)) this.died(err as Error);
      throw err;
    }
  }

  release(err?: Error | boolean): void {
    if (this.released) return;
    this.released = true;
    this.stopListening();
    // With an error the pool closes the connection instead of keeping it idle.
    this.client.release(err || this.lost || undefined);
  }

  private async begin(q: QueryInput, values?: unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.beginOn(q, values);
    } catch (err) {
      if (!isConnectionLost(err)) throw err;
      this.client = await this.pool.again();
      this.released = false;
      this.lost = null;
      this.stopListening = this.listen(this.client);
      return this.beginOn(q, values);
    }
  }

  private async beginOn(q: QueryInput, values?: unknown[]): Promise<pg.QueryResult> {
    try {
      const res = await this.client.query(q, values);
      this.started = true;
      return res;
    } catch (err) {
      if (isConnectionLost(err)) this.died(err as Error);
      this.release(err as Error);
      throw err;
    }
  }

  private died(err: Error): void {
    if (this.lost) return;
    this.lost = err;
    this.pool.lost(this.client);
  }

  private listen(client: pg.PoolClient): () => void {
    const onError = (err: Error) => this.died(err);
    client.on('error', onError);
    return () => client.removeListener('error', onError);
  }
}
