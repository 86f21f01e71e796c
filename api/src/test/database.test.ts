import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { createTestDatabase, keptCopies } from './database.js';
import { postgresAdminUrl } from './template.js';
import { buildUser } from './factories.js';

/**
 * Each test file gets a database that is the migrated template (decision 127): on PGlite the copy a
 * file has finished with is emptied and handed to the next file of the worker, so what a file left
 * behind (rows, identities, session settings, a changed schema) must never reach the next one.
 */
const onPglite = !postgresAdminUrl();

/** The first row of a raw query. */
const firstRow = <T>(result: unknown): T => (result as { rows: T[] }).rows[0]!;

async function userCount(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe('a test file’s database', () => {
  it('starts empty and migrated after another file filled one and changed its session', async () => {
    const first = await createTestDatabase();
    await buildUser(first.database.db, { email: 'left-behind@school.test' });
    await first.database.db.execute(sql`SET TIME ZONE 'Pacific/Auckland'`);
    expect(await userCount(first.database.db)).toBe(1);
    await first.drop();
    if (onPglite) expect(keptCopies()).toBeGreaterThan(0);

    const next = await createTestDatabase();
    expect(await userCount(next.database.db)).toBe(0);
    const zone = firstRow<{ TimeZone: string }>(await next.database.db.execute(sql`SHOW TIME ZONE`));
    expect(zone.TimeZone).not.toBe('Pacific/Auckland');
    const migrations = firstRow<{ n: number }>(
      await next.database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
    );
    expect(migrations.n).toBeGreaterThan(0);
    await next.drop();
  });

  it('is never a copy whose schema a file changed', async () => {
    const first = await createTestDatabase();
    await first.database.db.execute(sql`ALTER TABLE users ADD COLUMN left_behind text`);
    const kept = keptCopies();
    await first.drop();
    expect(keptCopies()).toBeLessThanOrEqual(kept);

    const next = await createTestDatabase();
    const columns = firstRow<{ n: number }>(
      await next.database.db.execute(
        sql`SELECT count(*)::int AS n FROM information_schema.columns
             WHERE table_name = 'users' AND column_name = 'left_behind'`,
      ),
    );
    expect(columns.n).toBe(0);
    await next.drop();
  });

  it('gives two databases open at once to one file, each its own', async () => {
    const [a, b] = [await createTestDatabase(), await createTestDatabase()];
    await buildUser(a.database.db, { email: 'only-in-a@school.test' });
    expect(await userCount(a.database.db)).toBe(1);
    expect(await userCount(b.database.db)).toBe(0);
    await Promise.all([a.drop(), b.drop()]);
  });
});
