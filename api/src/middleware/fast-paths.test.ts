import { createHmac } from 'node:crypto';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createLogger } from '../logger.js';
import { requestLog } from './request-log.js';
import { cookieKeys } from './session.js';

describe('cookie keys', () => {
  const keygripSign = (data: string, key: string) =>
    createHmac('sha1', key)
      .update(data)
      .digest('base64')
      .replace(/\/|\+|=/g, (x) => ({ '/': '_', '+': '-', '=': '' })[x] as string);

  it('signs like keygrip (cookies signed before stay valid) and verifies in constant time', () => {
    const keys = cookieKeys(['new-secret', 'old-secret']) as unknown as {
      sign(d: string): string;
      verify(d: string, s: string): boolean;
      index(d: string, s: string): number;
    };
    for (const data of ['sid=abc', 'sid=Zm9vYmFy-_', 'x'.repeat(100)]) {
      expect(keys.sign(data)).toBe(keygripSign(data, 'new-secret'));
      expect(keys.index(data, keygripSign(data, 'old-secret'))).toBe(1);
    }
    const sig = keys.sign('sid=abc');
    expect(keys.verify('sid=abc', sig)).toBe(true);
    expect(keys.verify('sid=abd', sig)).toBe(false);
    expect(keys.verify('sid=abc', `${sig.slice(0, -1)}A`)).toBe(sig.endsWith('A'));
    expect(keys.verify('sid=abc', sig.slice(1))).toBe(false);
    expect(keys.verify('sid=abc', '')).toBe(false);
  });
});

describe('request log below its level', () => {
  it('builds nothing when info is off', async () => {
    const middleware = requestLog(createLogger('warn'));
    const ctx = new Proxy(
      {},
      {
        get: () => {
          throw new Error('touched ctx');
        },
      },
    );
    await expect(middleware(ctx as never, async () => {})).resolves.toBeUndefined();
  });
});

describe('router dispatch', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A router without prefix, added after the modules: still reached.
    const extra = () => {
      const router = new Router();
      router.get('/api/test/no-prefix', (ctx) => {
        ctx.body = { ok: true };
      });
      return router;
    };
    app = await startTestApp({ routers: [extra] });
  });
  afterAll(() => app.close());

  it('reaches routes with and without a prefix, case-insensitively like @koa/router', async () => {
    expect((await app.client().get('/api/test/no-prefix')).body).toEqual({ ok: true });
    expect((await app.client().get('/api/health')).status).toBe(200);
    expect((await app.client().get('/API/HEALTH')).status).toBe(200);
  });

  it('keeps 405 with Allow, OPTIONS and 501 for a method no router implements', async () => {
    const put = await app.client().request('PUT', '/api/auth/me', {});
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toContain('GET');
    const options = await app.client().request('OPTIONS', '/api/auth/me');
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toContain('GET');
    const unknownMethod = await fetch(`${app.url}/api/nope`, { method: 'PROPFIND' });
    expect(unknownMethod.status).toBe(501);
  });

  it('answers an unknown /api path with the JSON 404', async () => {
    const res = await app.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});
