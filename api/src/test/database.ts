import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLogger } from '../logger.js';

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  drop(): Promise<void>;
}

/**
 * One database per test file: PGlite in memory by default; with TEST_DB=pg and
 * TEST_DATABASE_URL, a throwaway `t_<random>` database on that server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'pg') {
    if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), createLogger('error'));
    await runMigrations(database);
    return {
      database,
      drop: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const database = await openPglite(null);
  await runMigrations(database);
  return { database, drop: () => database.close() };
}
