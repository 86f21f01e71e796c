import { hasPremiumAccess } from '@pd/domain';
import type { Viewer } from '../access/policy.js';

/** Why a template does not open, or that it does. */
export type TemplateAccess = 'allowed' | 'signInRequired' | 'premiumRequired';

/** The list (titles, descriptions, where used): anyone signed in. */
export function canListTemplates(user: Viewer): boolean {
  return user !== null;
}

/**
 * A template's text and its download: the spec's 'exclusive resources and templates' premium
 * benefit, so premium, license_admin and superadmin only (docs/ARCHITECTURE.md, P11).
 */
export function canReadTemplate(user: Viewer): TemplateAccess {
  if (!user) return 'signInRequired';
  return hasPremiumAccess(user.role, null, user.licence) ? 'allowed' : 'premiumRequired';
}
