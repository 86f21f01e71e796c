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
  // Drawn as the browser's build draws, whatever NODE_ENV the api runs with (`npm start` runs it as
  // development): in development mode emotion names each class after its component
  // (`css-1gbq9u4-MuiAppBar-root`, `css-1gbq9u4` in the browser), so the browser found none of the
  // page's styles drawn and inserted them all again (~200 rules) while hydrating.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
