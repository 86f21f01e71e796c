import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Database, Schema } from './client.js';

/** api/drizzle, from both src/db and dist/db. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The key of the advisory lock the instances take while they migrate (decision 106): any constant
 * both agree on. `pg_advisory_lock` takes a bigint; this one reads 'pd-migrations' in ASCII.
 */
export const migrationLockKey = 0x70642d6d6967n;

/**
 * Applies the drizzle-kit migrations; the same files for PostgreSQL and PGlite. On PostgreSQL the
 * instances that start together (two replicas on a new database, or a deploy with a new migration)
 * take turns: each holds a session advisory lock on one connection while it migrates, so the second
 * finds the work done instead of failing on a table the first is creating. That connection must
 * reach PostgreSQL itself or a session-pooled PgBouncer (docs/scaling.md).
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.driver !== 'pg') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const pool = (database.db as unknown as NodePgDatabase<Schema> & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await migratePg(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey.toString()]);
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection that failed mid-way is dropped rather than reused (it may still hold the lock).
    client.release(failed);
  }
}
