import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contentReceipts,
  courseGenerations,
  progress,
  type ProgressRow,
  syncReceipts,
} from '../../db/schema.js';

/** Code-unit order: the same in every process, whatever the database's collation. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Takes the (user, course) row lock every merge and reset of those courses goes through, creating
 * a course's row at generation 0 the first time, and answers each course's current generation.
 * The rows are created and locked in slug order (the same order in every transaction, so two
 * batches over the same courses wait for each other instead of deadlocking). Call it inside a
 * transaction, once: the locks are held until it ends.
 */
export async function lockCourses(
  tx: Db,
  userId: string,
  courseSlugs: readonly string[],
): Promise<Map<string, number>> {
  const slugs = [...new Set(courseSlugs)].sort(byCodeUnits);
  if (slugs.length === 0) return new Map();
  await tx
    .insert(courseGenerations)
    .values(slugs.map((courseSlug) => ({ userId, courseSlug, generation: 0 })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ courseSlug: courseGenerations.courseSlug, generation: courseGenerations.generation })
    .from(courseGenerations)
    .where(and(eq(courseGenerations.userId, userId), inArray(courseGenerations.courseSlug, slugs)))
    .orderBy(asc(courseGenerations.courseSlug))
    .for('update');
  if (rows.length !== slugs.length) throw new Error('course_generations rows missing after insert');
  return new Map(rows.map((row) => [row.courseSlug, row.generation]));
}

/** The courses' generations without locking (a course never touched is absent: generation 0). */
export async function readGenerations(
  db: Db,
  userId: string,
  courseSlugs: readonly string[],
): Promise<Map<string, number>> {
  if (courseSlugs.length === 0) return new Map();
  const rows = await db
    .select({ courseSlug: courseGenerations.courseSlug, generation: courseGenerations.generation })
    .from(courseGenerations)
    .where(
      and(eq(courseGenerations.userId, userId), inArray(courseGenerations.courseSlug, [...courseSlugs])),
    );
  return new Map(rows.map((row) => [row.courseSlug, row.generation]));
}

/** Moves each course to its new generation (rows already created by `lockCourses`). */
export async function setGenerations(
  tx: Db,
  userId: string,
  generations: ReadonlyMap<string, number>,
): Promise<void> {
  if (generations.size === 0) return;
  await tx
    .insert(courseGenerations)
    .values([...generations].map(([courseSlug, generation]) => ({ userId, courseSlug, generation })))
    .onConflictDoUpdate({
      target: [courseGenerations.userId, courseGenerations.courseSlug],
      set: { generation: sql`excluded.generation` },
    });
}

/** A teacher's records: all of them, or those of one course or of a few, by course then module. */
export async function listRows(
  db: Db,
  userId: string,
  courseSlug?: string | readonly string[],
): Promise<ProgressRow[]> {
  if (Array.isArray(courseSlug) && courseSlug.length === 0) return [];
  return db
    .select()
    .from(progress)
    .where(
      courseSlug === undefined
        ? eq(progress.userId, userId)
        : typeof courseSlug === 'string'
          ? and(eq(progress.userId, userId), eq(progress.courseSlug, courseSlug))
          : and(eq(progress.userId, userId), inArray(progress.courseSlug, [...courseSlug])),
    )
    .orderBy(asc(progress.courseSlug), asc(progress.moduleId));
}

/** Writes records in one statement; at most one row per (user, course, module). */
export async function upsertRows(tx: Db, rows: readonly ProgressRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(progress)
    .values([...rows])
    .onConflictDoUpdate({
      target: [progress.userId, progress.courseSlug, progress.moduleId],
      set: {
        completed: sql`excluded.completed`,
        bestScore: sql`excluded.best_score`,
        answers: sql`excluded.answers`,
        firstCompletedAt: sql`excluded.first_completed_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function deleteCourseRows(
  tx: Db,
  userId: string,
  courseSlugs: readonly string[],
): Promise<void> {
  if (courseSlugs.length === 0) return;
  await tx
    .delete(progress)
    .where(and(eq(progress.userId, userId), inArray(progress.courseSlug, [...courseSlugs])));
}

/**
 * Records a batch's op ids in one statement and answers those recorded now, lower-case (as
 * PostgreSQL writes a uuid); an id recorded before (by an earlier or a concurrent batch, which
 * PostgreSQL makes this statement wait for) is left out. Ids go in sorted, so two batches sharing
 * ids wait for each other instead of deadlocking. The receipts and the merges share one transaction.
 */
export async function insertReceipts(
  tx: Db,
  userId: string,
  opIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const ids = [...new Set(opIds.map((id) => id.toLowerCase()))].sort(byCodeUnits);
  if (ids.length === 0) return new Set();
  const inserted = await tx
    .insert(syncReceipts)
    .values(ids.map((opId) => ({ opId, userId, status: 'applied' as const, createdAt: now })))
    .onConflictDoNothing({ target: [syncReceipts.userId, syncReceipts.opId] })
    .returning({ opId: syncReceipts.opId });
  return new Set(inserted.map((row) => row.opId));
}

/** Marks receipts rejected with their reason: one statement per distinct reason. */
export async function markReceiptsRejected(
  tx: Db,
  userId: string,
  rejected: ReadonlyArray<{ opId: string; reason: string }>,
): Promise<void> {
  const byReason = new Map<string, string[]>();
  for (const { opId, reason } of rejected) byReason.set(reason, [...(byReason.get(reason) ?? []), opId]);
  for (const [reason, opIds] of byReason) {
    await tx
      .update(syncReceipts)
      .set({ status: 'rejected', reason })
      .where(and(eq(syncReceipts.userId, userId), inArray(syncReceipts.opId, opIds)));
  }
}

/** Receipts of a user (tests and support). */
export async function countReceipts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(syncReceipts)
    .where(eq(syncReceipts.userId, userId));
  return row?.n ?? 0;
}

/**
 * Serialises the changes that may add a completion to one teacher's time over every course
 * (decision 089): a transaction-scoped lock per teacher, taken before any course's lock.
 */
export async function lockTeacherTime(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`progress-time:${userId}`}, 0))`);
}

/** Records when a course's content first reached the teacher (later arrivals change nothing). */
export async function noteContentReceived(
  db: Db,
  userId: string,
  courseSlug: string,
  at: Date,
): Promise<void> {
  await db.insert(contentReceipts).values({ userId, courseSlug, firstAt: at }).onConflictDoNothing();
}

/** When each of these courses' content first reached the teacher (absent: never). */
export async function contentReceivedAt(
  db: Db,
  userId: string,
  courseSlugs: readonly string[],
): Promise<Map<string, Date>> {
  const slugs = [...new Set(courseSlugs)];
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ courseSlug: contentReceipts.courseSlug, firstAt: contentReceipts.firstAt })
    .from(contentReceipts)
    .where(and(eq(contentReceipts.userId, userId), inArray(contentReceipts.courseSlug, slugs)));
  return new Map(rows.map((r) => [r.courseSlug, r.firstAt]));
}

/** The courses that first reached a teacher in [from, to): enrolments (the usage dashboard's report). */
export async function receiptsBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ userId: string; courseSlug: string }[]> {
  return db
    .select({ userId: contentReceipts.userId, courseSlug: contentReceipts.courseSlug })
    .from(contentReceipts)
    .where(and(gte(contentReceipts.firstAt, from), lt(contentReceipts.firstAt, to)));
}

/** Teachers whose first course among `slugs` reached them in [from, to). */
export async function firstReceiptsBetween(
  db: Db,
  slugs: readonly string[],
  from: Date,
  to: Date,
): Promise<number> {
  if (slugs.length === 0) return 0;
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT ${contentReceipts.userId} FROM ${contentReceipts}
       WHERE ${inArray(contentReceipts.courseSlug, [...slugs])}
       GROUP BY ${contentReceipts.userId}
      HAVING min(${contentReceipts.firstAt}) >= ${from.toISOString()}::timestamptz
         AND min(${contentReceipts.firstAt}) < ${to.toISOString()}::timestamptz) firsts`);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/**
 * Per teacher and course with a module first completed in [from, to): the modules completed and the
 * last first completion (a course is complete when every module is).
 */
export async function completionsTouching(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ userId: string; courseSlug: string; completed: number; lastAt: Date }[]> {
  const result = await db.execute(sql`
    SELECT ${progress.userId} AS user_id, ${progress.courseSlug} AS course_slug,
           count(*)::int AS completed, max(${progress.firstCompletedAt}) AS last_at
      FROM ${progress}
     WHERE ${progress.completed}
     GROUP BY 1, 2
    HAVING max(${progress.firstCompletedAt}) >= ${from.toISOString()}::timestamptz
       AND max(${progress.firstCompletedAt}) < ${to.toISOString()}::timestamptz`);
  type Row = { user_id: string; course_slug: string; completed: number | string; last_at: Date | string };
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    userId: r.user_id,
    courseSlug: r.course_slug,
    completed: Number(r.completed),
    lastAt: new Date(r.last_at),
  }));
}
