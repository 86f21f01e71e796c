import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { lockDataDir } from './lock.js';
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

export function openPostgres(url: string, logger: Logger): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
  // Without this listener a server dropping an idle client crashes the process.
  pool.on('error', (error) => logger.error('postgres pool error', { error: error.message }));
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
      ? await PGlite.create(path.join(dataDir, 'pglite'))
      : await PGlite.create({ loadDataDir });
    return {
      db: drizzlePglite(client, { schema }) as unknown as Db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  logger: Logger,
): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, logger) : openPglite(config.dataDir);
}
