import type Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';

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
 * `METHOD path` -> the one route that answers it, composed once, for every route without
 * parameters that no other layer of any router also matches (then @koa/router would chain them,
 * or a router-level middleware would run first: those requests take the routers' own dispatch).
 * It sets on the context what @koa/router's dispatch would for such a route. allowedMethods is
 * not needed: the route takes this method, so it would neither answer 405 nor 501.
 */
export function staticRoutes(routers: Router[]): Map<string, Middleware> {
  const layers = routers.flatMap((router) => router.stack.map((layer) => ({ router, layer })));
  const routed = new Map<string, Middleware>();
  for (const { router, layer } of layers) {
    const path = layer.path;
    if (typeof path !== 'string' || layer.paramNames.length > 0 || layer.methods.length === 0) continue;
    if (/[:*?(){}[\]+]/.test(path)) continue;
    if (router.stack.some((l) => l.methods.length === 0)) continue;
    if (layers.some((other) => other.layer !== layer && other.layer.regexp.test(path))) continue;
    const setRouteContext: Middleware = (ctx, next) => {
      const routerContext = ctx as typeof ctx & Record<string, unknown>;
      routerContext.captures = [];
      const params = {};
      (ctx.request as typeof ctx.request & { params: object }).params = params;
      routerContext.params = params;
      routerContext.routerPath = path;
      routerContext.routerName = layer.name;
      routerContext._matchedRoute = path;
      if (layer.name) routerContext._matchedRouteName = layer.name;
      routerContext.router = router;
      routerContext.matched = [layer];
      routerContext.routeMatched = true;
      return next();
    };
    const run = compose([setRouteContext, ...(layer.stack as Middleware[])]);
    for (const method of layer.methods) routed.set(`${method} ${path}`, run);
  }
  return routed;
}

/**
 * Every router's `routes()` then `allowedMethods()`, as `app.use` would chain them, but a router
 * whose prefix cannot match the path is skipped instead of matching each of its routes: its
 * allowedMethods would do exactly what the matching router's does. A method no router implements
 * (which answers 501 even on unknown paths) goes through the full chain. A route without
 * parameters is found directly (`staticRoutes`).
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
  const routed = staticRoutes(routers);
  return (ctx, next) => {
    const path = ctx.path;
    const route = routed.get(`${ctx.method} ${path}`);
    if (route) return route(ctx, next);
    if (!implemented.has(ctx.method)) return full(ctx, next);
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
