import Router from '@koa/router';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redacted } from './logger.js';
import { startTestApp, type TestApp } from './test/app.js';
import { buildUser } from './test/factories.js';

/** Issue 17, item 3: the log lines as written (a sink instead of stdout), redacted by field. */
function captured() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', (line) => lines.push(line)) };
}

describe('the logger', () => {
  it('never writes passwords, hashes, tokens, codes, cookies, authorization or SQL parameters', () => {
    const { lines, logger } = captured();
    const hash = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    logger.info('login', {
      email: 'ada@school.test',
      password: 'hunter2-secret',
      passwordHash: hash,
      token: 'reset-token-123',
      code: 'INVITE42',
      cookie: 'pd.sid=abc123',
      authorization: 'Bearer eyJsecret',
      params: ['x', hash],
      nested: { sessionToken: 'nested-token-9', headers: { cookie: 'c=1', Authorization: 'Basic Zm9v' } },
    });
    logger.error(`Failed query: update users set password_hash = $1\nparams: ${hash},ada@school.test`, {
      stack: `Error: Failed query: select 1\nparams: hunter2-secret\n    at x (file.js:1:1)`,
    });
    const out = lines.join('');
    for (const secret of [
      'hunter2-secret',
      '$argon2id',
      'reset-token-123',
      'INVITE42',
      'abc123',
      'eyJsecret',
      'nested-token-9',
      'Zm9v',
      'c=1',
    ])
      expect(out).not.toContain(secret);
    expect(out).toContain('email=ada@school.test');
    expect(out).toContain(`password=${redacted}`);
    expect(out).toContain('Failed query: update users set password_hash = $1');
    expect(out).toContain('at x (file.js:1:1)');
  });
});

describe('a failed query in a request', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A route whose query fails with the user's hash among its parameters (the 500 of issue 17).
    const failing = (deps: { db: TestApp['db'] }) => {
      const router = new Router();
      router.get('/api/test/failing-query', async () => {
        const { user } = await buildUser(deps.db);
        await deps.db.execute(sql`select ${user.passwordHash}::int`);
      });
      return router;
    };
    app = await startTestApp({ routers: [failing] });
  });
  afterAll(() => app.close());

  it('logs the query without its parameters', async () => {
    const res = await app.client().get('/api/test/failing-query');
    expect(res.status).toBe(500);
    const logged = JSON.stringify(app.logs);
    expect(logged).toContain('request failed');
    expect(logged).not.toContain('$argon2');
  });
});
