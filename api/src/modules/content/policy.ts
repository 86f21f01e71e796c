import { hasPremiumAccess, type Course, type Role } from '@pd/domain';

/** Why a course does not open, or that it does. */
export type CourseAccess = 'allowed' | 'signInRequired' | 'premiumRequired' | 'comingSoon';

/** Who is asking: a signed-in user's role, or null when signed out. */
export type Viewer = { role: Role } | null;

/**
 * Who may open a course's lessons and quizzes (ARCHITECTURE decision 11, spec section 6):
 * free courses every signed-in user; premium courses premium, license_admin and superadmin;
 * coming-soon courses only a superadmin (to preview them).
 */
export function canOpenCourse(
  user: Viewer,
  course: Pick<Course, 'isPremium' | 'isComingSoon'>,
): CourseAccess {
  if (!user) return 'signInRequired';
  if (course.isComingSoon) return user.role === 'superadmin' ? 'allowed' : 'comingSoon';
  if (course.isPremium && !hasPremiumAccess(user.role)) return 'premiumRequired';
  return 'allowed';
}
