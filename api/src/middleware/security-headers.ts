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

const videoPlayers = '"https://www.youtube-nocookie.com" "https://player.vimeo.com"';
/**
 * Permissions-Policy (issue 17): no powerful feature for the app or anything it embeds, except
 * what the lesson videos' players (the CSP's frame-src) need to play. Only features Chromium knows
 * (an unknown one, such as `bluetooth`, prints an error in every page's console).
 */
export const permissionsPolicy = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'hid=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'browsing-topics=()',
  `fullscreen=(self ${videoPlayers})`,
  `autoplay=(self ${videoPlayers})`,
  `encrypted-media=(${videoPlayers})`,
  `picture-in-picture=(${videoPlayers})`,
].join(', ');

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
    ['Permissions-Policy', permissionsPolicy],
  ];
  if (isHttps) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Set once the answer is known: JSON answers get `apiHeaders`, everything else (pages, scripts,
 * PDFs, images, redirects, empty answers) helmet's full set, through koa-helmet on this request.
 */
export function securityHeaders(isHttps: boolean): Middleware {
  const helmetMiddleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(isHttps) },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  }) as Middleware;
  const api = apiHeaders(isHttps);
  const done = async () => {};
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!ctx.res.headersSent) {
        if (isJson(ctx.response.get('Content-Type'))) for (const [name, value] of api) ctx.set(name, value);
        else {
          await helmetMiddleware(ctx, done);
          ctx.set('Permissions-Policy', permissionsPolicy);
        }
      }
    }
  };
}
