/**
 * The seam between the pwa's build and the api's pages (decisions 017 and 020). The pwa build
 * writes a `PagesManifest` (pages-contract.ts) into its dist; the api reads it, checks it, and
 * fills the page template's placeholders. The signed-out home page is drawn on the server by the
 * pwa's server entry (`PageRenderer`), loaded from the path the manifest gives.
 *
 * This file is zod-free: the app's first script reads the data block id from it.
 */

/** Where, inside the pwa's dist, the build writes the manifest (beside Vite's own, not served). */
export const pagesManifestPath = '.vite/pages.json';

/** The placeholders of the page template: each appears exactly once. */
export const pagePlaceholders = {
  /** In `<head>`: the page's preloads (and, unless a page is drawn, the shell's own head). */
  head: '<!--app-head-->',
  /** Inside `<div id="root">`: a page drawn on the server, or the app shell. */
  html: '<!--app-html-->',
  /** After the root, before the scripts: the drawn page's data block. */
  data: '<!--app-data-->',
} as const;

/**
 * Decision 070: on a module page the service worker answers with the app shell plus the lesson,
 * drawn from the device's copy of the course in an element with this id, put where this placeholder
 * is (index.html, before the root). Until the element goes, the shell's CSS hides the root; the app
 * removes it once its own page is on screen (`releasePredrawn`, pwa/src/lib/predrawn.ts).
 */
export const predrawnPlaceholder = '<!--app-predrawn-->';
export const predrawnId = 'pd-predrawn';

/**
 * The id of the data block of the signed-out home page drawn on the server: the CatalogueResponse
 * it was drawn with. The app starts from the same data and hydrates the page.
 */
export const homeDataBlockId = 'pd-first-screen';

/** The lazily loaded screens whose script chunks the api preloads with their page. */
export const preloadedScreens = ['course', 'module'] as const;
export type PreloadedScreen = (typeof preloadedScreens)[number];
