import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * The jsdom environment, with modules transformed for Node (Vite's `ssr` pipeline) rather than for
 * the browser: a test file that starts the real api in-process (`// @vitest-environment jsdom-api`,
 * see real-api.ts) runs the api's code as Node runs it (`import.meta.url` stays a file URL, packages
 * resolve with Node's conditions), while the pwa code under test still sees jsdom's `window`,
 * `localStorage` and events. The alias `vitest-environment-jsdom-api` (pwa/vitest.config.ts) names it.
 */
export default {
  ...builtinEnvironments.jsdom,
  name: 'jsdom-api',
  viteEnvironment: 'ssr',
} satisfies Environment;
