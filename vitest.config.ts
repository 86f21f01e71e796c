import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Workspace packages resolve to their TypeScript sources in tests (no build needed). */
export const workspaceAliases = {
  '@pd/domain': here('./domain/src/index.ts'),
  '@pd/content': here('./content/src/index.ts'),
};

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'content', include: ['content/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; each test file gets its own copy (api/src/test/database.ts).
          globalSetup: ['api/src/test/global-setup.ts'],
          // The files share one module graph per worker (the app, drizzle, PGlite's WebAssembly and
          // pdfkit are imported once, not once per file): nothing in the api keeps state in a module
          // (AppDeps carries it) and no api test mocks a module. Each file still has its own database.
          isolate: false,
          setupFiles: ['api/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'pwa/vitest.config.ts',
      {
        extends: true,
        test: { name: 'service-worker', include: ['service-worker/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // The lint guards (eslint.config.js) proved on fixture files.
        test: { name: 'lint', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
    ],
  },
});
