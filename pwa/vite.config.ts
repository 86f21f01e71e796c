import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brand } from '../domain/src/brand.ts';
import {
  pagePlaceholders,
  pagesManifestPath,
  predrawnId,
  predrawnPlaceholder,
  type PreloadedScreen,
} from '../domain/src/pages.ts';
import type { PagesManifest } from '../domain/src/pages-contract.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';
/** The app, which the entry (`src/app/boot.ts`) loads once the page has painted. */
const isApp = (id: string | null | undefined) => Boolean(id?.endsWith('/src/app/main.tsx'));

/**
 * The entry (`src/app/boot.ts`) loads the app with a dynamic import once the page has painted.
 * Vite preloads only what an entry imports statically: this adds to index.html a `modulepreload`
 * for the app's chunk and every chunk it imports, so all of it downloads with the page, as when the
 * app was the entry.
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
          if (found?.type === 'chunk' && found.moduleIds.some(isApp)) visit(file);
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

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** The chunk files `file` imports statically, itself included, in dependency order. */
function staticImports(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const found = bundle[file];
  if (!found || found.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const imported of found.imports) staticImports(bundle, imported, into);
  return into;
}

/** The lazily loaded screens the api preloads with their page (`PagesManifest.screens`). */
const screenModules: Record<PreloadedScreen, string[]> = {
  course: ['/src/app/course-overview-route.tsx'],
  // The module page and its templates aside load as one lazy piece (routes.tsx).
  module: ['/src/features/module/module-page.tsx', '/src/features/templates/module-templates.tsx'],
};

/** The server build's entry (vite.ssr.config.ts), relative to this build's dist folder. */
const serverEntry = '../dist-ssr/prerender.js';

/** The parts of index.html marked as the app shell's, by placeholder. */
const shellParts = {
  head: /\s*<!--app-head-->([\s\S]*?)<!--\/app-head-->/,
  html: /\s*<!--app-html-->([\s\S]*?)<!--\/app-html-->\s*/,
};

/**
 * Writes `dist/.vite/pages.json` (`PagesManifest` in domain/src/pages.ts), which the api reads to
 * serve pages: index.html as built with explicit placeholders in place of the parts marked as the
 * app shell's (and the shell's own parts beside it), the server entry that draws the signed-out
 * home page, and, per lazily loaded screen, the script chunks to preload with its page that
 * index.html does not preload already. The served index.html (the service worker's app shell) is
 * the shell, markers removed.
 */
function pagesManifest(): Plugin {
  let manifest: PagesManifest | undefined;
  return {
    name: 'pd-pages-manifest',
    apply: 'build',
    // After every other plugin's changes to index.html (the PWA plugin's manifest link included).
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const head = shellParts.head.exec(html);
        const root = shellParts.html.exec(html);
        if (!head || !root || !html.includes(pagePlaceholders.data)) {
          throw new Error(
            'index.html must mark the shell parts: <!--app-head-->, <!--app-html-->, <!--app-data-->',
          );
        }
        // The service worker draws a module's lesson there, and the shell's CSS hides the app's root
        // while it is on screen (decision 070).
        if (!html.includes(predrawnPlaceholder) || !new RegExp(`#${predrawnId}\\s*~\\s*#root`).test(html)) {
          throw new Error(
            `index.html must hold ${predrawnPlaceholder} and the CSS rule #${predrawnId} ~ #root`,
          );
        }
        const template = html
          .replace(shellParts.head, `\n    ${pagePlaceholders.head}`)
          .replace(shellParts.html, pagePlaceholders.html);
        // What index.html preloads already: the entry, what it imports, and the app (`preloadApp`).
        const preloaded = staticImports(bundle, chunk.fileName);
        for (const file of chunk.dynamicImports) {
          const found = bundle[file];
          if (found?.type === 'chunk' && found.moduleIds.some(isApp)) staticImports(bundle, file, preloaded);
        }
        const screenChunks = (sources: string[]): string[] => {
          const files = new Set<string>();
          for (const source of sources) {
            const screen = Object.values(bundle).find(
              (c) => c.type === 'chunk' && Boolean(c.facadeModuleId?.endsWith(source)),
            );
            if (!screen) throw new Error(`no chunk for the screen ${source}`);
            for (const file of staticImports(bundle, screen.fileName))
              if (!preloaded.has(file)) files.add(file);
          }
          return [...files].map((file) => `/${file}`);
        };
        manifest = {
          template,
          shell: { head: head[1]?.trim() ?? '', html: root[1]?.trim() ?? '' },
          renderer: serverEntry,
          screens: { course: screenChunks(screenModules.course), module: screenChunks(screenModules.module) },
        };
        return template
          .replace(pagePlaceholders.head, manifest.shell.head)
          .replace(pagePlaceholders.html, `\n      ${manifest.shell.html}\n    `)
          .replace(`\n    ${pagePlaceholders.data}`, '');
      },
    },
    async writeBundle(options) {
      if (!manifest) throw new Error('index.html was not built');
      const file = path.join(options.dir ?? here('dist'), pagesManifestPath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(manifest));
    },
  };
}

/**
 * The modules the app (`src/app/main.tsx`) imports statically, directly or not: every page loads
 * all of them. Filled once the module graph is known (`buildEnd`), before the chunks are made, and
 * read by the `app` group below.
 */
const appModules = new Set<string>();

/** zod core modules that only classic zod reaches (`.toJSONSchema()` on every classic schema). */
const classicOnlyZodCore =
  /[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/;

/**
 * The first screen's zod/mini contracts and the zod-free constants they are built from, and zod's
 * setting that classic zod's schemas read (`src/app/zod-jitless.ts`), in the file that holds zod's
 * core: it runs before any code that builds a classic schema can.
 */
const firstLoadContracts =
  /[\\/](domain[\\/]src[\\/](first-load-contracts|content-patterns|licence-core|roles-core)|pwa[\\/]src[\\/]app[\\/](first-load-contracts|zod-jitless))\.ts$/;

/** A MUI component's class-name module (`@mui/material/Chip/chipClasses.mjs`). */
const classNames = /[\\/]@mui[\\/]material[\\/][^/\\]+[\\/]\w+Classes\.mjs$/;

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
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          // A class-name module imports a component's index only for that component's class names:
          // MUI's styles reach the input components that way (enhanceHighContrast ->
          // filledInputClasses -> InputBase), which the first screen never draws. Following the
          // edge would put them in the first load; a screen that draws them brings them itself.
          if (classNames.test(id) && /[\\/]index\.mjs$/.test(imported)) {
            for (const reexported of this.getModuleInfo(imported)?.importedIds ?? [])
              if (classNames.test(reexported)) visit(reexported);
            continue;
          }
          visit(imported);
        }
      };
      if (main) visit(main);
      // What the entry (boot.ts) imports itself stays in the entry's file (or the `boot` group's):
      // in the app's, the entry would import the app's file statically (see the `boot` group).
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('/src/app/boot.ts'));
      const entryImports = (id: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(id)) return seen;
        seen.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) entryImports(imported, seen);
        return seen;
      };
      if (entry) for (const id of entryImports(entry)) appModules.delete(id);
    },
  };
}

/** Files the api sends compressed: text, and big enough to gain from it (its own threshold). */
const precompressed = /^assets\/.+\.(js|css|svg|json)$/;
const precompressMinBytes = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside each hashed asset, which
 * the api sends as they are (its static files) instead of compressing every request on the fly
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
    // After the PWA plugin, which adds the web manifest's link to index.html: the template has it too.
    pagesManifest(),
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
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The runtime every screen needs, in three long-cached files of similar size rather than a
          // dozen small ones (fewer requests) or one big one (a server compressing on the fly handles
          // several files in parallel). Everything else keeps the automatic splitting.
          groups: [
            // What the entry (boot.ts) shares with the app: Vite's preload helper and the pages'
            // names. In a small file of their own, preloaded with the entry, not in the app's: the
            // entry would import the app's file statically, and all of the app would be evaluated
            // with the entry, in one long task, before the page paints.
            { name: 'boot', test: /preload-helper|[\\/]domain[\\/]src[\\/]pages\.ts$/, priority: 4 },
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
            // zod/mini and the core it shares with classic zod, with the first screen's contracts built
            // from it (decision 021): boot.ts evaluates the file in a task of its own, so building the
            // contracts is not part of the app's. Not the parts of the core only classic zod uses
            // (JSON Schema output, the English error messages it installs): they go with classic
            // zod, off the first load.
            {
              name: 'zod-mini',
              test: (id: string) =>
                (/node_modules[\\/]zod[\\/](mini|v4[\\/](mini|core))[\\/]/.test(id) &&
                  !classicOnlyZodCore.test(id)) ||
                firstLoadContracts.test(id),
              priority: 2,
            },
            // classic zod, for the screens and data readers that check what they read (not the first screen).
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
