import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brand } from '../domain/src/brand.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';
/** The app, which the entry (`src/app/boot.ts`) loads once the page has painted (decision 018). */
const isApp = (id: string | null | undefined) => Boolean(id?.endsWith('/src/app/main.tsx'));

/**
 * The entry (`src/app/boot.ts`) loads the app with a dynamic import once the page has painted
 * (decision 018). Vite preloads only what an entry imports statically: this adds to index.html a
 * `modulepreload` for the app's chunk and every chunk it imports, so all of it downloads with the
 * page, as when the app was the entry. (The api preloads what a module page drawn on the server
 * loads besides: api/src/page-preloads.ts.)
 */
function preloadApp(): Plugin {
  return {
    name: 'pd-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          const found = bundle[file];
          if (!found || found.type !== 'chunk' || files.has(file) || file === chunk.fileName) return;
          files.add(file);
          for (const imported of found.imports) visit(imported);
        };
        // The app (src/app/main.tsx) and what it imports; not what boot.ts loads only for some pages.
        for (const file of chunk.dynamicImports) {
          const found = bundle[file];
          if (found?.type === 'chunk' && isApp(found.facadeModuleId)) visit(file);
        }
        const preloaded = new Set(chunk.imports);
        return [...files]
          .filter((file) => !preloaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The modules the app (`src/app/main.tsx`) imports statically, directly or not: every page loads
 * all of them. Filled once the module graph is known (`buildEnd`), before the chunks are made, and
 * read by the `app` group below.
 */
const appModules = new Set<string>();

function findAppModules(): Plugin {
  return {
    name: 'pd-app-modules',
    apply: 'build',
    buildEnd() {
      appModules.clear();
      const main = [...this.getModuleIds()].find(isApp);
      const visit = (id: string) => {
        if (appModules.has(id)) return;
        appModules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      if (main) visit(main);
    },
  };
}

/** Files the api sends compressed: text, and big enough to gain from it (its own threshold). */
const precompressed = /^assets\/.+\.(js|css|svg|json)$/;
const precompressMinBytes = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside each hashed asset, which
 * the api sends as they are (api/src/static.ts) instead of compressing every request on the fly
 * (a lower quality, and the server's CPU, at the moment a teacher's page loads its scripts).
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'pd-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? here('dist');
      const files = Object.values(bundle).filter((file) => precompressed.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const body = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (body.length < precompressMinBytes) return;
          const target = `${dir}/${file.fileName}`;
          await Promise.all([
            br(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }).then((out) => writeFile(`${target}.br`, out)),
            gz(body, { level: 9 }).then((out) => writeFile(`${target}.gz`, out)),
          ]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    findAppModules(),
    preloadApp(),
    precompress(),
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
            // zod, for the screens and data readers that check what they read (not the first screen).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            // The rest of the app's own modules and of the libraries it imports statically, in one
            // file: automatic splitting made ~40 files of under 2 KiB (a component, an icon, a context)
            // because lazy screens import them too, each one a request and a task more on a phone.
            // Every page loads all of them anyway; a lazy screen loads only after the app. Not
            // domain/: through its index every domain module looks imported, zod schemas included;
            // the few the app uses come along as its modules' dependencies.
            {
              name: 'app',
              test: (id: string) => appModules.has(id) && !/[\\/]domain[\\/]src[\\/]/.test(id),
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
