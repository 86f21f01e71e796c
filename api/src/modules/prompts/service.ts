import type { Content } from '@pd/content';
import type { PromptCategory } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import type { Viewer } from '../access/policy.js';
import { viewerOf } from '../access/service.js';
import { type RequestSession, sessionUser } from '../auth/service.js';
import { canReadPrompts } from './policy.js';

/** The Prompt Library comes from the content folder (deps.content); no database table. */

/** Every category in library order. */
export function promptCategories(content: Pick<Content, 'prompts'>): PromptCategory[] {
  return [...content.prompts].sort((a, b) => a.order - b.order);
}

/**
 * The signed-in user's role, or null (signed out, a session whose user is gone, or an admin's that
 * has not passed two-step sign-in: issue 30.7, `sessionUser`).
 */
export async function viewer(
  deps: Pick<AppDeps, 'db' | 'sessionCache'>,
  session: RequestSession,
): Promise<Viewer> {
  return viewerOf(deps, await sessionUser(deps, session));
}

/** What one user may read of the library. */
export function promptAccess(categories: readonly PromptCategory[], user: Viewer) {
  const readable = (category: PromptCategory) => canReadPrompts(user, category);
  return {
    readable,
    /** True when the answer carries premium prompt texts (then it must not be stored). */
    includesPremium: categories.some((category) => category.isPremium && readable(category)),
  };
}
