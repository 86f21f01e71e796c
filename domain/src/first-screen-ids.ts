/**
 * Pages the api draws on the server, and the data each was drawn with. The data sits in the page
 * as a `<script type="application/json">` (never run: the CSP allows no inline script); the app
 * starts from the same data, so its first render is the page already on screen and it hydrates it.
 */

/**
 * Decision 017: the id of the block holding the CatalogueResponse a signed-out visitor's home page
 * was drawn with.
 */
export const firstScreenDataId = 'pd-first-screen';

/**
 * Decision 018: the id of the block holding what a signed-in teacher's module page was drawn with
 * (`ModuleScreenData`).
 */
export const moduleScreenDataId = 'pd-module-screen';

/**
 * Decision 018: on a page drawn on the server, the app's script preloads carry this `rel` instead
 * of `modulepreload`, so nothing is fetched before the page has painted; the entry script turns
 * them into `modulepreload` once it has.
 */
export const afterPaintPreloadRel = 'pd-modulepreload-after-paint';
