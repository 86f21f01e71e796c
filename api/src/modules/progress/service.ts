import type { LicenceMembership } from '@pd/domain';
import {
  type CourseProgress,
  type ProgressRecord,
  type ResetProgressResponse,
  type SaveProgressResponse,
  type SyncOp,
  type SyncOpResult,
  type SyncRequest,
  type SyncResponse,
  completionTime,
  earliestTeacherTime,
  moduleReadingMs,
  msBeforeCompletion,
  type ReadingSpan,
  syncReasons,
  teacherTimeReason,
  tooEarlyReason,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { ProgressRow, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { canOpenCourse } from '../access/policy.js';
import { findCourse } from '../content/service.js';
import {
  type CourseLedger,
  type QuizAttempt,
  ledgerRows,
  ledgerWrites,
  mergeQuiz,
  mergeReset,
  openLedger,
} from './course-ledger.js';
import { presentCourseProgress, presentRecord } from './present.js';
import * as store from './store.js';

type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'config'>;
/** The signed-in teacher with their licence seat (premium courses need premium or a licence). */
export type Teacher = Pick<UserRow, 'id' | 'role'> & { licence: LicenceMembership | null };

export type RejectionReason = keyof typeof syncReasons;

/** A quiz op that passed the checks needing no lock: the answer key to grade it against. */
type QuizCheck = { status: 'ok'; answerKey: number[] } | { status: 'rejected'; reason: RejectionReason };

/**
 * What can be told of a quiz attempt without the course's records: the course exists, the teacher
 * may open it (premium courses need premium or a licence), the module exists and has a quiz, and
 * there is one answer per question.
 */
function checkQuiz(
  deps: Pick<AppDeps, 'content'>,
  user: Teacher,
  courseSlug: string,
  moduleId: number,
  answers: readonly number[],
): QuizCheck {
  const course = findCourse(deps.content, courseSlug);
  if (!course) return { status: 'rejected', reason: 'unknownCourse' };
  if (canOpenCourse(user, course) !== 'allowed') return { status: 'rejected', reason: 'notEntitled' };
  const module = course.modules.find((m) => m.id === moduleId);
  if (!module) return { status: 'rejected', reason: 'unknownModule' };
  const answerKey = (module.quiz ?? []).map((question) => question.answer);
  if (answerKey.length === 0 || answers.length !== answerKey.length) {
    return { status: 'rejected', reason: 'wrongAnswerCount' };
  }
  return { status: 'ok', answerKey };
}

/**
 * Locks the courses to merge into (slug order) and reads the records of those and of the courses
 * only read, in one query: the ledgers every change of this transaction works on. The generation
 * of a course only read is read without a lock. Call once per transaction.
 */
async function openLedgers(
  tx: Db,
  userId: string,
  toLock: readonly string[],
  toRead: readonly string[] = [],
): Promise<Map<string, CourseLedger>> {
  const generations = await store.lockCourses(tx, userId, toLock);
  const unlocked = [...new Set(toRead)].filter((slug) => !generations.has(slug));
  for (const [slug, generation] of await store.readGenerations(tx, userId, unlocked)) {
    generations.set(slug, generation);
  }
  const slugs = [...new Set([...generations.keys(), ...unlocked])];
  const rows = await store.listRows(tx, userId, slugs);
  return new Map(
    slugs.map((slug) => [
      slug,
      openLedger(
        userId,
        slug,
        generations.get(slug) ?? 0,
        rows.filter((row) => row.courseSlug === slug),
      ),
    ]),
  );
}

/** Writes what the ledgers changed: cleared courses, new generations, then the changed records. */
async function saveLedgers(tx: Db, userId: string, ledgers: Iterable<CourseLedger>): Promise<void> {
  const writes = ledgerWrites(ledgers);
  await store.deleteCourseRows(tx, userId, writes.cleared);
  await store.setGenerations(tx, userId, writes.generations);
  await store.upsertRows(tx, writes.rows);
}

// ---------------------------------------------------------------------------------------------------
// Time on task (issue 17, decision 075).

/** When the content of these courses first reached the teacher; null when the rule is off. */
async function contentArrivals(
  deps: ServiceDeps,
  tx: Db,
  userId: string,
  courseSlugs: readonly string[],
): Promise<Map<string, Date> | null> {
  if (deps.config.moduleMinTimeShare <= 0) return null;
  return store.contentReceivedAt(tx, userId, courseSlugs);
}

/**
 * An attempt's time (an offline completion's device time, kept within [the content's arrival, now])
 * and the earliest time its completion counts, with the minutes the teacher is told.
 */
function attemptTiming(
  deps: ServiceDeps,
  arrivals: Map<string, Date> | null,
  courseSlug: string,
  moduleId: number,
  deviceAt: string | undefined,
  now: Date,
) {
  if (!arrivals) return { at: now, requiredMs: 0 };
  const modules = findCourse(deps.content, courseSlug)?.modules ?? [];
  const requiredMs = msBeforeCompletion(modules, moduleId, deps.config.moduleMinTimeShare);
  const contentAt = arrivals.get(courseSlug);
  if (!contentAt) return { at: now, earliestCompletion: null, requiredMs };
  return {
    at: completionTime(deviceAt ? new Date(deviceAt) : undefined, contentAt, now),
    earliestCompletion: new Date(contentAt.getTime() + requiredMs),
    requiredMs,
  };
}

/** The sentence of a too-early completion: the course's own time, or the teacher's over every course. */
const tooEarlyMessage = (merged: { teacherTimeMs?: number }, requiredMs: number): string =>
  merged.teacherTimeMs !== undefined ? teacherTimeReason(merged.teacherTimeMs) : tooEarlyReason(requiredMs);

/**
 * Notes that a course's content reached the teacher (the course answer: a page load or a download;
 * `at` for the demo data's earlier visits). Once per teacher and course in this process; the
 * database keeps the first time.
 */
export async function noteContentReceived(
  deps: ServiceDeps,
  userId: string,
  courseSlug: string,
  at: Date = deps.clock(),
): Promise<void> {
  // Kept with the rule off too: it is also the enrolment the usage dashboard counts (decision 088).
  const key = `${userId}\u0000${courseSlug}`;
  if (noted.has(key)) return;
  await store.noteContentReceived(deps.db, userId, courseSlug, at);
  if (noted.size >= notedLimit) noted.clear();
  noted.add(key);
}
const noted = new Set<string>();
const notedLimit = 50_000;

/** The check of a new completion of `moduleId` in `courseSlug`, against the ledgers as they stand. */
type TeacherTimeline = (
  ledgers: ReadonlyMap<string, CourseLedger>,
  courseSlug: string,
  moduleId: number,
) => NonNullable<QuizAttempt['teacherTime']>;

/**
 * The teacher's time over every course (issue 30 item 3, decision 089). Takes the teacher's lock
 * (call first in the transaction, before any course's), reads the completions of the courses not in
 * `ledgers` and when each course reached the teacher, and answers the check a new completion goes
 * through: the spans of every completion counted so far (the ledgers as they stand after the ops
 * applied so far) and the new one must fit one timeline. Null when the rule is off.
 */
async function teacherTimeline(
  deps: ServiceDeps,
  tx: Db,
  userId: string,
  touched: readonly string[],
): Promise<TeacherTimeline | null> {
  const share = deps.config.moduleMinTimeShare;
  if (share <= 0) return null;
  await store.lockTeacherTime(tx, userId);
  const stored = (await store.listRows(tx, userId)).filter((row) => row.completed);
  const arrivals = await store.contentReceivedAt(tx, userId, [
    ...new Set([...stored.map((row) => row.courseSlug), ...touched]),
  ]);
  const span = (row: ProgressRow, arrival: Date | undefined): ReadingSpan | null => {
    if (!row.firstCompletedAt) return null;
    const duration = findCourse(deps.content, row.courseSlug)?.modules.find(
      (m) => m.id === row.moduleId,
    )?.duration;
    const ms = duration ? moduleReadingMs(duration, share) : 0;
    const by = row.firstCompletedAt.getTime();
    // A completion from before the content was recorded (the rule off): read just before it.
    return { from: Math.min(arrival?.getTime() ?? by - ms, by), by, ms };
  };
  return (ledgers, courseSlug, moduleId) => {
    const duration = findCourse(deps.content, courseSlug)?.modules.find((m) => m.id === moduleId)?.duration;
    return (at) => {
      const counted: ReadingSpan[] = [];
      for (const row of stored) {
        if (ledgers.has(row.courseSlug)) continue;
        const s = span(row, arrivals.get(row.courseSlug));
        if (s) counted.push(s);
      }
      for (const ledger of ledgers.values())
        for (const row of ledger.rows.values()) {
          if (!row.completed) continue;
          const s = span(row, arrivals.get(ledger.courseSlug));
          if (s) counted.push(s);
        }
      const arrival = arrivals.get(courseSlug);
      const next: ReadingSpan = {
        from: arrival?.getTime() ?? at.getTime(),
        by: at.getTime(),
        ms: duration ? moduleReadingMs(duration, share) : 0,
      };
      const earliest = earliestTeacherTime(counted, next);
      return earliest <= next.by ? null : earliest - next.by;
    };
  };
}

// ---------------------------------------------------------------------------------------------------
// The online calls of spec section 7.

export type SaveOutcome =
  | { status: 'applied'; answer: SaveProgressResponse }
  | { status: 'rejected'; reason: RejectionReason; message?: string };

/** Grades a quiz attempt and merges it into the server's record of the module (ADR 004). */
export async function saveProgress(
  deps: ServiceDeps,
  user: Teacher,
  courseSlug: string,
  moduleId: number,
  answers: readonly number[],
): Promise<SaveOutcome> {
  const check = checkQuiz(deps, user, courseSlug, moduleId, answers);
  if (check.status === 'rejected') return check;
  return deps.db.transaction(async (tx) => {
    const timeline = await teacherTimeline(deps, tx, user.id, [courseSlug]);
    const ledgers = await openLedgers(tx, user.id, [courseSlug]);
    const ledger = ledgers.get(courseSlug);
    if (!ledger) throw new Error(`course ${courseSlug} was not locked`);
    const arrivals = await contentArrivals(deps, tx, user.id, [courseSlug]);
    const { requiredMs, ...timing } = attemptTiming(
      deps,
      arrivals,
      courseSlug,
      moduleId,
      undefined,
      deps.clock(),
    );
    const merged = mergeQuiz(ledger, {
      moduleId,
      answerKey: check.answerKey,
      answers,
      ...timing,
      teacherTime: timeline?.(ledgers, courseSlug, moduleId),
    });
    if (merged.status === 'rejected')
      return merged.reason === 'tooEarly'
        ? { status: 'rejected', reason: 'tooEarly', message: tooEarlyMessage(merged, requiredMs) }
        : merged;
    await saveLedgers(tx, user.id, [ledger]);
    return {
      status: 'applied',
      answer: { ...presentRecord(merged.row), generation: ledger.generation },
    } satisfies SaveOutcome;
  });
}

/** Resets a course (records gone, generation moved on). Null when the course does not exist. */
export async function resetProgress(
  deps: ServiceDeps,
  user: Pick<Teacher, 'id'>,
  courseSlug: string,
): Promise<ResetProgressResponse | null> {
  if (!findCourse(deps.content, courseSlug)) return null;
  const generation = await deps.db.transaction(async (tx) => {
    const generations = await store.lockCourses(tx, user.id, [courseSlug]);
    const ledger = openLedger(user.id, courseSlug, generations.get(courseSlug) ?? 0, []);
    mergeReset(ledger);
    await saveLedgers(tx, user.id, [ledger]);
    return ledger.generation;
  });
  return { ok: true, generation };
}

export async function listProgress(
  deps: ServiceDeps,
  user: Pick<Teacher, 'id'>,
  courseSlug?: string,
): Promise<ProgressRecord[]> {
  return (await store.listRows(deps.db, user.id, courseSlug)).map(presentRecord);
}

/**
 * When the course's content first reached the teacher (a certificate's start, issue 28 part 3), or
 * null when the server never noted it.
 */
export async function courseStartedAt(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  courseSlug: string,
): Promise<Date | null> {
  return (await store.contentReceivedAt(deps.db, userId, [courseSlug])).get(courseSlug) ?? null;
}

/** The server's records of a course (certificates read completion from here). */
export function courseRows(deps: Pick<AppDeps, 'db'>, userId: string, courseSlug: string) {
  return store.listRows(deps.db, userId, courseSlug);
}

// ---------------------------------------------------------------------------------------------------
// The offline batch sync (docs/ARCHITECTURE.md "Offline-first: how data moves").

/**
 * Applies a batch of ops in one transaction, each op exactly once, in the request's order:
 *
 * 1. every op id goes into sync_receipts in one statement (ON CONFLICT DO NOTHING RETURNING); an op
 *    whose receipt was already there, or whose id came earlier in the batch, is a duplicate;
 * 2. the courses of the new ops that can be merged are locked once, in slug order, and the records
 *    of every course the batch touched are read once;
 * 3. the ops are applied in memory with the merge rules (course-ledger.ts); a refused op is answered
 *    `rejected` with its reason and its receipt says so, and the others still apply;
 * 4. what changed is written in a few multi-row statements.
 *
 * An unexpected error rolls the whole batch back, receipts included: the device sends it again.
 * Answers the per-op results and the merged progress of every course the batch touched.
 */
export async function syncProgress(
  deps: ServiceDeps,
  user: Teacher,
  request: SyncRequest,
): Promise<SyncResponse> {
  const touched = [...new Set(request.ops.map((op) => op.courseSlug))].filter((slug) =>
    findCourse(deps.content, slug),
  );
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const timeline = request.ops.some((op) => op.type === 'quiz-submitted')
      ? await teacherTimeline(deps, tx, user.id, touched)
      : null;
    const fresh = await store.insertReceipts(
      tx,
      user.id,
      request.ops.map((op) => op.opId),
      now,
    );
    // Each new id is applied once: at its first place in the batch.
    const planned = request.ops.map((op) => planOp(deps, user, op, fresh.delete(op.opId.toLowerCase())));
    // The courses touched only by duplicates or refused ops are read, not locked.
    const ledgers = await openLedgers(
      tx,
      user.id,
      planned.flatMap((p) => (p.kind === 'merge' ? [p.op.courseSlug] : [])),
      touched,
    );

    const arrivals = await contentArrivals(deps, tx, user.id, touched);
    const results: SyncOpResult[] = [];
    const rejected: { opId: string; reason: string }[] = [];
    for (const plan of planned) {
      const outcome =
        plan.kind === 'merge'
          ? applyOp(deps, ledgers, arrivals, timeline, plan.op, plan.answerKey, now)
          : plan;
      if (outcome.kind === 'duplicate') {
        results.push({ opId: plan.op.opId, status: 'duplicate' });
      } else if (outcome.kind === 'rejected') {
        const reason = ('message' in outcome ? outcome.message : undefined) ?? syncReasons[outcome.reason];
        rejected.push({ opId: plan.op.opId, reason });
        results.push({ opId: plan.op.opId, status: 'rejected', reason });
      } else {
        results.push({ opId: plan.op.opId, status: 'applied' });
      }
    }
    await store.markReceiptsRejected(tx, user.id, rejected);
    await saveLedgers(tx, user.id, ledgers.values());

    const progress: CourseProgress[] = touched.map((slug) => {
      const ledger = ledgers.get(slug);
      if (!ledger) throw new Error(`course ${slug} has no ledger`);
      return presentCourseProgress(slug, ledger.generation, ledgerRows(ledger));
    });
    return { results, progress };
  });
}

type OpOutcome =
  | { kind: 'applied' }
  | { kind: 'duplicate' }
  | { kind: 'rejected'; reason: RejectionReason; message?: string };
type OpPlan =
  | { kind: 'merge'; op: SyncOp; answerKey: number[] }
  | ({ op: SyncOp } & Exclude<OpOutcome, { kind: 'applied' }>);

/** What an op comes to before any record is read: a duplicate, a refusal, or a merge to make. */
function planOp(deps: ServiceDeps, user: Teacher, op: SyncOp, isNew: boolean): OpPlan {
  if (!isNew) return { kind: 'duplicate', op };
  if (op.type === 'course-reset') {
    return findCourse(deps.content, op.courseSlug)
      ? { kind: 'merge', op, answerKey: [] }
      : { kind: 'rejected', op, reason: 'unknownCourse' };
  }
  const check = checkQuiz(deps, user, op.courseSlug, op.moduleId, op.answers);
  return check.status === 'ok'
    ? { kind: 'merge', op, answerKey: check.answerKey }
    : { kind: 'rejected', op, reason: check.reason };
}

function applyOp(
  deps: ServiceDeps,
  ledgers: ReadonlyMap<string, CourseLedger>,
  arrivals: Map<string, Date> | null,
  timeline: TeacherTimeline | null,
  op: SyncOp,
  answerKey: readonly number[],
  now: Date,
): OpOutcome {
  const ledger = ledgers.get(op.courseSlug);
  if (!ledger) throw new Error(`course ${op.courseSlug} was not locked`);
  if (op.type === 'course-reset') {
    mergeReset(ledger, op.generation);
    return { kind: 'applied' };
  }
  const { requiredMs, ...timing } = attemptTiming(deps, arrivals, op.courseSlug, op.moduleId, op.at, now);
  const merged = mergeQuiz(ledger, {
    moduleId: op.moduleId,
    answerKey,
    answers: op.answers,
    generation: op.generation,
    ...timing,
    teacherTime: timeline?.(ledgers, op.courseSlug, op.moduleId),
  });
  if (merged.status === 'applied') return { kind: 'applied' };
  return merged.reason === 'tooEarly'
    ? { kind: 'rejected', reason: 'tooEarly', message: tooEarlyMessage(merged, requiredMs) }
    : { kind: 'rejected', reason: merged.reason };
}
