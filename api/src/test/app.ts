import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { type Content, loadContent } from '@pd/content';
import { createApp } from '../app.js';
import { type Config, parseConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import { SessionCache } from '../modules/auth/session/cache.js';
import type { SsoProviderConfig } from '../sso-config.js';
import type { RateLimits } from '../modules/rate-limit/middleware.js';
import { Mailer, type RetryPolicy } from '../modules/mail/mailer.js';
import { TestClient } from './client.js';
import { createTestClock, type TestClock } from './clock.js';
import { connectTestDatabase, createTestDatabase, type TestDatabase } from './database.js';
import { createMemoryLogger, type LogEntry } from './logger.js';
import { testSessionSecret } from './mfa.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

export interface TestAppOptions {
  /** Start an in-process SMTP server and send through it (else: the dev mailbox). */
  smtp?: boolean;
  rateLimits?: Partial<RateLimits>;
  pwaDist?: string;
  imagesDir?: string;
  env?: Record<string, string>;
  /** PUBLIC_URL to use instead of the server's own address. */
  publicUrl?: string;
  routers?: ((deps: AppDeps) => Router)[];
  retry?: RetryPolicy;
  /** A PostgreSQL server (admin URL) to make this app's database on, instead of the run's. */
  postgresServerUrl?: string;
  /**
   * Run as a second instance on this app's PostgreSQL database (its own pool, session cache, mailer
   * and clock): the scale-out test. Closing it leaves the database to the first.
   */
  sameDatabaseAs?: TestApp;
  /** The session micro-cache's entries age on the test clock (else on real time). */
  sessionCacheOnTestClock?: boolean;
  /** SSO providers beyond the environment's (a local provider playing Google, whose issuer is fixed). */
  ssoProviders?: SsoProviderConfig[];
}

export interface TestApp {
  url: string;
  config: Config;
  db: Db;
  database: Database;
  /** On PostgreSQL: the database's URL. */
  databaseUrl: string | undefined;
  mailer: Mailer;
  clock: TestClock;
  /** The app's session micro-cache, for writes a test makes through the auth store. */
  sessionCache: SessionCache;
  logs: LogEntry[];
  smtp: TestSmtp | null;
  client(): TestClient;
  close(): Promise<void>;
}

let contentOnce: Promise<Content> | undefined;
/** The real content folder, loaded once per test worker. */
export function testContent(): Promise<Content> {
  contentOnce ??= loadContent();
  return contentOnce;
}

/** Own database, app on 127.0.0.1 port 0, injected clock; call once per test file (beforeAll). */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.databaseUrl;
  if (options.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs an app on PostgreSQL');
  const testDb: TestDatabase = shared
    ? connectTestDatabase(shared)
    : await createTestDatabase(options.postgresServerUrl);
  const smtp = options.smtp ? await startTestSmtp() : null;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const parsed = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: options.publicUrl ?? url,
    SESSION_SECRET: testSessionSecret,
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    MAIL_FROM: 'AI Classroom Academy <no-reply@school.test>',
    // Time on task (decision 075) is off unless a test turns it on: most tests pass a quiz at once.
    MODULE_MIN_TIME_SHARE: '0',
    ...options.env,
  });
  const config: Config = options.ssoProviders
    ? { ...parsed, sso: [...parsed.sso, ...options.ssoProviders] }
    : parsed;
  const clock = createTestClock();
  const logger = createMemoryLogger();
  const db = testDb.database.db;
  const mailer = new Mailer({
    db,
    clock: clock.now,
    logger,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    isProduction: config.isProduction,
    retry: options.retry,
  });
  const sessionCache = new SessionCache(
    options.sessionCacheOnTestClock ? { now: () => clock.now().getTime() } : {},
  );
  const app = createApp({
    config,
    sessionCache,
    db,
    mailer,
    content: await testContent(),
    clock: clock.now,
    logger,
    rateLimits: options.rateLimits,
    pwaDist: options.pwaDist,
    imagesDir: options.imagesDir,
    routers: options.routers,
  });
  server.on('request', app.callback());
  return {
    url,
    config,
    db,
    database: testDb.database,
    databaseUrl: testDb.url,
    mailer,
    clock,
    sessionCache,
    logs: logger.entries,
    smtp,
    client: () => new TestClient(url, config.publicUrl, clock.now),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailer.stop();
      await smtp?.close();
      await testDb.drop();
    },
  };
}
