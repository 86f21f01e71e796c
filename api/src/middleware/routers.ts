import type Router from '@koa/router';
import type { Middleware } from 'koa';

/** `a` then `b`, as two `app.use` calls would run them. */
const chain =
  (a: Middleware, b: Middleware): Middleware =>
  (ctx, next) =>
    a(ctx, () => b(ctx, next));

/** `^<prefix>(/|$)`, or null when the prefix has parameters (the router then always runs). */
function prefixPattern(router: Router): RegExp | null {
  const prefix = router.opts.prefix?.replace(/\/+$/, '');
  if (!prefix || /[:*?(){}[\]+]/.test(prefix)) return null;
  const escaped = prefix.replace(/[.\\^$|]/g, '\\$&');
  return new RegExp(`^${escaped}(?:/|$)`, router.opts.sensitive ? '' : 'i');
}

/**
 * Every router's `routes()` then `allowedMethods()`, as `app.use` would chain them, but a router
 * whose prefix cannot match the path is skipped instead of matching each of its routes: its
 * allowedMethods would do exactly what the matching router's does. A method no router implements
 * (which answers 501 even on unknown paths) goes through the full chain.
 */
export function mountRouters(routers: Router[]): Middleware {
  const full = routers
    .flatMap((r) => [r.routes(), r.allowedMethods()] as Middleware[])
    .reduceRight<Middleware>(
      (rest, m) => chain(m, rest),
      (_ctx, next) => next(),
    );
  const implemented = new Set(routers.flatMap((r) => r.methods));
  const mounted = routers.map((r) => ({
    pattern: prefixPattern(r),
    middleware: chain(r.routes() as Middleware, r.allowedMethods() as Middleware),
  }));
  return (ctx, next) => {
    if (!implemented.has(ctx.method)) return full(ctx, next);
    const path = ctx.path;
    const dispatch = (i: number): Promise<unknown> => {
      for (; i < mounted.length; i++) {
        const { pattern, middleware } = mounted[i] as (typeof mounted)[number];
        if (pattern === null || pattern.test(path)) return middleware(ctx, () => dispatch(i + 1));
      }
      return next();
    };
    return dispatch(0);
  };
}
