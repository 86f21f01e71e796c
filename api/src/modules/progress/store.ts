import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courseGenerations, progress, type ProgressRow, syncReceipts } from '../../db/schema.js';

/**
 * Takes the (user, course) row lock every merge and reset of that course goes through, creating
 * the row at generation 0 the first time, and answers the course's current generation.
 * Call it inside a transaction: the lock is held until it ends.
 */
export async function lockCourse(tx: Db, userId: string, courseSlug: string): Promise<number> {
  await tx.insert(courseGenerations).values({ userId, courseSlug, generation: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ generation: courseGenerations.generation })
    .from(courseGenerations)
    .where(and(eq(courseGenerations.userId, userId), eq(courseGenerations.courseSlug, courseSlug)))
    .for('update');
  if (!row) throw new Error('course_generations row missing after insert');
  return row.generation;
}

export async function setGeneration(
  tx: Db,
  userId: string,
  courseSlug: string,
  generation: number,
): Promise<void> {
  await tx
    .update(courseGenerations)
    .set({ generation })
    .where(and(eq(courseGenerations.userId, userId), eq(courseGenerations.courseSlug, courseSlug)));
}

/** The course's generation without locking (0 for a course never touched). */
export async function readGeneration(db: Db, userId: string, courseSlug: string): Promise<number> {
  const [row] = await db
    .select({ generation: courseGenerations.generation })
    .from(courseGenerations)
    .where(and(eq(courseGenerations.userId, userId), eq(courseGenerations.courseSlug, courseSlug)));
  return row?.generation ?? 0;
}

export async function listRows(db: Db, userId: string, courseSlug?: string): Promise<ProgressRow[]> {
  return db
    .select()
    .from(progress)
    .where(
      courseSlug === undefined
        ? eq(progress.userId, userId)
        : and(eq(progress.userId, userId), eq(progress.courseSlug, courseSlug)),
    )
    .orderBy(asc(progress.courseSlug), asc(progress.moduleId));
}

export async function upsertRow(tx: Db, row: ProgressRow): Promise<ProgressRow> {
  const [saved] = await tx
    .insert(progress)
    .values(row)
    .onConflictDoUpdate({
      target: [progress.userId, progress.courseSlug, progress.moduleId],
      set: {
        completed: row.completed,
        bestScore: row.bestScore,
        answers: row.answers,
        firstCompletedAt: row.firstCompletedAt,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  if (!saved) throw new Error('progress upsert returned nothing');
  return saved;
}

export async function deleteCourseRows(tx: Db, userId: string, courseSlug: string): Promise<void> {
  await tx.delete(progress).where(and(eq(progress.userId, userId), eq(progress.courseSlug, courseSlug)));
}

/**
 * Records an op id; false when it was recorded before (by this or a concurrent batch, which
 * PostgreSQL makes this statement wait for). The receipt and the merge share one transaction.
 */
export async function insertReceipt(tx: Db, opId: string, userId: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(syncReceipts)
    .values({ opId, userId, status: 'applied', createdAt: now })
    .onConflictDoNothing({ target: syncReceipts.opId })
    .returning({ opId: syncReceipts.opId });
  return inserted.length > 0;
}

export async function markReceiptRejected(tx: Db, opId: string, reason: string): Promise<void> {
  await tx.update(syncReceipts).set({ status: 'rejected', reason }).where(eq(syncReceipts.opId, opId));
}

/** Receipts of a user (tests and support). */
export async function countReceipts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(syncReceipts)
    .where(eq(syncReceipts.userId, userId));
  return row?.n ?? 0;
}
