import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { requestLog } from './middleware/request-log.js';
import { startTestApp, type TestApp } from './test/app.js';

describe('request log below its level', () => {
  it('adds no middleware when info is off, and one when it is on', () => {
    expect(requestLog(createLogger('warn'))).toBeNull();
    expect(requestLog(createLogger('info'))).toBeTypeOf('function');
  });
});

describe('the routers, mounted with routes() and allowedMethods()', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A router without prefix, added after the modules: still reached.
    const extra = () => {
      const router = new Router();
      router.get('/api/test/no-prefix', (ctx) => {
        ctx.body = { ok: true };
      });
      // Two layers on one path: @koa/router chains them.
      router.get('/api/test/chained', async (ctx, next) => {
        ctx.set('x-first', 'yes');
        await next();
      });
      router.get('/api/test/chained', (ctx) => {
        ctx.body = { second: true };
      });
      // A parameter route that also matches a static path.
      router.get('/api/test/items/:id', (ctx) => {
        ctx.body = { id: ctx.params.id };
      });
      router.get('/api/test/items/new', (ctx) => {
        ctx.body = { shadowed: true };
      });
      // A large JSON answer, compressed once.
      router.get('/api/test/large', (ctx) => {
        ctx.body = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'lesson text' })) };
      });
      return router;
    };
    app = await startTestApp({ routers: [extra] });
  });
  afterAll(() => app.close());

  it('reaches routes with and without a prefix; an address of the table only in its own case', async () => {
    expect((await app.client().get('/api/test/no-prefix')).body).toEqual({ ok: true });
    expect((await app.client().get('/api/health')).status).toBe(200);
    expect((await app.client().get('/api/health/')).status).toBe(200);
    // Issue 17: `/API/` is not an api address (sessions and the same-origin rule key on `/api/`).
    expect((await app.client().get('/API/HEALTH')).status).toBe(404);
    // Issue 30.11: nor is `/api/HEALTH` or `/api/AUTH/register` (the routers ignore case; route() does not).
    expect((await app.client().get('/api/HEALTH')).status).toBe(404);
    const register = await app.client().post('/api/AUTH/register', {
      name: 'Case Test',
      email: 'case-test@example.com',
      password: 'a long and unusual passphrase 42',
    });
    expect(register.status).toBe(404);
    expect(register.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect((await app.client().post('/api/auth/Login', { email: 'a@b.c', password: 'x' })).status).toBe(404);
    // A parameter keeps its own letters: only the table's words are compared.
    expect((await app.client().get('/api/stripe/checkout-session/cs_test_AbC')).status).toBe(401);
  });

  it('keeps 405 with Allow and OPTIONS; a method no router implements is a 405 too, or a 404 where nothing is', async () => {
    const put = await app.client().request('PUT', '/api/auth/me', {});
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toContain('GET');
    const options = await app.client().request('OPTIONS', '/api/auth/me');
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toContain('GET');
    const unknownMethod = await fetch(`${app.url}/api/auth/me`, { method: 'PROPFIND' });
    expect(unknownMethod.status).toBe(405);
    expect(unknownMethod.headers.get('allow')).toContain('GET');
    const nowhere = await fetch(`${app.url}/api/nope`, { method: 'PROPFIND' });
    expect(nowhere.status).toBe(404);
  });

  it('runs every layer of a path that has several, in order, as @koa/router does', async () => {
    const chained = await app.client().get('/api/test/chained');
    expect(chained.headers.get('x-first')).toBe('yes');
    expect(chained.body).toEqual({ second: true });
    // The parameter route registered first answers.
    expect((await app.client().get('/api/test/items/new')).body).toEqual({ id: 'new' });
    expect((await app.client().get('/api/test/items/7')).body).toEqual({ id: '7' });
  });

  it('sends small JSON as is and compresses large JSON once', async () => {
    const small = await app.client().get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const large = await app.client().get('/api/test/large', { 'accept-encoding': 'gzip' });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toBe('Accept-Encoding');
    expect(large.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((large.body as { items: unknown[] }).items).toHaveLength(200);
  });

  it('answers an unknown /api path with the JSON 404', async () => {
    const res = await app.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});
