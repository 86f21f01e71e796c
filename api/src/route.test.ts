import Router, { type RouterMiddleware } from '@koa/router';
import { endpoint, LoginRequest, OkResponse, SubscriptionResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { cachedJson, sendRevalidated } from './modules/content/http-cache.js';
import { route } from './route.js';
import { startTestApp, type TestApp } from './test/app.js';

// Test-only entries, shaped like the domain table's (paths under /api/test/, served by no module).
const echo = endpoint({
  method: 'POST',
  path: '/api/test/echo/:name',
  request: LoginRequest,
  response: OkResponse,
});
const guarded = endpoint({
  method: 'POST',
  path: '/api/test/guarded',
  request: LoginRequest,
  response: OkResponse,
});
const nothing = endpoint({ method: 'GET', path: '/api/test/nothing', response: SubscriptionResponse });
const cached = endpoint({ method: 'GET', path: '/api/test/cached', response: OkResponse });

let handled = 0;
const refuse: RouterMiddleware = () => {
  throw new AppError(401, 'Please sign in to continue.', 'UNAUTHORIZED');
};

function testRoutes(): Router {
  const router = new Router();
  route(router, echo, ({ input, params }) => {
    handled += 1;
    return { ok: true, message: `${params.name}:${input.email}` };
  });
  route(router, guarded, refuse, () => {
    handled += 1;
    return { ok: true };
  });
  route(router, nothing, () => null);
  const entry = cachedJson({ ok: true as const, message: 'kept' });
  route(router, cached, ({ ctx }) => sendRevalidated(ctx, entry));
  return router;
}

// Compile-time checks (api/tsconfig.test.json): a handler answers its endpoint's response contract.
export function wrongAnswersDoNotCompile(router: Router): void {
  // @ts-expect-error `ok` must be the literal true of OkResponse.
  route(router, echo, () => ({ ok: false }));
  // @ts-expect-error a string is no OkResponse.
  route(router, echo, async () => 'ok');
  // @ts-expect-error an endpoint without a request has no input fields.
  route(router, nothing, ({ input }) => (input.email ? null : null));
  // @ts-expect-error the path has no :id parameter.
  route(router, echo, ({ params }) => ({ ok: true, message: params.id }));
}

describe('route(): steps -> validate with the table -> handler -> the presented answer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ routers: [testRoutes] });
  });
  afterAll(() => app.close());

  it("validates the body with the endpoint's request schema before the handler runs", async () => {
    handled = 0;
    const bad = await app.client().post('/api/test/echo/x', { email: 'not-an-email', password: 'p' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Invalid email address', code: 'VALIDATION_ERROR' });
    expect(handled).toBe(0);

    const good = await app
      .client()
      .post('/api/test/echo/Zo%C3%AB', { email: 'a@school.test', password: 'p' });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ ok: true, message: 'Zoë:a@school.test' });
    expect(handled).toBe(1);
  });

  it('runs the steps first: a refused request is not validated, nor handled', async () => {
    handled = 0;
    const res = await app.client().post('/api/test/guarded', { email: 'not-an-email' });
    expect(res.status).toBe(401);
    expect(handled).toBe(0);
  });

  it('sends a null answer as JSON null (not an empty 204)', async () => {
    const res = await app.client().get('/api/test/nothing');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.text).toBe('null');
  });

  it('keeps an answer the handler wrote itself (serialised once, 304 when unchanged)', async () => {
    const first = await app.client().get('/api/test/cached');
    expect(first.body).toEqual({ ok: true, message: 'kept' });
    const etag = first.headers.get('etag') ?? '';
    // (fetch adds `Cache-Control: no-cache` to a hand-given If-None-Match unless told otherwise.)
    const again = await app
      .client()
      .get('/api/test/cached', { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
  });
});
