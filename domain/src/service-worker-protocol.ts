// Zod-free on purpose: the service worker and the page's first screen both import it.
/**
 * The names the service worker (service-worker/src/sw.ts) and the page (pwa/src/offline/,
 * pwa/src/app/service-worker-update.tsx) share: written once here, so the two sides cannot drift.
 */

/**
 * The public content calls (no session needed), whose last answers the worker keeps for offline use.
 * The endpoint table (endpoints.ts, endpoints-first-load.ts) declares them with these paths.
 */
export const publicContentPaths = {
  catalogue: '/api/content/catalogue',
  faq: '/api/content/faq',
  legalPage: '/api/content/legal/:page',
  prompts: '/api/prompts',
} as const;

/** Where the worker's script is served (the page registers it with scope '/'). */
export const swScriptUrl = '/sw.js';

/** Cache Storage names the worker fills at run time (precached app files are workbox's own). */
export const swCaches = {
  /** Illustrations: visited modules' images and every image of a downloaded course (premium ones too). */
  images: 'pd-images',
  /** The public content calls' last answers (catalogue, FAQ, legal pages, prompts). */
  publicApi: 'pd-public-api',
} as const;

/**
 * The caches that hold what a teacher's use of the app left on the device (the images of the courses
 * they downloaded, premium ones included, and the api answers they read): sign-out deletes them, so
 * the next teacher on a shared device finds nothing of the last one.
 */
export const userDataCaches: readonly string[] = [swCaches.images, swCaches.publicApi];

/**
 * The device's shared IndexedDB database (pwa/src/offline/db.ts, a Dexie database; a table is an
 * object store of the same name) and its courses table, keyed by course slug, whose rows are
 * `{slug, course, fetchedAt}`: free courses the teacher opened or downloaded. The worker reads it,
 * never writes it, to draw a module's lesson before the app runs (decision 070).
 */
export const deviceContentDb = { name: 'content', courses: 'courses' } as const;

/**
 * A teacher's own IndexedDB database is `${userDbPrefix}<user id>` (pwa/src/offline/db.ts); its
 * `courses` table holds the premium courses they opened, rows as in the shared one. Sign-out deletes
 * it, so the one such database on a device is the signed-in teacher's.
 */
export const userDbPrefix = 'user-';

/** The Background Sync tag the page registers while ops wait in the outbox. */
export const outboxSyncTag = 'outbox';

/** Messages between the page and the worker. */
export const swMessages = {
  /** Page -> worker: activate the waiting version now (the 'Reload' of the update prompt). */
  skipWaiting: 'SKIP_WAITING',
  /** Worker -> page: Background Sync fired; drain the outbox. */
  syncOutbox: 'SYNC_OUTBOX',
} as const;

export type SwMessage = { type: (typeof swMessages)[keyof typeof swMessages] };

/** True when `data` (a message event's data) is the message `type`. */
export function isSwMessage(data: unknown, type: SwMessage['type']): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}
