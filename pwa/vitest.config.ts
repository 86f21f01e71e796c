import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      '@pd/domain': here('../domain/src/index.ts'),
      '@pd/content': here('../content/src/index.ts'),
      // `// @vitest-environment jsdom-api` (a test against the real api: src/test/real-api.ts).
      'vitest-environment-jsdom-api': here('src/test/api-environment.ts'),
    },
  },
  test: {
    name: 'pwa',
    root: here('.'),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // The files of a worker share one page and one module graph (React, MUI and the app are loaded
    // once, not once per file): each file starts from empty web storage (setup.ts), resets the
    // module state it reads, and clears the databases it fills before it uses them.
    isolate: false,
    // The migrated database of the real api some tests start (src/test/real-api.ts).
    globalSetup: ['src/test/api-global-setup.ts'],
    testTimeout: 15_000,
  },
});
