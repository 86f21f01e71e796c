import { randomUUID } from 'node:crypto';
import type { Course, ProgressRecord, SaveProgressResponse, SyncOp, SyncResponse } from '@pd/domain';
import { type TestApp, testContent } from './app.js';
import { signIn } from './auth-helpers.js';
import type { TestClient, TestResponse } from './client.js';
import { buildUser, type BuiltUser, type BuildUserOptions } from './factories.js';

/** Free, 3 modules of 3 questions, 30 minutes. */
export const freeCourse = 'ai-tools-beyond-chatgpt';
/** Free, 6 modules, 60 minutes. */
export const longFreeCourse = 'ai-in-education';
export const premiumCourse = 'prompt-engineering';
export const comingSoonCourse = 'real-teachers-real-classrooms';

export interface Teacher extends BuiltUser {
  client: TestClient;
}

/** A user built in the database and signed in through the real login call. */
export async function signedInTeacher(app: TestApp, options: BuildUserOptions = {}): Promise<Teacher> {
  const built = await buildUser(app.db, options);
  const client = app.client();
  const res = await signIn(client, built.email, built.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return { ...built, client };
}

/** A second device of the same teacher: its own cookie jar, its own session. */
export async function otherDevice(app: TestApp, teacher: BuiltUser): Promise<TestClient> {
  const client = app.client();
  await signIn(client, teacher.email, teacher.password);
  return client;
}

export async function course(slug: string): Promise<Course> {
  const found = (await testContent()).courses.find((c) => c.slug === slug);
  if (!found) throw new Error(`no course ${slug}`);
  return found;
}

function answerKey(courseData: Course, moduleId: number): number[] {
  const module = courseData.modules.find((m) => m.id === moduleId);
  if (!module?.quiz) throw new Error(`no quiz for ${courseData.slug} module ${moduleId}`);
  return module.quiz.map((q) => q.answer);
}

/** Every answer right (score 100). */
export async function rightAnswers(slug: string, moduleId: number): Promise<number[]> {
  return answerKey(await course(slug), moduleId);
}

/** Every answer wrong (score 0). */
export async function wrongAnswers(slug: string, moduleId: number): Promise<number[]> {
  const c = await course(slug);
  const module = c.modules.find((m) => m.id === moduleId);
  return (module?.quiz ?? []).map((q) => (q.answer + 1) % q.choices.length);
}

/** The first `right` answers right and the rest wrong. */
export async function partlyRight(slug: string, moduleId: number, right: number): Promise<number[]> {
  const good = await rightAnswers(slug, moduleId);
  const bad = await wrongAnswers(slug, moduleId);
  return good.map((answer, i) => (i < right ? answer : (bad[i] ?? 0)));
}

/** The server's score of `right` right answers out of the module's questions (rounded percent). */
export async function scoreOf(slug: string, moduleId: number, right: number): Promise<number> {
  return Math.round((right / (await rightAnswers(slug, moduleId)).length) * 100);
}

export function saveAnswers(
  client: TestClient,
  slug: string,
  moduleId: number,
  answers: number[],
  extra: { completed?: boolean; score?: number } = {},
): Promise<TestResponse<SaveProgressResponse>> {
  return client.post<SaveProgressResponse>(`/api/progress/${slug}/${moduleId}`, { ...extra, answers });
}

/**
 * Completes modules of a course through the real online save, in the order given, every answer
 * right; fails the test's setup if one is not completed (a locked module, an unknown course).
 */
export async function completeModules(
  client: TestClient,
  slug: string,
  moduleIds: readonly number[] | 'all',
): Promise<void> {
  const ids = moduleIds === 'all' ? (await course(slug)).modules.map((m) => m.id) : moduleIds;
  for (const id of ids) {
    const res = await saveAnswers(client, slug, id, await rightAnswers(slug, id));
    if (res.status !== 200 || !res.body.completed) {
      throw new Error(`could not complete ${slug} module ${id}: ${res.status} ${res.text}`);
    }
  }
}

export interface TeacherWithProgressOptions extends BuildUserOptions {
  /** Per course slug: the module ids to complete in order, or 'all'. */
  completed?: Record<string, readonly number[] | 'all'>;
}

/**
 * The progress setup of the api tests in one factory: a teacher built in the database, signed in
 * through the real login call, who has completed the given modules through the online save.
 */
export async function teacherWithProgress(
  app: TestApp,
  { completed = {}, ...userOptions }: TeacherWithProgressOptions = {},
): Promise<Teacher> {
  const teacher = await signedInTeacher(app, userOptions);
  for (const [slug, moduleIds] of Object.entries(completed)) {
    await completeModules(teacher.client, slug, moduleIds);
  }
  return teacher;
}

export async function progressOf(client: TestClient, slug?: string): Promise<ProgressRecord[]> {
  const res = await client.get<ProgressRecord[]>(
    slug ? `/api/progress?courseSlug=${encodeURIComponent(slug)}` : '/api/progress',
  );
  if (res.status !== 200) throw new Error(`GET /api/progress: ${res.status}`);
  return res.body;
}

/** Completed module ids of a course on the server, sorted. */
export async function completedOn(client: TestClient, slug: string): Promise<number[]> {
  return (await progressOf(client, slug))
    .filter((r) => r.completed)
    .map((r) => r.moduleId)
    .sort((a, b) => a - b);
}

export function quizOp(
  courseSlug: string,
  moduleId: number,
  answers: number[],
  generation?: number,
): Extract<SyncOp, { type: 'quiz-submitted' }> {
  return {
    opId: randomUUID(),
    type: 'quiz-submitted',
    courseSlug,
    moduleId,
    answers,
    ...(generation === undefined ? {} : { generation }),
  };
}

export function resetOp(courseSlug: string, generation: number): Extract<SyncOp, { type: 'course-reset' }> {
  return { opId: randomUUID(), type: 'course-reset', courseSlug, generation };
}

export function sync(client: TestClient, ops: unknown[]): Promise<TestResponse<SyncResponse>> {
  return client.post<SyncResponse>('/api/progress/sync', { ops });
}
