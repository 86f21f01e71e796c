import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../test/logger.js';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
  type ThrowawayPostgres,
} from '../test/postgres-cluster.js';
import { type Database, openPostgres } from './client.js';

/**
 * A connection whose BEGIN fails, as when the server goes away right after the checkout (decision
 * 078): what a restart does to a transaction now and then, here on every BEGIN of one connection.
 */
let failNextBegin = false;
class FlakyClient extends pg.Client {
  override query(...args: unknown[]): never {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first.text ?? '');
    if (failNextBegin && /^\s*begin\b/i.test(text)) {
      failNextBegin = false;
      return Promise.reject(new Error('Connection terminated unexpectedly')) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** The rows of a node-postgres answer (the app's `Db` type does not say which driver answers). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const unavailable = throwawayPostgresUnavailable();
if (unavailable) process.stdout.write(`client.test.ts skipped: ${unavailable}\n`);

describe.skipIf(unavailable !== null)('the PostgreSQL pool', () => {
  let cluster: ThrowawayPostgres;
  let database: Database;

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    // One connection, a short wait for it: a leaked client would make the next call time out.
    database = openPostgres(cluster.url, createMemoryLogger(), {
      max: 1,
      connectionTimeoutMillis: 2_000,
      Client: FlakyClient,
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.remove();
  }, 120_000);

  it("gets the connection back when a transaction's BEGIN fails, and still ends", async () => {
    failNextBegin = true;
    const failed = await database.db
      .transaction(async (tx) => tx.execute(sql`select 1`))
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ message: expect.stringMatching(/^Failed query: begin/) });
    expect((failed as Error).cause).toMatchObject({ message: 'Connection terminated unexpectedly' });
    // The one connection is free again: a transaction and a plain query both run.
    const inTx = await database.db.transaction(async (tx) => tx.execute(sql`select 2 as n`));
    expect(rowsOf(inTx)).toEqual([{ n: 2 }]);
    expect(rowsOf(await database.db.execute(sql`select 3 as n`))).toEqual([{ n: 3 }]);
    // And the pool ends (it waited for the leaked client for ever).
    await database.close();
  });
});
