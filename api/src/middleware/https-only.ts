import { type ApiErrorBody } from '@pd/domain';
import type { Middleware } from 'koa';

/** Where TLS ends at a proxy, what it must send; README "Deploying", docs/security.md. */
export const httpsRequiredMessage =
  'This server takes api requests over HTTPS only. If you run it, the proxy in front of it must send X-Forwarded-Proto: https (see "Deploying" in the README).';

/**
 * Issue 30.6 (decision 093): with PUBLIC_URL https (or TLS ending at a trusted proxy) an api request
 * that did not come over TLS, as Koa reads it (the proxy's `X-Forwarded-Proto` when TRUST_PROXY is
 * set), gets a 400 that says what the proxy must send, before the session is read: the Secure session
 * cookie cannot be set on it, which was a 500 at sign-in. The health call answers anyway (a load
 * balancer's probe comes straight, over plain HTTP, and sets no cookie); pages carry no cookie.
 */
export function httpsOnlyApi(isHttps: boolean): Middleware {
  return (ctx, next) => {
    if (!isHttps || ctx.secure || !ctx.path.startsWith('/api/') || ctx.path === '/api/health') return next();
    ctx.status = 400;
    ctx.body = { error: httpsRequiredMessage, code: 'HTTPS_REQUIRED' } satisfies ApiErrorBody;
    return undefined;
  };
}
