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
          setupFiles: ['api/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'pwa/vitest.config.ts',
    ],
  },
});
