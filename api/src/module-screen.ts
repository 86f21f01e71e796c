import { moduleScreenDataId, moduleStatus, type ModuleScreenData, type ProgressRecord } from '@pd/domain';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from './deps.js';
import { dataBlock, type FirstScreen, type PrerenderModule } from './first-screen.js';
import type { Logger } from './logger.js';
import { presentUser } from './modules/auth/present.js';
import { currentUser } from './modules/auth/service.js';
import { canOpenCourse } from './modules/content/policy.js';
import { presentCourse } from './modules/content/present.js';
import { findCourse } from './modules/content/service.js';
import { listProgress } from './modules/progress/service.js';
import { parsePagePath } from './page-preloads.js';

export interface ModuleScreenOptions {
  deps: Pick<AppDeps, 'db' | 'clock' | 'content'>;
  /** koa-session: who the request's cookie belongs to (static pages are served without it). */
  session: Middleware;
  prerender: () => Promise<PrerenderModule | null>;
  logger: Logger;
  /** How many drawn pages are kept, for a teacher who reloads the same module (the oldest go first). */
  maxCached?: number;
}

/** A module page draws the same for the same teacher, module and server records. */
const cacheKey = (pathname: string, data: ModuleScreenData) =>
  JSON.stringify([pathname, data.me, data.progress]);

/**
 * Decision 018: the module page a signed-in teacher opens, drawn on the server with the pwa's own
 * components: their user, the course and the server's records of it, as the api's own calls would
 * answer. Null, and the page starts from the app shell as before, whenever the app might draw
 * something else first: no such course or module, nobody signed in, a course they may not open,
 * a module the server's records keep locked (the device may have completed the module before it,
 * offline), or no server build.
 */
export function moduleScreen({
  deps,
  session,
  prerender,
  logger,
  maxCached = 50,
}: ModuleScreenOptions): (ctx: Context) => Promise<FirstScreen | null> {
  const drawn = new Map<string, Promise<string>>();

  const draw = (module: PrerenderModule, pathname: string, data: ModuleScreenData) => {
    const key = cacheKey(pathname, data);
    let markup = drawn.get(key);
    if (!markup) {
      markup = module.renderModulePage(pathname, data);
      if (drawn.size >= maxCached) drawn.delete(drawn.keys().next().value as string);
      drawn.set(key, markup);
      markup.catch(() => drawn.delete(key));
    }
    return markup;
  };

  return async (ctx) => {
    const page = parsePagePath(ctx.path);
    if (page?.kind !== 'module') return null;
    const course = findCourse(deps.content, page.slug);
    const module = course?.modules.find((m) => m.id === page.moduleId);
    if (!course || !module) return null;

    let userId: string | undefined;
    await session(ctx, async () => {
      userId = ctx.session?.userId as string | undefined;
    });
    const user = await currentUser(deps, userId);
    if (!user || canOpenCourse(user, course) !== 'allowed') return null;
    const progress: ProgressRecord[] = await listProgress(deps, user, course.slug);
    const completed = progress.filter((r) => r.completed).map((r) => r.moduleId);
    if (!course.isComingSoon && moduleStatus(module.id, completed) === 'locked') return null;

    const prerenderModule = await prerender();
    if (!prerenderModule) return null;
    const data: ModuleScreenData = { me: presentUser(user), course: presentCourse(course), progress };
    // The path as the app writes it, not as the request spelled it.
    const pathname = `/${encodeURIComponent(course.slug)}/module/${module.id}`;
    try {
      const markup = await draw(prerenderModule, pathname, data);
      return { markup, data: dataBlock(moduleScreenDataId, data) };
    } catch (error) {
      logger.warn('a module page could not be drawn on the server; serving the app shell', {
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  };
}
