import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Content } from '@pd/content';
import Koa from 'koa';
import { type Clock, systemClock } from './clock.js';
import { openCourseForPage } from './commands/open-course.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AppDeps } from './deps.js';
import { createLogger, type Logger } from './logger.js';
import { compression } from './middleware/compression.js';
import { errorHandler } from './middleware/error-handler.js';
import { httpsOnlyApi } from './middleware/https-only.js';
import { apiPathCase, inputRules } from './middleware/input-rules.js';
import { requestLog } from './middleware/request-log.js';
import { sameOrigin } from './middleware/same-origin.js';
import { securityHeaders } from './middleware/security-headers.js';
import { adminRoutes } from './modules/admin/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { assignmentRoutes } from './modules/assignments/routes.js';
import { mfaRoutes } from './modules/auth/mfa-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { SessionCache } from './modules/auth/session/cache.js';
import { sessionCookieName, sessionMiddleware } from './modules/auth/session/middleware.js';
import { certificateRoutes } from './modules/certificates/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { licenceRoutes } from './modules/licences/routes.js';
import type { Mailer } from './modules/mail/mailer.js';
import { devMailboxRoutes } from './modules/mail/routes.js';
import { pages } from './modules/pages/pages.js';
import { defaultImagesDir, defaultPwaDist, imagesStatic, pwaStatic } from './modules/pages/static-files.js';
import { readsOwnBody } from './modules/payments/raw-body.js';
import { rosterBodyLimit, takesRosterBody } from './modules/licences/roster-body.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { progressRoutes } from './modules/progress/routes.js';
import { promptRoutes } from './modules/prompts/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { transcriptRoutes } from './modules/transcripts/routes.js';
import { defaultRateLimits, type RateLimits } from './modules/rate-limit/middleware.js';
import { templateRoutes } from './modules/templates/routes.js';

export interface CreateAppOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  content: Content;
  clock?: Clock;
  logger?: Logger;
  rateLimits?: Partial<RateLimits>;
  /** Where the built pwa lives (default pwa/dist); its pages manifest names the rest. */
  pwaDist?: string;
  imagesDir?: string;
  /** The session micro-cache (default: a new one for this app). */
  sessionCache?: SessionCache;
  /** Extra routers (tests, and modules added by later issues). */
  routers?: ((deps: AppDeps) => Router)[];
}

/** Every api module, in order. A new module adds its router factory here. */
const moduleRouters: ((deps: AppDeps) => Router)[] = [
  healthRoutes,
  authRoutes,
  mfaRoutes,
  ssoRoutes,
  contentRoutes,
  promptRoutes,
  progressRoutes,
  certificateRoutes,
  paymentRoutes,
  templateRoutes,
  licenceRoutes,
  assignmentRoutes,
  transcriptRoutes,
  adminRoutes,
  analyticsRoutes,
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
    sessionCache: options.sessionCache ?? new SessionCache(),
  };
  const pwaDist = options.pwaDist ?? defaultPwaDist;

  // The client address: X-Forwarded-For read `trustProxyHops` entries from the right (the ones our
  // own proxies appended), never further left where a client can write anything.
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
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
  const session = sessionMiddleware(app, deps);
  // Outside the error handler: an error answer gets the headers of what it is (JSON).
  app.use(securityHeaders(config.isHttps));
  app.use(errorHandler(logger));
  app.use(compression());
  app.use(sameOrigin(config.publicUrl));
  app.use(apiPathCase());
  app.use(httpsOnlyApi(config.isHttps));
  const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: jsonBodyLimit, encoding: 'utf-8' });
  const parseRoster = bodyParser({ enableTypes: ['json'], jsonLimit: rosterBodyLimit, encoding: 'utf-8' });
  // The Stripe webhook is verified on its raw bytes and the demo payment pages post forms: they read their own body.
  // Only POST/PUT/PATCH carry a body it parses (its default parsedMethods): GETs skip it. A roster of
  // 2,000 rows may reach 1 MB (issue 27); every other body stays within 100 kB.
  app.use((ctx, next) => {
    if (!bodyMethods.has(ctx.method) || readsOwnBody(ctx.path)) return next();
    return (takesRosterBody(ctx.path) ? parseRoster : parseJson)(ctx, next);
  });
  app.use(inputRules());
  // Sessions cost a database read: only the api needs them, not static files.
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? session(ctx, next) : next()));
  // The app's pages (decisions 016 and 017): the SPA fallback, after the routers and static files.
  app.use(
    pages({
      dist: pwaDist,
      content,
      logger,
      sessionCookie: sessionCookieName(config.isHttps),
      // Outside tests the home page is drawn at start-up; a test app draws it when first asked.
      drawAtStart: config.nodeEnv !== 'test',
      // A module page's lesson, for a teacher who may open its course (decision 122).
      openCourse: (ctx, slug, moduleId) => openCourseForPage(deps, session, ctx, slug, moduleId),
    }),
  );

  const routers = [...moduleRouters, ...(options.routers ?? [])].map((make) => make(deps));
  if (!config.isProduction) routers.push(devMailboxRoutes(db));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  app.use(imagesStatic(options.imagesDir ?? defaultImagesDir));
  app.use(pwaStatic(pwaDist));
  return app;
}
