/**
 * zod checks an object faster with code it compiles with `new Function`, after first trying
 * whether it may. The app's Content-Security-Policy allows no eval, so that try is a CSP violation
 * the browser reports on every page that reads data with zod (Lighthouse's best practices count it).
 * zod keeps its settings in `globalThis.__zod_globalConfig`, taking over the object it finds there
 * when it loads: setting `jitless` in it first, from the entry, tells zod never to try, without
 * loading zod with the first screen. (Checks stay as strict; only the compiled shortcut is off.)
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
