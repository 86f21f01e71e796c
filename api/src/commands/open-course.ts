import type { Course } from '@pd/domain';
import type { UserRow } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { viewerOf } from '../modules/access/service.js';
import { openCourse as openCourseContent } from '../modules/content/service.js';
import { noteContentReceived } from '../modules/progress/service.js';

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
