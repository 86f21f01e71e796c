import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  analyticsDailyVisitors,
  analyticsEvents,
  analyticsFunnel,
  analyticsHourly,
  analyticsSalts,
  analyticsUserAttribution,
} from '../../db/schema.js';

export type NewEventRow = typeof analyticsEvents.$inferInsert;
export type EventRow = typeof analyticsEvents.$inferSelect;

export interface HourlyDelta {
  hour: Date;
  metric: string;
  dim: string;
  count: number;
  total: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Inserts the events whose id is not stored yet, in any month; answers the rows it inserted. Run in
 * the ingest's transaction. The table's key is (id, occurred_at) (a partitioned table's keys must hold
 * its partition key), and a replay may carry another time (the clamp moves with the time it arrives),
 * so the id is kept unique here (decision 120): the batch's ids are locked (transaction-level advisory
 * locks, in one order), then the ids already stored are looked up in every partition and skipped.
 */
export async function insertEvents(tx: Db, rows: NewEventRow[]): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(k) FROM (
      SELECT DISTINCT hashtextextended('analytics-event:' || id, 0) AS k
        FROM unnest(${`{${ids.join(',')}}`}::text[]) AS id ORDER BY k) AS keys`);
  const stored = await tx
    .select({ id: analyticsEvents.id })
    .from(analyticsEvents)
    .where(inArray(analyticsEvents.id, ids));
  const known = new Set(stored.map((r) => r.id));
  const fresh = rows.filter((r) => !known.has(r.id));
  if (fresh.length === 0) return [];
  return tx.insert(analyticsEvents).values(fresh).onConflictDoNothing().returning();
}

/** The salt of `day` (YYYY-MM-DD), made with `fresh` the first time the day is asked for. */
export async function daySalt(tx: Db, day: string, fresh: string): Promise<string> {
  const [made] = await tx
    .insert(analyticsSalts)
    .values({ day, salt: fresh })
    .onConflictDoNothing()
    .returning({ salt: analyticsSalts.salt });
  if (made) return made.salt;
  const [row] = await tx
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(sql`${analyticsSalts.day} = ${day}`);
  if (!row) throw new Error('analytics salt vanished');
  return row.salt;
}

/** Records visitors per day; answers those new for their day. Rows sorted by the caller (lock order). */
export async function insertDailyVisitors(
  tx: Db,
  rows: { day: string; visitorHash: string }[],
): Promise<{ day: string; visitorHash: string }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(analyticsDailyVisitors)
    .values(rows)
    .onConflictDoNothing()
    .returning({ day: analyticsDailyVisitors.day, visitorHash: analyticsDailyVisitors.visitorHash });
}

/** Records funnel steps; answers the steps reached for the first time. */
export async function insertFunnelSteps(
  tx: Db,
  rows: { userId: string; step: string; at: Date }[],
): Promise<{ userId: string; step: string; at: Date }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(analyticsFunnel)
    .values(rows)
    .onConflictDoNothing()
    .returning({ userId: analyticsFunnel.userId, step: analyticsFunnel.step, at: analyticsFunnel.at });
}

/** Adds to the hourly rollups in one statement; `deltas` sorted by key so concurrent batches lock in one order. */
export async function addHourly(tx: Db, deltas: HourlyDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await tx
    .insert(analyticsHourly)
    .values(deltas)
    .onConflictDoUpdate({
      target: [analyticsHourly.metric, analyticsHourly.hour, analyticsHourly.dim],
      set: {
        count: sql`${analyticsHourly.count} + excluded.count`,
        total: sql`${analyticsHourly.total} + excluded.total`,
      },
    });
}

export async function saveUserAttribution(
  tx: Db,
  row: typeof analyticsUserAttribution.$inferInsert,
): Promise<void> {
  await tx.insert(analyticsUserAttribution).values(row).onConflictDoNothing();
}

export async function userAttribution(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(analyticsUserAttribution)
    .where(sql`${analyticsUserAttribution.userId} = ${userId}`);
  return row ?? null;
}

/** Sums of the rollups of `metrics` in [from, to), per metric and dim. */
export async function sumHourly(
  db: Db,
  from: Date,
  to: Date,
  metrics: string[],
): Promise<{ metric: string; dim: string; count: number; total: number }[]> {
  return db
    .select({
      metric: analyticsHourly.metric,
      dim: analyticsHourly.dim,
      count: sql<number>`sum(${analyticsHourly.count})::float8`.mapWith(Number),
      total: sql<number>`sum(${analyticsHourly.total})::float8`.mapWith(Number),
    })
    .from(analyticsHourly)
    .where(
      and(
        inArray(analyticsHourly.metric, metrics),
        sql`${analyticsHourly.hour} >= ${from.toISOString()}::timestamptz`,
        sql`${analyticsHourly.hour} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(analyticsHourly.metric, analyticsHourly.dim);
}

/** Per UTC day: the sums of `metrics` (dims added up). */
export async function dailyHourly(
  db: Db,
  from: Date,
  to: Date,
  metrics: string[],
): Promise<{ day: string; metric: string; count: number }[]> {
  const result = await db.execute(sql`
    SELECT to_char(${analyticsHourly.hour} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           ${analyticsHourly.metric} AS metric,
           sum(${analyticsHourly.count})::float8 AS count
      FROM ${analyticsHourly}
     WHERE ${inArray(analyticsHourly.metric, metrics)}
       AND ${analyticsHourly.hour} >= ${from.toISOString()}::timestamptz
       AND ${analyticsHourly.hour} < ${to.toISOString()}::timestamptz
     GROUP BY 1, 2`);
  return rowsOf<{ day: string; metric: string; count: number | string }>(result).map((r) => ({
    ...r,
    count: Number(r.count),
  }));
}

// ---- Monthly partitions (decision 120) ----------------------------------------------------------

const monthly = /^analytics_events_(\d{4})_(\d{2})$/;
/** The first instant (UTC) of the month of `at`, and of the months after it. */
export const monthStart = (at: Date, add = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1));
const partitionName = (month: Date) =>
  `analytics_events_${month.toISOString().slice(0, 4)}_${month.toISOString().slice(5, 7)}`;

/** The monthly partitions of analytics_events with the month each starts (the default one is not listed). */
export async function eventPartitions(db: Db): Promise<{ name: string; month: Date }[]> {
  const result = await db.execute(sql`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'analytics_events'::regclass`);
  return rowsOf<{ name: string }>(result).flatMap(({ name }) => {
    const m = monthly.exec(name);
    return m ? [{ name, month: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) }] : [];
  });
}

/**
 * Makes the partition of the month starting at `month` unless it exists. Rows of that month already
 * in the default partition move into it first (PostgreSQL refuses a new partition whose rows sit in
 * the default one). One transaction; instances that run it at once take turns on an advisory lock.
 */
export async function ensureEventPartition(db: Db, month: Date): Promise<boolean> {
  const name = partitionName(month);
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('analytics-partitions', 0))`);
    if ((await eventPartitions(tx)).some((p) => p.name === name)) return false;
    const table = sql.identifier(name);
    await tx.execute(sql`CREATE TABLE ${table} (LIKE ${analyticsEvents} INCLUDING DEFAULTS)`);
    await tx.execute(sql`
      WITH moved AS (
        DELETE FROM analytics_events_default
         WHERE occurred_at >= ${from}::timestamptz AND occurred_at < ${to}::timestamptz RETURNING *)
      INSERT INTO ${table} SELECT * FROM moved`);
    await tx.execute(
      sql`ALTER TABLE ${analyticsEvents} ATTACH PARTITION ${table}
            FOR VALUES FROM (${sql.raw(`'${from}'`)}) TO (${sql.raw(`'${to}'`)})`,
    );
    return true;
  });
}

/**
 * Retention: drops the monthly partitions whose every event occurred before `before`, and deletes
 * the default partition's rows before it (that partition holds only what no month caught). Rollups
 * stay. Answers the dropped partitions' names.
 */
export async function dropEventsBefore(db: Db, before: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const { name, month } of await eventPartitions(db)) {
    if (monthStart(month, 1) > before) continue;
    await db.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(name)}`);
    dropped.push(name);
  }
  await db.execute(
    sql`DELETE FROM analytics_events_default WHERE occurred_at < ${before.toISOString()}::timestamptz`,
  );
  return dropped;
}

/** Forgets the salts of days before `day`: their hashes can no longer be linked to a device. */
export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
}
