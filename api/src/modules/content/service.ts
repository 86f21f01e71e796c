import { type Content, fillLegalPlaceholders, type LegalDetails } from '@pd/content';
import {
  authMessages,
  contentErrorCodes,
  contentMessages,
  type Course,
  errorCodes,
  type FaqSection,
  type LegalPage,
  type LegalPageName,
  premiumRequiredMessage,
} from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { type CourseAccess, canOpenCourse, type Viewer } from '../access/policy.js';

/**
 * The content module reads the content folder, loaded and validated at start-up into
 * `deps.content` (docs/ARCHITECTURE.md, P11); it has no database table of its own.
 */

/** The course with this slug, or undefined. */
export function findCourse(content: Pick<Content, 'courses'>, slug: string): Course | undefined {
  return content.courses.find((course) => course.slug === slug);
}

/** Every course, sorted by id. */
export function allCourses(content: Pick<Content, 'courses'>): Course[] {
  return [...content.courses].sort((a, b) => a.id - b.id);
}

export function faqSections(content: Pick<Content, 'faq'>): FaqSection[] {
  return content.faq;
}

/** A legal page with the operator's configured details filled in (decision 104). */
export function legalPage(
  content: Pick<Content, 'legal'>,
  page: LegalPageName,
  operator: LegalDetails,
): LegalPage {
  const stored = content.legal[page];
  return { ...stored, markdown: fillLegalPlaceholders(stored.markdown, operator) };
}

/** The error a refused course answers with: never any of the course's content. */
export function courseRefusal(access: Exclude<CourseAccess, 'allowed'>, course: Course): AppError {
  switch (access) {
    case 'signInRequired':
      return new AppError(401, authMessages.notSignedIn, errorCodes.unauthorized);
    case 'premiumRequired':
      return new AppError(403, premiumRequiredMessage(course.title), contentErrorCodes.premiumRequired);
    case 'comingSoon':
      return new AppError(403, contentMessages.comingSoon, contentErrorCodes.comingSoon);
  }
}

/**
 * The course a signed-in user asked for, when they may open it (the route answers 401 to a
 * signed-out request first, whatever the slug): an unknown slug is a 404; then the policy decides.
 */
export function openCourse(deps: Pick<AppDeps, 'content'>, user: Viewer, slug: string): Course {
  const course = findCourse(deps.content, slug);
  if (!course) throw new AppError(404, contentMessages.courseNotFound, errorCodes.notFound);
  const access = canOpenCourse(user, course);
  if (access !== 'allowed') throw courseRefusal(access, course);
  return course;
}
