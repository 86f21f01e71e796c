import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPostgres } from '../db/client.js';
import { migrationsFolder, runMigrations } from '../db/migrate.js';
import { createPglite } from '../db/pglite.js';
import { createLogger } from '../logger.js';

/**
 * The migrated database every api test file starts from, made once per run by the global setup
 * (global-setup.ts): on PGlite a dump of the migrated data directory, which each file loads into
 * its own in-memory instance; on PostgreSQL a migrated database each file's database is created
 * from (`CREATE DATABASE ... TEMPLATE`).
 */
export type MigratedTemplate = { driver: 'pglite'; dumpFile: string } | { driver: 'pg'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by api/src/test/global-setup.ts; absent in a project without it. */
    migratedTemplate?: MigratedTemplate;
  }
}

/** TEST_DATABASE_URL when TEST_DB=pg, else null (PGlite). */
export function postgresAdminUrl(): string | null {
  if (process.env.TEST_DB !== 'pg') return null;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  return url;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` on the server's admin connection (CREATE/DROP DATABASE). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A throwaway database name: t_<12 hex>. */
export const throwawayName = (prefix = 't'): string => `${prefix}_${randomBytes(6).toString('hex')}`;

export interface Template {
  template: MigratedTemplate;
  remove(): Promise<void>;
}

/** Migrates one database and keeps it as the template of this run. */
export async function createMigratedTemplate(): Promise<Template> {
  const adminUrl = postgresAdminUrl();
  if (adminUrl) {
    const name = throwawayName('t_template');
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const database = openPostgres(databaseUrl(adminUrl, name), createLogger('error'));
    try {
      await runMigrations(database);
    } finally {
      // A template may have no open connection while databases are created from it.
      await database.close();
    }
    return {
      template: { driver: 'pg', name },
      remove: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const client = await createPglite();
  let dump: Blob;
  try {
    await migrate(drizzle(client), { migrationsFolder });
    dump = await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pd-api-test-'));
  const dumpFile = path.join(dir, 'migrated-pgdata.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return {
    template: { driver: 'pglite', dumpFile },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A hash of every file of the migrations folder: what a migrated database is made of. */
async function migrationsHash(dir = migrationsFolder, hash = createHash('sha256')): Promise<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    hash.update(entry.name);
    if (entry.isDirectory()) await migrationsHash(file, hash);
    else hash.update(await readFile(file));
  }
  return dir === migrationsFolder ? hash.digest('hex').slice(0, 16) : '';
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The migrated PGlite dump kept between runs in `dir` (the OS temp folder by default), named by a
 * hash of the migrations: made by `createMigratedTemplate` the first time, and again only when the
 * migrations change. For a test project where few files start the api (the pwa's, decision 030),
 * so that a run migrates nothing once the dump exists.
 */
export async function cachedPgliteTemplate(
  dir = path.join(tmpdir(), 'pd-api-migrated'),
): Promise<MigratedTemplate> {
  const dumpFile = path.join(dir, `pglite-${await migrationsHash()}.tar`);
  if (!(await exists(dumpFile))) {
    const { template, remove } = await createMigratedTemplate();
    try {
      if (template.driver !== 'pglite') throw new Error('cachedPgliteTemplate: TEST_DB=pg is set');
      await mkdir(dir, { recursive: true });
      // Written beside, then renamed: a run started at the same time never reads half a dump.
      const partial = `${dumpFile}.${process.pid}.partial`;
      await writeFile(partial, await readFile(template.dumpFile));
      await rename(partial, dumpFile);
    } finally {
      await remove();
    }
  }
  return { driver: 'pglite', dumpFile };
}
