import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client.js';

/** api/drizzle, from both src/db and dist/db. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the drizzle-kit migrations; the same files for PostgreSQL and PGlite. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.driver === 'pg') {
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  }
}
