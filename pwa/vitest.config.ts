import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@pd/domain': here('../domain/src/index.ts') } },
  test: {
    name: 'pwa',
    root: here('.'),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
  },
});
