import type Router from '@koa/router';
import { type EndpointName, endpoints } from '@pd/domain';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { parseConfig } from './config.js';
import { Mailer } from './modules/mail/mailer.js';
import { testContent } from './test/app.js';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { createMemoryLogger } from './test/logger.js';

/**
 * Table entries the api does not serve yet, each with the reason. The test also fails when one of
 * them gets its route, so the list cannot go stale.
 */
const awaitingRoute: Partial<Record<EndpointName, string>> = {};

/** `METHOD /path` of every route of every router mounted on the app (HEAD: the GET routes answer it). */
function mountedRoutes(app: Koa): string[] {
  const routers = app.middleware
    .map((middleware) => (middleware as { router?: Router }).router)
    .filter((router): router is Router => router !== undefined);
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.map((method) => `${method} ${String(layer.path)}`)),
  );
}

/** A development app's configuration (not production, no Stripe key): every router is mounted. */
const config = parseConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://127.0.0.1:1',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
});

describe('the api serves the domain endpoint table, and only it', () => {
  let database: TestDatabase;
  let routes: Set<string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const logger = createMemoryLogger();
    const db = database.database.db;
    const mailer = new Mailer({
      db,
      clock: () => new Date(),
      logger,
      smtpUrl: undefined,
      mailFrom: config.mailFrom,
      isProduction: false,
    });
    const app = createApp({ config, db, mailer, content: await testContent(), logger });
    routes = new Set(mountedRoutes(app));
  });
  afterAll(() => database.drop());

  it('walks an app with the demo payment pages and the dev mailbox mounted', () => {
    expect(config.paymentsMode).toBe('demo');
    expect(routes).toContain(endpoints.devMailbox.key);
    expect(routes).toContain(endpoints.demoPortalSubmit.key);
  });

  it('has a table entry for every route of every mounted router', () => {
    const keys = new Set<string>(Object.values(endpoints).map((e) => e.key));
    const missing = [...routes].filter((key) => !keys.has(key) && !key.startsWith('HEAD '));
    expect(missing).toEqual([]);
    // A HEAD route is the GET route of its path, which is then in the table.
    for (const key of routes)
      if (key.startsWith('HEAD ')) expect(routes).toContain(key.replace('HEAD ', 'GET '));
  });

  it('has a route for every table entry, except those awaiting one', () => {
    const unserved = Object.entries(endpoints)
      .filter(([, e]) => !routes.has(e.key))
      .map(([name]) => name);
    expect(unserved.sort()).toEqual(Object.keys(awaitingRoute).sort());
  });
});
