/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest): precaches the app shell, answers navigations
// with index.html (never /api/ or /images/), caches illustrations and the public content calls at run
// time, relays Background Sync to the pages, and swaps to a new version only when the page asks.
//
// Course content and progress are NOT cached here: they live in Dexie, per user (pwa/src/offline/).
import {
  isSwMessage,
  outboxSyncTag,
  parseModulePath,
  pathMatcher,
  publicContentPaths,
  swCaches,
  swMessages,
} from '@pd/domain';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { drawModulePage, readDeviceCourse } from './predrawn';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

/** Background Sync's event, absent from TypeScript's webworker lib. */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once (nothing to swap from), so the first visit already
// works offline. An update still waits for swMessages.skipWaiting (the 'A new version is available' prompt).
clientsClaim();

const shell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const response = await shell(options);
      const module = parseModulePath(options.url.pathname);
      if (!module || !response.ok) return response;
      // A module page: the shell with the lesson drawn in, from the device's copy (decision 070).
      try {
        const course = await readDeviceCourse(self.indexedDB, module.courseSlug);
        const page = course && drawModulePage(await response.clone().text(), course, module.moduleId);
        if (!page) return response;
        const headers = new Headers(response.headers);
        headers.delete('Content-Length');
        return new Response(page, { status: response.status, statusText: response.statusText, headers });
      } catch (error) {
        console.warn('The lesson could not be drawn before the app', error);
        return response;
      }
    },
    { denylist: [/^\/api\//, /^\/images\//] },
  ),
);

/**
 * Only complete, shareable answers are kept: status 200 and no `no-store` (premium prompt texts and
 * course lessons are `private, no-store` and must never sit in Cache Storage).
 */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type === 'opaque') return null;
    const cacheControl = response.headers.get('Cache-Control') ?? '';
    if (/\bno-store\b/i.test(cacheControl)) return null;
    return response;
  },
};

// Illustrations: immutable per deploy in practice; downloads add them to the same cache (cache.add),
// and visited modules get them here as the <img> loads.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/images/') && request.method === 'GET',
  new CacheFirst({
    cacheName: swCaches.images,
    // No age limit: downloaded courses must keep their images; the count bounds the cache.
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 400 })],
  }),
);

// The public content calls: fresh when the network answers quickly, the last copy otherwise.
const publicApi = Object.values(publicContentPaths).map(pathMatcher);
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    publicApi.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: swCaches.publicApi,
    networkTimeoutSeconds: 4,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 60 * 60 * 24 * 30 })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (isSwMessage(event.data, swMessages.skipWaiting)) void self.skipWaiting();
});

// Background Sync: the pages own the outbox (Dexie + the session cookie), so the worker only wakes
// them up; every open page drains under its Web Lock, so several tabs never send twice.
self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== outboxSyncTag) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: swMessages.syncOutbox });
    }),
  );
});
