import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { lockDataDir } from './lock.js';
import { createPglite } from './pglite.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pg' | 'pglite';
  close(): Promise<void>;
}

const INT8_OID = 20;

/** `pg` returns int8 as a string; PGlite as a number. Make pg agree (our counts fit in 2^53). */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** The SQL text of a `client.query` call's first argument (a string or a query config). */
function queryText(first: unknown): string {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * A pool whose clients give themselves back when a transaction's BEGIN fails. drizzle-orm 0.45's
 * node-postgres `transaction()` runs BEGIN before the try/finally that releases the client
 * (drizzle-orm issues 6023 and 6241, open): a BEGIN that fails (the server went away right after
 * the checkout, as in a restart) kept the client checked out for good, so after `max` of them
 * every request waited for a connection, and the pool never ended (decision 078). Only the pool's
 * and the client's public API: `connect()` and `query()` / `release(error)`. Drop this once
 * drizzle releases the client itself.
 */
export class ReleasingPool extends pg.Pool {
  private readonly guarded = new WeakSet<pg.PoolClient>();

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // pg's own pool.query() checks out with a callback and releases the client itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => this.guard(client));
  }

  private guard(client: pg.PoolClient): pg.PoolClient {
    if (this.guarded.has(client)) return client;
    this.guarded.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise) || !/^\s*begin\b/i.test(queryText(args[0]))) return result;
      return result.catch((error: unknown) => {
        // Released with the error: the pool drops this connection instead of lending it again.
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    }) as typeof client.query;
    return client;
  }
}

export function openPostgres(url: string, logger: Logger, options: Partial<pg.PoolConfig> = {}): Database {
  // A connection attempt to a server that is down or unreachable fails within seconds, not never.
  const pool = new ReleasingPool({
    connectionString: url,
    max: 10,
    types: pgTypes,
    connectionTimeoutMillis: 5_000,
    ...options,
  });
  // Without this listener a server dropping an idle client crashes the process.
  pool.on('error', (error) => logger.warn('postgres: an idle connection ended', { error: error.message }));
  // pg-pool listens for errors of idle clients only: a client checked out (a transaction) whose
  // server restarts emits 'error' with nobody listening, which would end the process. The query
  // in progress fails on its own and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn('postgres: a connection ended', { error: error.message }));
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    driver: 'pg',
    close: () => pool.end(),
  };
}

/**
 * PGlite in memory (tests; `loadDataDir`: start from a dumped data directory) or persisted in
 * `dataDir/pglite` with an exclusive lock.
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = dataDir
      ? await createPglite({ dataDir: path.join(dataDir, 'pglite') })
      : await createPglite({ loadDataDir });
    return pgliteDatabase(client, async () => {
      await client.close();
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The app's view of an open PGlite; `close` is what closing it does (the tests hand a reset copy to
 * the next test file instead of closing it: api/src/test/database.ts).
 */
export function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  return { db: drizzlePglite(client, { schema }) as unknown as Db, driver: 'pglite', close };
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  logger: Logger,
): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, logger) : openPglite(config.dataDir);
}
