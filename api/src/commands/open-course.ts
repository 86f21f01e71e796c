import { type Course, isModuleUnlocked } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import type { UserRow } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { sessionUser } from '../modules/auth/service.js';
import { viewerOf } from '../modules/access/service.js';
import { openCourse as openCourseContent } from '../modules/content/service.js';
import { listProgress, noteContentReceived } from '../modules/progress/service.js';

/**
 * A signed-in teacher opens a course's lessons (GET /api/courses/{slug}): the content module
 * answers the course if the access rules let them open it, and the progress module notes that its
 * lessons reached the teacher, the start of their time on task (decision 075).
 */
export async function openCourse(
  deps: Pick<AppDeps, 'db' | 'content' | 'config' | 'clock'>,
  user: Pick<UserRow, 'id' | 'role'>,
  slug: string,
): Promise<Course> {
  const course = openCourseContent(deps, await viewerOf(deps, user), slug);
  await noteContentReceived(deps, user.id, course.slug);
  return course;
}

/**
 * Decision 122: the course a module page's first response may draw the lesson of. The request's
 * session (the session middleware is run for it, as for an api call) must be a teacher who may open
 * the course: exactly what `GET /api/content/courses/:slug` would answer them, so the page shows
 * nothing that call would not. The lessons reach the teacher with the page: the time on task starts
 * as it would with that call. Null when nobody is signed in, the course is refused (not found,
 * premium, coming soon), or the server's records keep the module locked (the app will show 'Module
 * Locked', or the module the device completed offline: the lesson is not drawn to be taken away):
 * the page is then the plain app shell. A coming-soon preview is never locked.
 */
export async function openCourseForPage(
  deps: Pick<AppDeps, 'db' | 'content' | 'config' | 'clock' | 'sessionCache'>,
  session: Middleware,
  ctx: Context,
  slug: string,
  moduleId: number,
): Promise<Course | null> {
  let opened: Course | null = null;
  await session(ctx, async () => {
    const user = await sessionUser(deps, ctx.session);
    if (!user) return;
    let course: Course;
    try {
      course = await openCourse(deps, user, slug);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return;
    }
    if (moduleId > 1 && !course.isComingSoon) {
      const records = await listProgress(deps, user, course.slug);
      const completed = records.filter((r) => r.completed).map((r) => r.moduleId);
      if (!isModuleUnlocked(moduleId, completed)) return;
    }
    opened = course;
  });
  return opened;
}
