import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The server build (decision 017): `src/app/prerender.tsx` and everything it imports, bundled into
 * one Node module (`dist-ssr/prerender.js`) that the api loads to draw the signed-out home page.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@pd/domain': here('../domain/src/index.ts') },
  },
  // Bundled whole: the api's production install has none of the pwa's packages.
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
