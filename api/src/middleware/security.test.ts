import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { sendRaw } from '../test/fuzz.js';
import { internalErrorMessage } from './error-handler.js';

let app: TestApp;
beforeAll(async () => {
  // A route that fails with internals in its message, to check they never reach the client.
  const boom = () => {
    const router = new Router();
    router.get('/api/test/boom', () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    });
    return router;
  };
  app = await startTestApp({ routers: [boom] });
});
afterAll(() => app.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers with pages and files', async () => {
    // Anything that is not JSON (here the 404 of a missing script) gets the page set.
    const res = await app.client().get('/assets/no-such-script.js');
    expect(res.status).toBe(404);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'frame-src': 'https://www.youtube-nocookie.com https://player.vimeo.com',
      'connect-src': "'self'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
    });
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Issue 17: no camera, microphone, location or payment for the app or what it embeds.
    const permissions = res.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
      expect(permissions).toContain(feature);
    expect((await app.client().get('/api/health')).headers.get('permissions-policy')).toBe(permissions);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('sends the JSON set (OWASP REST) with every JSON answer, errors included (decision 013)', async () => {
    for (const path of ['/api/health', '/api/auth/me', '/api/no-such-call', '/api/test/boom']) {
      const res = await app.client().get(path);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ publicUrl: 'https://academy.example.org' });
    try {
      const page = await secure.client().get('/assets/no-such-script.js');
      expect(page.headers.get('strict-transport-security')).toContain('max-age=31536000');
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      const json = await secure.client().get('/api/health');
      expect(json.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('errors', () => {
  it('answers a 5xx with a generic message and logs the details', async () => {
    const res = await app.client().get('/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: internalErrorMessage });
    expect(res.text).not.toMatch(/ECONNREFUSED|hunter2|at /);
    expect(
      app.logs.some((l) => l.level === 'error' && String(l.fields?.error).includes('ECONNREFUSED')),
    ).toBe(true);
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const res = await app
      .client()
      .request('POST', '/api/auth/login', { raw: '{"email":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('refuses a body over 100 kB with 413', async () => {
    const res = await app
      .client()
      .post('/api/auth/login', { email: 'a@b.org', password: 'x'.repeat(120_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The request body is too large (limit 100 kB).' });
  });
});

describe('the same-origin rule for state-changing /api requests', () => {
  const body = { email: 'a@b.org', password: 'whatever' };

  it('refuses a request without Origin with 403', async () => {
    const res = await app.client().post('/api/auth/login', body, { origin: null });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: expect.stringContaining('Origin header missing') });
  });

  it('refuses a foreign Origin with 403', async () => {
    const res = await app.client().post('/api/auth/login', body, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    // It says where the app is served, so a person who opened another address of it can act.
    const served = new URL(app.config.publicUrl).origin;
    expect(res.body).toMatchObject({
      error: `This request was refused: it came from https://evil.example, but this app is served at ${served}. Open the app at ${served} and try again.`,
    });
  });

  it('compares the Origin with PUBLIC_URL only: a forged Host or X-Forwarded-Host does not pass (issue 17)', async () => {
    const forged: Record<string, string>[] = [
      { host: 'evil.example' },
      { 'x-forwarded-host': 'evil.example' },
    ];
    for (const headers of forged) {
      const res = await sendRaw(app.url, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { origin: 'http://evil.example', 'content-type': 'application/json', ...headers },
        body: Buffer.from(JSON.stringify(body)),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it.each([
    ['/API/auth/logout'],
    ['/api/AUTH/logout'],
    ['/Api/auth/login'],
    ['/api/stripe/WEBHOOK/'],
    ['/nowhere'],
  ])('checks every state-changing request whatever the case of its path: %s', async (path) => {
    const res = await app.client().post(path, body, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
    'refuses Content-Type %s with 415',
    async (contentType) => {
      const res = await app
        .client()
        .request('POST', '/api/auth/login', { raw: 'email=a@b.org', contentType });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: 'Content-Type must be application/json.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    },
  );

  it('refuses a body without Content-Type with 415', async () => {
    const res = await app
      .client()
      .request('POST', '/api/auth/login', { raw: JSON.stringify(body), contentType: null });
    expect(res.status).toBe(415);
  });

  it('accepts an empty body without Content-Type (logout)', async () => {
    const res = await app.client().post('/api/auth/logout');
    expect(res.status).toBe(200);
  });

  it('leaves GET alone and exempts the Stripe webhook path', async () => {
    expect((await app.client().get('/api/health')).status).toBe(200);
    const webhook = await app
      .client()
      .post('/api/stripe/webhook', undefined, { origin: null, raw: 'x', contentType: 'text/plain' });
    // Neither 403 nor 415: it reaches the webhook, which checks the signature instead.
    expect(webhook.status).toBe(400);
    expect(webhook.body).toMatchObject({ error: 'Invalid webhook signature.' });
  });
});
