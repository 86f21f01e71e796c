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

/** Inserts the events not stored yet (by id); answers the rows it inserted. */
export async function insertEvents(tx: Db, rows: NewEventRow[]): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(analyticsEvents).values(rows).onConflictDoNothing().returning();
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

/** Retention: raw events that occurred before `before` (rollups stay). */
export async function deleteEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, before));
}

/** Forgets the salts of days before `day`: their hashes can no longer be linked to a device. */
export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
}
