import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brand } from '../domain/src/brand.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../service-worker/src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The pwa registers the worker itself with workbox-window (src/app/service-worker-update.tsx).
      injectRegister: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html}'], rollupFormat: 'iife' },
      includeAssets: ['icons/favicon.svg'],
      manifest: {
        name: brand.productName,
        short_name: brand.shortName,
        description: 'Short, self-paced professional development on generative AI for K-12 teachers.',
        id: '/',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e3a8a',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '@pd/domain': here('../domain/src/index.ts') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/images': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the api reads it to preload a route's chunks with its page (decision 016).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The runtime every screen needs, in three long-cached files of similar size rather than a
          // dozen small ones (fewer requests) or one big one (a server compressing on the fly handles
          // several files in parallel). Everything else keeps the automatic splitting.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'router-query',
              test: /node_modules[\\/](react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 2,
            },
            {
              name: 'styles',
              test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@babel[\\/]runtime|hoist-non-react-statics|react-is|clsx|prop-types)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
