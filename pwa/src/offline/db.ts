import {
  type Course,
  type CourseSummary,
  deviceContentDb,
  userDbPrefix,
  type PublicUser,
  type SyncOp,
  type Template,
} from '@pd/domain';
import Dexie, { type EntityTable } from 'dexie';

/**
 * The two kinds of IndexedDB database on the device (docs/ARCHITECTURE.md, "Offline-first: how data moves").
 *
 * - `content`: shared by everyone on the device and re-downloadable: the catalogue and the content of
 *   free courses. Never anything personal, never premium lessons.
 * - `user-<id>`: one teacher's data: progress (one row per course), premium course content they
 *   opened, verified downloads, the outbox of operations not yet on the server, queued analytics
 *   events and the cached profile (so the app opens signed in offline).
 */

export interface CachedCatalogue {
  /** Always 'catalogue' (a single-row table). */
  key: 'catalogue';
  courses: CourseSummary[];
  fetchedAt: string;
}

export interface CachedCourse {
  slug: string;
  course: Course;
  fetchedAt: string;
}

/** The spec's local progress of one course (section 3), plus the server's course generation. */
export interface LocalProgress {
  courseSlug: string;
  /** Sorted, de-duplicated module ids. */
  completedModules: number[];
  /** Best quiz score per module id. */
  quizScores: Record<number, number>;
  /** The module the teacher last opened (default 1). */
  currentModule: number;
  /** ISO time of the last change. */
  lastAccessed: string;
  /** The course generation the server last told us (bumped by a reset); 0 until known. */
  generation: number;
  /**
   * True once `generation` came from the server (a sync reply) or follows from a reset based on a
   * known generation. Ops made while it is unknown are sent without a generation (the server's current).
   */
  generationKnown?: boolean;
}

type QuizSubmittedWireOp = Extract<SyncOp, { type: 'quiz-submitted' }>;
type CourseResetWireOp = Extract<SyncOp, { type: 'course-reset' }>;
export type QuizSubmittedPayload = Omit<QuizSubmittedWireOp, 'opId' | 'type'>;
export type CourseResetPayload = Omit<CourseResetWireOp, 'opId' | 'type'>;

interface OutboxOpBase {
  /** Auto-increment: the order the teacher made the changes in (sends keep it). */
  seq?: number;
  /** crypto.randomUUID() made on the device; the server applies each id once. */
  opId: string;
  /** ISO time the op was made (display only: the server never orders by device clocks). */
  createdAt: string;
  /** Failed attempts to send it. */
  tries: number;
  lastError: string | null;
  /** Epoch ms before which the drain does not retry on its own (back-off). */
  nextAttemptAt: number | null;
  /** 'rejected': the server refused it; kept and shown until the teacher dismisses it. */
  status: 'pending' | 'rejected';
  /** The server's reason, for a rejected op. */
  reason?: string;
}

/**
 * A queued operation (docs/ARCHITECTURE.md, "Offline-first"): its wire form is
 * `{opId, type, ...payload}`.
 */
export type OutboxOp = OutboxOpBase &
  (
    | {
        type: 'quiz-submitted';
        payload: QuizSubmittedPayload;
        /** The device's grade, replayed on top of the server's records until the op is answered. */
        localGrade?: { score: number; passed: boolean };
      }
    | { type: 'course-reset'; payload: CourseResetPayload }
  );

/** An analytics event queued on the device (sending them is a later issue). */
export interface QueuedAnalyticsEvent {
  id: string;
  name: string;
  props: Record<string, unknown>;
  /** ISO time. */
  at: string;
}

/** The signed-in user as GET /api/auth/me last answered (single row). */
export interface CachedProfile {
  key: 'me';
  user: PublicUser;
  savedAt: string;
}

export class ContentDb extends Dexie {
  catalogue!: EntityTable<CachedCatalogue, 'key'>;
  courses!: EntityTable<CachedCourse, 'slug'>;

  constructor() {
    super(deviceContentDb.name);
    // The service worker reads the courses table too (decision 070).
    this.version(1).stores({ catalogue: 'key', [deviceContentDb.courses]: 'slug' });
  }
}

/** A premium template this teacher opened or downloaded with a course (offline/templates.ts). */
export interface CachedTemplate {
  slug: string;
  template: Template;
  fetchedAt: string;
}

/**
 * A course this teacher downloaded for offline use (downloads.ts), written only after every module and
 * every image was verified on the device: its presence is what 'Available offline' means.
 */
export interface CourseDownload {
  courseSlug: string;
  /** Bytes stored: the course JSON plus its images. */
  bytes: number;
  moduleIds: number[];
  /** Same-origin image URLs held in Cache Storage `swCaches.images`. */
  images: string[];
  /** Slugs of the templates its modules use, stored with it (entitled users only). */
  templates?: string[];
  /** Where the content lives: the shared `content` database (free) or this user's (premium). */
  store: 'content' | 'user';
  downloadedAt: string;
}

/**
 * The last answer of a licence admin's call (issue 18: GET /api/license-groups/me and a group's
 * members), kept so the License Management page shows it, with its age, when offline.
 */
export interface CachedAnswer {
  /** The call's URL. */
  key: string;
  data: unknown;
  fetchedAt: string;
}

export class UserDb extends Dexie {
  progress!: EntityTable<LocalProgress, 'courseSlug'>;
  /** Premium course content this user may open (never stored in the shared `content` database). */
  courses!: EntityTable<CachedCourse, 'slug'>;
  /** Verified course downloads (downloads.ts). */
  downloads!: EntityTable<CourseDownload, 'courseSlug'>;
  /** Operations made on the device, waiting for POST /api/progress/sync (drain.ts). */
  outbox!: EntityTable<OutboxOp, 'seq'>;
  analytics!: EntityTable<QueuedAnalyticsEvent, 'id'>;
  profile!: EntityTable<CachedProfile, 'key'>;
  /** Templates (premium) this user opened or downloaded with a course. */
  templates!: EntityTable<CachedTemplate, 'slug'>;
  /** The License Management page's last answers (issue 18). */
  answers!: EntityTable<CachedAnswer, 'key'>;

  constructor(userId: string) {
    super(userDbName(userId));
    this.version(1).stores({ progress: 'courseSlug', courses: 'slug' });
    this.version(2).stores({ downloads: 'courseSlug' });
    this.version(3)
      .stores({ outbox: '++seq, &opId, [status+seq]', analytics: 'id, at', profile: 'key' })
      .upgrade((tx) =>
        // Rows of version 1/2 carry a generation only when an online save told it (> 0).
        tx
          .table<LocalProgress>('progress')
          .toCollection()
          .modify((row) => {
            row.generation = Number.isInteger(row.generation) ? row.generation : 0;
            row.generationKnown = row.generation > 0;
          }),
      );
    this.version(4).stores({ templates: 'slug' });
    this.version(5).stores({ answers: 'key' });
  }
}

export function userDbName(userId: string): string {
  return `${userDbPrefix}${userId}`;
}

let content: ContentDb | null = null;
const users = new Map<string, UserDb>();

export function contentDb(): ContentDb {
  content ??= new ContentDb();
  return content;
}

/**
 * Teachers whose database the sign-out deleted in this tab. Their `user-<id>` is not opened (which
 * would create it again, empty) until they sign in again: a screen still mounted, or a live query
 * re-running, during the sign-out must not bring the database back.
 */
const deletedUsers = new Set<string>();

/** `userDb` of a teacher whose database the sign-out deleted (and who has not signed in since). */
export class UserDbDeletedError extends Error {
  constructor(readonly userId: string) {
    super('This account signed out on this device; sign in again to use its data.');
    this.name = 'UserDbDeletedError';
  }
}

/** The teacher signed in (again): their database may be opened, and made, again. */
export function allowUserDb(userId: string): void {
  deletedUsers.delete(userId);
}

/** Whether the sign-out deleted this teacher's database and they have not signed in since. */
export function isUserDbDeleted(userId: string): boolean {
  return deletedUsers.has(userId);
}

/**
 * A read for a live query: `fallback` instead of opening the database of a teacher who signed out
 * (a live query must not throw into the screen, nor make the database again).
 */
export async function readUserDb<T>(
  userId: string,
  read: (db: UserDb) => Promise<T>,
  fallback: T,
): Promise<T> {
  if (deletedUsers.has(userId)) return fallback;
  return read(userDb(userId));
}

/**
 * The database of one teacher (opened once per tab and reused). Throws `UserDbDeletedError` after
 * the sign-out deleted it, until `allowUserDb` (the teacher signed in again).
 */
export function userDb(userId: string): UserDb {
  if (deletedUsers.has(userId)) throw new UserDbDeletedError(userId);
  let db = users.get(userId);
  if (!db) {
    db = new UserDb(userId);
    users.set(userId, db);
  }
  return db;
}

const deleteListeners = new Set<(userId: string) => void>();

/** Called just before a teacher's database is deleted (the sync engine stops its timers). */
export function onUserDbDelete(listener: (userId: string) => void): () => void {
  deleteListeners.add(listener);
  return () => deleteListeners.delete(listener);
}

/** Deletes everything the device holds for this teacher (shared-device sign-out). */
export async function deleteUserDb(userId: string): Promise<void> {
  deletedUsers.add(userId);
  for (const listener of deleteListeners) listener(userId);
  const db = users.get(userId);
  users.delete(userId);
  if (db) await db.delete();
  else await Dexie.delete(userDbName(userId));
}

/** Deletes the shared content cache (tests, or "clear offline data"). */
export async function deleteContentDb(): Promise<void> {
  const db = content;
  content = null;
  if (db) await db.delete();
  else await Dexie.delete(deviceContentDb.name);
}

/** A progress row with the spec's defaults. */
export function emptyProgress(courseSlug: string, now = new Date()): LocalProgress {
  return {
    courseSlug,
    completedModules: [],
    quizScores: {},
    currentModule: 1,
    lastAccessed: now.toISOString(),
    generation: 0,
    generationKnown: false,
  };
}
