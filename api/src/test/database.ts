import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLogger } from '../logger.js';
import { adminQuery, databaseUrl, postgresAdminUrl, throwawayName } from './template.js';

export interface TestDatabase {
  database: Database;
  /** On PostgreSQL: the database's URL (a second app instance opens its own pool on it). */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  drop(): Promise<void>;
}

/**
 * One database per test file, a copy of the run's migrated template (global-setup.ts): PGlite in
 * memory loaded from the migrated data directory's dump by default; with TEST_DB=pg and
 * TEST_DATABASE_URL, a throwaway `t_<random>` database created from the template database on that
 * server, dropped afterwards (`serverUrl`: on that PostgreSQL server instead). In a project without that global setup, it migrates its own.
 */
export async function createTestDatabase(serverUrl?: string): Promise<TestDatabase> {
  const template = inject('migratedTemplate');
  const adminUrl = serverUrl ?? postgresAdminUrl();
  if (adminUrl) {
    const name = throwawayName();
    // The run's template lives on the run's server only; another server's database migrates itself.
    const copy = template?.driver === 'pg' && !serverUrl ? ` TEMPLATE ${template.name}` : '';
    await adminQuery(adminUrl, `CREATE DATABASE ${name}${copy}`);
    const url = databaseUrl(adminUrl, name);
    const database = openPostgres(url, createLogger('error'));
    if (!copy) await runMigrations(database);
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  if (template?.driver === 'pglite') {
    const database = await openPglite(null, new Blob([await readFile(template.dumpFile)]));
    return { database, drop: () => database.close() };
  }
  const database = await openPglite(null);
  await runMigrations(database);
  return { database, drop: () => database.close() };
}

/** Another pool on an existing PostgreSQL test database (a second api instance); closing it drops nothing. */
export function connectTestDatabase(url: string): TestDatabase {
  const database = openPostgres(url, createLogger('error'));
  return { database, url, drop: () => database.close() };
}
