import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres, pgliteDatabase } from '../db/client.js';
import { createPglite } from '../db/pglite.js';
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
 * memory loaded from the migrated data directory's dump by default (or a copy an earlier file of
 * this worker used, emptied: `pgliteCopy`); with TEST_DB=pg and
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
  if (template?.driver === 'pglite') return pgliteCopy(template.dumpFile);
  const database = await openPglite(null);
  await runMigrations(database);
  return { database, drop: () => database.close() };
}

/** Another pool on an existing PostgreSQL test database (a second api instance); closing it drops nothing. */
export function connectTestDatabase(url: string): TestDatabase {
  const database = openPostgres(url, createLogger('error'));
  return { database, url, drop: () => database.close() };
}

/**
 * PGlite copies of the migrated template that a test file of this worker has finished with, emptied
 * again (decision 127). Opening a copy from the dump costs 0.4-0.7 s of CPU (the runtime starts and
 * unpacks the data directory); emptying one costs about 60 ms. The files of a worker run one after
 * the other and share this module (the api project runs them unisolated), so the next file takes a
 * kept copy. A copy is kept only if, once emptied, its schema is exactly the template's (a test that
 * changed it leaves it to be closed), and at most two wait (a file may run two apps at once).
 */
const kept: PGlite[] = [];
const keepAtMost = 2;
let dump: { file: string; data: Blob } | undefined;
let template: { fingerprint: string; empty: string } | undefined;

async function pgliteCopy(dumpFile: string): Promise<TestDatabase> {
  let client = kept.pop();
  if (!client) {
    if (dump?.file !== dumpFile) dump = { file: dumpFile, data: new Blob([await readFile(dumpFile)]) };
    client = await createPglite({ loadDataDir: dump.data });
    template ??= await describeTemplate(client);
  }
  const open = client;
  const drop = async () => {
    if (kept.includes(open)) return; // dropped already
    if (kept.length < keepAtMost && (await emptied(open))) kept.push(open);
    else await open.close();
  };
  return { database: pgliteDatabase(open, drop), drop };
}

/**
 * What makes a copy the template again: the fingerprint of its schema and the statement that
 * empties every table of the app (the migrations' own table keeps its rows). Read from a fresh copy.
 */
async function describeTemplate(client: PGlite): Promise<{ fingerprint: string; empty: string }> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = 'public'
      ORDER BY 1`,
  );
  return {
    fingerprint: await schemaFingerprint(client),
    empty: `TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`,
  };
}

/** Every relation, column, constraint, function, type label, extension and role, hashed. */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(
    `SELECT md5(string_agg(item, '|' ORDER BY item)) AS fingerprint FROM (
       SELECT format('rel %s.%s %s', n.nspname, c.relname, c.relkind) AS item
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%'
       UNION ALL
       SELECT format('col %s.%s %s %s %s', c.relnamespace, c.relname, a.attname, a.atttypid, a.attnotnull)
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'drizzle') AND a.attnum > 0 AND NOT a.attisdropped
       UNION ALL
       SELECT format('con %s %s', conname, pg_get_constraintdef(c.oid))
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname IN ('public', 'drizzle')
       UNION ALL
       SELECT format('fn %s %s', p.proname, md5(p.prosrc))
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname IN ('public', 'drizzle')
       UNION ALL
       SELECT format('enum %s %s', enumtypid, enumlabel) FROM pg_enum
       UNION ALL
       SELECT format('ext %s %s', extname, extversion) FROM pg_extension
       UNION ALL
       SELECT format('role %s', rolname) FROM pg_roles
       UNION ALL
       SELECT format('migrations %s', count(*)) FROM drizzle.__drizzle_migrations
     ) items`,
  );
  return rows[0]!.fingerprint;
}

/** How many emptied copies wait for the next test file of this worker (database.test.ts). */
export const keptCopies = (): number => kept.length;

/** Empties a copy a test file is done with; true if it is the template again. */
async function emptied(client: PGlite): Promise<boolean> {
  if (!template || client.closed) return false;
  try {
    await client.exec(template.empty);
    await client.exec('DISCARD ALL'); // session settings, prepared statements, temporary tables
    return (await schemaFingerprint(client)) === template.fingerprint;
  } catch {
    return false;
  }
}
