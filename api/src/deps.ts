import type { Content } from '@pd/content';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Logger } from './logger.js';
import type { SessionCache } from './modules/auth/session/cache.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { RateLimits } from './modules/rate-limit/middleware.js';

/** What every module's routes and services receive. Services never see Koa. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  rateLimits: RateLimits;
  /** Every course, module, prompt, FAQ and legal page, validated at start-up. */
  content: Content;
  /** The app's session micro-cache (decision 012): read and invalidated by the auth module only. */
  sessionCache: SessionCache;
}
