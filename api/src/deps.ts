import type { Content } from '@pd/content';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Logger } from './logger.js';
import type { RateLimits } from './middleware/rate-limit.js';
import type { Mailer } from './modules/mail/mailer.js';

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
}
