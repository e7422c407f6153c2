import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database handles every repository function takes, in a leaf file: the opener (client.ts)
// and what it runs at open (vector-index.ts) both use them without importing each other.

/** The drizzle database over the schema, on PGlite or PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; every repository function accepts either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a database or a transaction: what repository functions accept. */
export type DbOrTx = Db | Tx;
