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

/**
 * What a JSON answer needs (OWASP REST Security Cheat Sheet, decision 013): a JSON body is never
 * rendered as a page, so the document policies (the page CSP, Referrer-Policy, the legacy IE and
 * Flash headers) do nothing for it. `default-src 'none'` is stricter than the page policy should a
 * browser ever open one; CORP keeps other origins from reading it as a no-cors subresource.
 */
export function apiHeaders(isHttps: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
  ];
  if (isHttps) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Set once the answer is known: JSON answers get `apiHeaders`, everything else (pages, scripts,
 * PDFs, images, redirects, empty answers) helmet's full set.
 */
export function securityHeaders(isHttps: boolean): Middleware {
  const page = helmetHeaders(isHttps);
  const api = apiHeaders(isHttps);
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const res = ctx.res;
      if (!res.headersSent) {
        for (const [name, value] of isJson(res.getHeader('content-type')) ? api : page)
          res.setHeader(name, value);
      }
    }
  };
}
