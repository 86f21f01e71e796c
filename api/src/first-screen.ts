import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  afterPaintPreloadRel,
  type CatalogueResponse,
  firstScreenDataId,
  type ModuleScreenData,
} from '@pd/domain';
import type { Logger } from './logger.js';

/** What the pwa's server build exports (`pwa/src/app/prerender.tsx`). */
export interface PrerenderModule {
  renderSignedOutHome(courses: CatalogueResponse['courses']): Promise<string>;
  renderModulePage(pathname: string, data: ModuleScreenData): Promise<string>;
}

/** A page drawn on the server: the app's markup and the data it was drawn from. */
export interface FirstScreen {
  markup: string;
  /** `<script type="application/json">`: data, never run (the CSP allows no inline script). */
  data: string;
}

/** JSON that can sit inside a `<script>` element: `<` never appears, so `</script>` cannot either. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The data block of a drawn page, under the id the pwa reads it by. */
export function dataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;
}

/**
 * Loads the pwa's server build (`pwa/dist-ssr/prerender.js`, made by `npm run build`) once, when
 * first asked. Null when there is none (development, most tests) or it cannot be loaded (a warning
 * is logged): pages then start from the plain app shell.
 */
export function prerenderLoader(modulePath: string, logger: Logger): () => Promise<PrerenderModule | null> {
  let loaded: Promise<PrerenderModule | null> | undefined;
  return () =>
    (loaded ??= (async () => {
      if (!existsSync(modulePath)) return null;
      try {
        return (await import(pathToFileURL(modulePath).href)) as PrerenderModule;
      } catch (error) {
        logger.warn('the pages drawn on the server could not be loaded; serving the app shell', {
          error: error instanceof Error ? error.message : String(error),
        });
        return null;
      }
    })());
}

/**
 * Decision 017: draws the signed-out home page with the pwa's own components and the catalogue this
 * api serves. Null when there is no server build or drawing fails: the page then starts from the
 * plain app shell, as before.
 */
export async function renderFirstScreen(
  prerender: () => Promise<PrerenderModule | null>,
  catalogue: CatalogueResponse,
  logger: Logger,
): Promise<FirstScreen | null> {
  try {
    const module = await prerender();
    if (!module) return null;
    const markup = await module.renderSignedOutHome(catalogue.courses);
    return { markup, data: dataBlock(firstScreenDataId, catalogue) };
  } catch (error) {
    logger.warn('the home page could not be drawn on the server; serving the app shell', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * index.html with the drawn page in place of the app shell (everything from `<div id="root">` to
 * the `<noscript>` after it) and its data before the scripts. Unchanged if either is missing.
 *
 * The page is on screen without any script, so the app's scripts are preloaded only once it has
 * painted (decision 018): their links are renamed, and the entry script (boot.ts) renames them back.
 * Fetching and compiling them then never holds up the first paint.
 *
 * Nor is `GET /api/auth/me` preloaded: a drawn page says who is signed in (the module page's data
 * holds the user; the home page is drawn only for a request with no session cookie), so the app
 * does not ask, and the preload would be an unused request, or a 401 the browser reports as an error.
 */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<noscript>', start);
  if (start < 0 || end < 0) return html;
  const head = html
    .slice(0, start)
    .replace(mePreload, '')
    .replaceAll(modulePreload, `<link rel="${afterPaintPreloadRel}"`);
  return `${head}<div id="root">${screen.markup}</div>\n    ${screen.data}\n    ${html.slice(end)}`;
}

const modulePreload = '<link rel="modulepreload"';
const mePreload = /[ \t]*<link rel="preload" href="\/api\/auth\/me"[^>]*>\n?/;

export const defaultPrerenderModule = (pwaDist: string) =>
  path.join(pwaDist, '..', 'dist-ssr', 'prerender.js');
