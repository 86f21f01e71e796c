import {
  type CourseAccess,
  courseAccess,
  type CourseFlags,
  type LicenceMembership,
  type Role,
} from '@pd/domain';

export type { CourseAccess };

/**
 * Who is asking: a signed-in user's role and licence seat (`viewerOf` in service.ts builds it), or
 * null when signed out. `licence` is required so no caller forgets the seat.
 */
export type Viewer = { role: Role; licence: LicenceMembership | null } | null;

/**
 * Who may open a course's lessons and quizzes: the domain's `courseAccess` rule (the pwa's course
 * cards and overview decide with the same one), asked for the api's viewer.
 */
export function canOpenCourse(user: Viewer, course: CourseFlags): CourseAccess {
  return courseAccess(user, course);
}
