import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Helmet with a strict CSP: the pwa needs no inline script; MUI/emotion inject styles; lessons
 * embed YouTube (nocookie) and Vimeo. HSTS and upgrade-insecure-requests only over https: on
 * plain http they would blank the page on any host but localhost.
 */
export function cspDirectives(isHttps: boolean): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  if (isHttps) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet's headers for these options, computed once: helmet sets the same ones on every response. */
export function helmetHeaders(isHttps: boolean): [string, string][] {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(isHttps) },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  }) as Middleware;
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  // Helmet writes its headers synchronously, before it calls next.
  void middleware({ req: { headers: {} }, res } as unknown as Parameters<Middleware>[0], async () => {});
  if (headers.size === 0) throw new Error('helmet set no headers');
  return [...headers];
}

export function securityHeaders(isHttps: boolean): Middleware {
  const headers = helmetHeaders(isHttps);
  return (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    return next();
  };
}
