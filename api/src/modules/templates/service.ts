import type { Content } from '@pd/content';
import {
  authMessages,
  contentErrorCodes,
  errorCodes,
  premiumRequiredMessage,
  type Template,
  templateMessages,
} from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { Viewer } from '../access/policy.js';
import { viewerOf } from '../access/service.js';
import { type RequestSession, sessionUser } from '../auth/service.js';
import { canListTemplates, canReadTemplate } from './policy.js';

/** Templates come from the content folder (deps.content.templates); no database table. */

/** The session's viewer: signed-in as `sessionUser` says (an admin without the code is not: 30.7). */
async function viewer(deps: Pick<AppDeps, 'db' | 'sessionCache'>, session: Session): Promise<Viewer> {
  return viewerOf(deps, await sessionUser(deps, session));
}

type Session = RequestSession;

const notSignedIn = () => new AppError(401, authMessages.notSignedIn, errorCodes.unauthorized);

/** Every template, sorted by title, for a signed-in user. */
export async function listTemplates(
  deps: Pick<AppDeps, 'db' | 'content' | 'sessionCache'>,
  session: Session,
): Promise<Template[]> {
  if (!canListTemplates(await viewer(deps, session))) throw notSignedIn();
  return [...deps.content.templates].sort((a, b) => a.title.localeCompare(b.title));
}

export function findTemplate(content: Pick<Content, 'templates'>, slug: string): Template | undefined {
  return content.templates.find((template) => template.slug === slug);
}

/** One template, for a user entitled to it. Signed out 401; unknown slug 404; free 403 with the premium message. */
export async function openTemplate(
  deps: Pick<AppDeps, 'db' | 'content' | 'sessionCache'>,
  session: Session,
  slug: string,
): Promise<Template> {
  const user = await viewer(deps, session);
  if (!user) throw notSignedIn();
  const template = findTemplate(deps.content, slug);
  if (!template) throw new AppError(404, templateMessages.notFound, errorCodes.notFound);
  if (canReadTemplate(user) !== 'allowed') {
    throw new AppError(403, premiumRequiredMessage(template.title), contentErrorCodes.premiumRequired);
  }
  return template;
}
