import Router from '@koa/router';
import { endpoints } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { route } from '../../route.js';
import { cachedJson, sendRevalidated } from '../content/http-cache.js';
import { presentPromptLibrary } from './present.js';
import * as service from './service.js';

/** GET /api/prompts: the Prompt Library, premium texts only to entitled users. */
export function promptRoutes(deps: Pick<AppDeps, 'db' | 'content' | 'sessionCache'>): Router {
  const router = new Router();
  const categories = service.promptCategories(deps.content);

  route(router, endpoints.prompts, async ({ ctx }) => {
    const user = await service.viewer(deps, ctx.session);
    const { readable, includesPremium } = service.promptAccess(categories, user);
    const library = presentPromptLibrary(categories, readable);
    if (includesPremium) {
      // Premium prompt texts never sit in any cache.
      ctx.set('Cache-Control', 'private, no-store');
      return library;
    }
    // The locked view is the same for every free or signed-out user, but it depends on the
    // session cookie: private, revalidated.
    return sendRevalidated(ctx, cachedJson(library), 'private, no-cache');
  });

  return router;
}
