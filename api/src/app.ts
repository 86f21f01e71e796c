import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Content } from '@pd/content';
import Koa from 'koa';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AppDeps } from './deps.js';
import { createLogger, type Logger } from './logger.js';
import { compression } from './middleware/compression.js';
import { errorHandler } from './middleware/error-handler.js';
import { defaultRateLimits, type RateLimits } from './middleware/rate-limit.js';
import { requestLog } from './middleware/request-log.js';
import { mountRouters } from './middleware/routers.js';
import { sameOrigin } from './middleware/same-origin.js';
import { securityHeaders } from './middleware/security-headers.js';
import { sessionCookieName, sessions } from './middleware/session.js';
import { meFastPath } from './modules/auth/me-fast-path.js';
import { authRoutes } from './modules/auth/routes.js';
import { certificateRoutes } from './modules/certificates/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import type { Mailer } from './modules/mail/mailer.js';
import { devMailboxRoutes } from './modules/mail/routes.js';
import { progressRoutes } from './modules/progress/routes.js';
import { promptRoutes } from './modules/prompts/routes.js';
import {
  defaultPrerenderModule,
  type FirstScreen,
  prerenderLoader,
  renderFirstScreen,
} from './first-screen.js';
import { moduleScreen } from './module-screen.js';
import { presentCatalogue } from './modules/content/present.js';
import { readsOwnBody } from './modules/stripe/raw-body.js';
import { pagePreloads } from './page-preloads.js';
import { stripeRoutes } from './modules/stripe/routes.js';
import { defaultImagesDir, defaultPwaDist, imagesStatic, pwaStatic, spaFallback } from './static.js';

export interface CreateAppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  content: Content;
  clock?: Clock;
  logger?: Logger;
  rateLimits?: Partial<RateLimits>;
  /** Where the built pwa lives (default pwa/dist). */
  pwaDist?: string;
  /** The pwa's server build that draws the home page (default: dist-ssr/prerender.js next to pwaDist). */
  prerenderModule?: string;
  imagesDir?: string;
  /** Extra routers (tests, and modules added by later issues). */
  routers?: ((deps: AppDeps) => Router)[];
}

/** Every api module, in order. A new module adds its router factory here. */
const moduleRouters: ((deps: AppDeps) => Router)[] = [
  healthRoutes,
  authRoutes,
  contentRoutes,
  promptRoutes,
  progressRoutes,
  certificateRoutes,
  stripeRoutes,
];

export const jsonBodyLimit = '100kb';
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/** Composes middleware and routers; nothing else lives here. */
export function createApp(options: CreateAppOptions): Koa {
  const { config, db, mailer, content } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const deps: AppDeps = {
    config,
    db,
    mailer,
    clock,
    logger,
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    content,
  };
  const pwaDist = options.pwaDist ?? defaultPwaDist;

  const app = new Koa({ proxy: config.trustProxy });
  app.on('error', (error: NodeJS.ErrnoException) => {
    // A client that goes away mid-response (a navigation, a closed tab) is not a server error.
    const aborted = ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(
      error.code ?? '',
    );
    if (aborted) logger.debug('client closed the connection', { error: error.message });
    else logger.error('unhandled koa error', { error: error.message });
  });

  const log = requestLog(logger);
  if (log) app.use(log);
  const { session, keys } = sessions(app, config, db, clock);
  // Decision 015: the hottest call, answered from the session cache when koa-session would only read.
  app.use(
    meFastPath({
      cookieName: sessionCookieName(config.isHttps),
      keys,
      isHttps: config.isHttps,
      clock,
    }),
  );
  // Outside the error handler: an error answer gets the headers of what it is (JSON).
  app.use(securityHeaders(config.isHttps));
  app.use(errorHandler(logger));
  app.use(compression());
  app.use(sameOrigin(config.publicUrl));
  const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: jsonBodyLimit, encoding: 'utf-8' });
  // The Stripe webhook is verified on its raw bytes and the demo payment pages post forms: they read their own body.
  // Only POST/PUT/PATCH carry a body it parses (its default parsedMethods): GETs skip it.
  app.use((ctx, next) =>
    !bodyMethods.has(ctx.method) || readsOwnBody(ctx.path) ? next() : parseJson(ctx, next),
  );
  // Sessions cost a database read: only the api needs them, not static files.
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? session(ctx, next) : next()));
  // Pages drawn on the server with the pwa's own components (its server build, loaded once).
  const prerender = prerenderLoader(options.prerenderModule ?? defaultPrerenderModule(pwaDist), logger);
  // Decision 017: the signed-out home page, drawn once, at start-up outside tests (a test app draws
  // it when first asked).
  let home: Promise<FirstScreen | null> | undefined;
  const drawHome = () => (home ??= renderFirstScreen(prerender, presentCatalogue(content.courses), logger));
  if (config.nodeEnv !== 'test') void drawHome();
  // Decision 018: a signed-in teacher's module page, drawn per request (and kept for a reload).
  const drawModule = moduleScreen({ deps, session, prerender, logger });
  app.use(
    spaFallback(pwaDist, {
      links: pagePreloads({ dist: pwaDist, courseSlugs: content.courses.map((c) => c.slug) }),
      sessionCookie: sessionCookieName(config.isHttps),
      firstScreen: (ctx, signedOut) => {
        if (ctx.path === '/') return signedOut ? drawHome() : Promise.resolve(null);
        return signedOut ? Promise.resolve(null) : drawModule(ctx);
      },
    }),
  );

  const routers = [...moduleRouters, ...(options.routers ?? [])].map((make) => make(deps));
  if (!config.isProduction) routers.push(devMailboxRoutes(db));
  app.use(mountRouters(routers));

  app.use(imagesStatic(options.imagesDir ?? defaultImagesDir));
  app.use(pwaStatic(pwaDist));
  return app;
}
