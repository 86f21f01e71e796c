import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { cachedJson, sendRevalidated } from '../content/http-cache.js';
import { presentPromptLibrary } from './present.js';
import * as service from './service.js';

/** GET /api/prompts: the Prompt Library, premium texts only to entitled users. */
export function promptRoutes(deps: Pick<AppDeps, 'db' | 'content'>): Router {
  const router = new Router({ prefix: '/api' });
  const categories = service.promptCategories(deps.content);

  router.get('/prompts', async (ctx) => {
    const user = await service.viewer(deps, ctx.session?.userId);
    const { readable, includesPremium } = service.promptAccess(categories, user);
    const library = presentPromptLibrary(categories, readable);
    if (includesPremium) {
      // Premium prompt texts never sit in any cache.
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = library;
      return;
    }
    // The locked view is the same for every free or signed-out user, but it depends on the
    // session cookie: private, revalidated.
    sendRevalidated(ctx, cachedJson(library), 'private, no-cache');
  });

  return router;
}
