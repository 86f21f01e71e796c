import { hasPremiumAccess, type PromptCategory } from '@pd/domain';
import type { Viewer } from '../access/policy.js';

/**
 * Who may read a category's prompt texts: free categories everyone, signed in or not; premium
 * categories premium, license_admin and superadmin (docs/ARCHITECTURE.md, P11). Titles and
 * descriptions are listed to everyone.
 */
export function canReadPrompts(user: Viewer, category: Pick<PromptCategory, 'isPremium'>): boolean {
  return !category.isPremium || hasPremiumAccess(user?.role, null, user?.licence);
}
