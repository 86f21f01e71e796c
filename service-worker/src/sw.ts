/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest). For now: precache the app shell, answer
// navigations with index.html (never /api/), and swap to a new version only when the page asks.
// Runtime caching and replay of the sync queue come with the offline-sync issue.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

/** Background Sync's event, absent from TypeScript's webworker lib (used by the sync issue). */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/images\//],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data && data.type === 'SKIP_WAITING') void self.skipWaiting();
});
