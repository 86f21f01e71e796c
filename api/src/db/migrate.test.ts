import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
  type ThrowawayPostgres,
} from '../test/postgres-cluster.js';
import { adminQuery, databaseUrl, postgresAdminUrl, throwawayName } from '../test/template.js';
import { openPostgres } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';

/**
 * Issue 31 (decision 106): api instances that start together on a new database (two replicas of
 * docker-compose.yml) or after a deploy that brings a migration take turns migrating, so none fails
 * at start on a table another is creating. On the run's PostgreSQL server, or a throwaway one.
 */
const runServer = postgresAdminUrl();
const unavailable = runServer ? null : throwawayPostgresUnavailable();
if (unavailable) process.stdout.write(`migrate.test.ts skipped: ${unavailable}\n`);

describe.skipIf(unavailable !== null)('migrations on PostgreSQL', () => {
  let cluster: ThrowawayPostgres | undefined;
  let adminUrl: string;

  beforeAll(async () => {
    if (!runServer) cluster = await startThrowawayPostgres();
    adminUrl = runServer ?? (cluster as ThrowawayPostgres).url;
  }, 120_000);
  afterAll(async () => {
    await cluster?.remove();
  }, 120_000);

  it('lets three instances start together on an empty database: each succeeds, each migration runs once', async () => {
    const name = throwawayName('mig');
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const instances = [0, 1, 2].map(() => openPostgres(databaseUrl(adminUrl, name), createLogger('error')));
    try {
      const outcomes = await Promise.allSettled(instances.map((database) => runMigrations(database)));
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
      const applied = (await instances[0]!.db.execute(
        sql`SELECT count(*) AS count FROM drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { count: string }[] };
      expect(Number(applied.rows[0]?.count)).toBe(files.length);
      // The lock is let go: a later start (a restart) migrates at once.
      await runMigrations(instances[1]!);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 120_000);
});
