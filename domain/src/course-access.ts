// Zod-free on purpose: the catalogue's course cards (the app's first screen) use these rules.
import { type AccessViewer, viewerHasPremium } from './roles-core.js';

/** Why a course does not open, or that it does. */
export type CourseAccess = 'allowed' | 'signInRequired' | 'premiumRequired' | 'comingSoon';

/** The two flags of a course the access rules read. */
export interface CourseFlags {
  isPremium: boolean;
  isComingSoon: boolean;
}

/**
 * Who may open a course's lessons and quizzes (docs/ARCHITECTURE.md, P11, spec section 6): free
 * courses every signed-in user; premium courses premium, license_admin and superadmin; coming-soon
 * courses only a superadmin (to preview them); premium access is `hasPremiumAccess` (role, licence
 * seat). `viewer` is null or undefined for a signed-out visitor.
 * The api's content policy, the course overview and the course cards all decide with this rule.
 */
export function courseAccess(viewer: AccessViewer | null | undefined, course: CourseFlags): CourseAccess {
  if (!viewer) return 'signInRequired';
  if (course.isComingSoon) return viewer.role === 'superadmin' ? 'allowed' : 'comingSoon';
  if (course.isPremium && !viewerHasPremium(viewer)) return 'premiumRequired';
  return 'allowed';
}

/** What a course card shows (spec section 4): open, locked (premium needed), coming soon, preview. */
export type CourseCardState = 'open' | 'locked' | 'comingSoon' | 'preview';

/**
 * The card state follows `courseAccess`. A signed-out visitor sees each card as a signed-in free
 * teacher would (issue 16): a premium card says it needs Premium rather than promising a start the
 * course page would then refuse. A coming-soon card says so to everyone but a superadmin, who gets a
 * preview.
 */
export function courseCardState(
  course: CourseFlags,
  viewer: AccessViewer | null | undefined,
): CourseCardState {
  const access = courseAccess(viewer ?? { role: 'free' }, course);
  if (course.isComingSoon) return access === 'allowed' ? 'preview' : 'comingSoon';
  return access === 'premiumRequired' ? 'locked' : 'open';
}
