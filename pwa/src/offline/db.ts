import type { Course, CourseSummary } from '@pd/domain';
import Dexie, { type EntityTable } from 'dexie';

/**
 * The two kinds of IndexedDB database on the device (ARCHITECTURE.md, "Offline-first: how data moves").
 *
 * - `content`: shared by everyone on the device and re-downloadable: the catalogue and the content of
 *   free courses. Never anything personal, never premium lessons.
 * - `user-<id>`: one teacher's data: progress (one row per course) and premium course content they
 *   opened. The offline issue adds the outbox and queued analytics events as new versions here.
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
}

export class ContentDb extends Dexie {
  catalogue!: EntityTable<CachedCatalogue, 'key'>;
  courses!: EntityTable<CachedCourse, 'slug'>;

  constructor() {
    super('content');
    this.version(1).stores({ catalogue: 'key', courses: 'slug' });
  }
}

export class UserDb extends Dexie {
  progress!: EntityTable<LocalProgress, 'courseSlug'>;
  /** Premium course content this user may open (never stored in the shared `content` database). */
  courses!: EntityTable<CachedCourse, 'slug'>;

  constructor(userId: string) {
    super(userDbName(userId));
    this.version(1).stores({ progress: 'courseSlug', courses: 'slug' });
  }
}

export function userDbName(userId: string): string {
  return `user-${userId}`;
}

let content: ContentDb | null = null;
const users = new Map<string, UserDb>();

export function contentDb(): ContentDb {
  content ??= new ContentDb();
  return content;
}

/** The database of one teacher (opened once per tab and reused). */
export function userDb(userId: string): UserDb {
  let db = users.get(userId);
  if (!db) {
    db = new UserDb(userId);
    users.set(userId, db);
  }
  return db;
}

/** Deletes everything the device holds for this teacher (shared-device sign-out). */
export async function deleteUserDb(userId: string): Promise<void> {
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
  else await Dexie.delete('content');
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
  };
}
