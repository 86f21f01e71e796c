import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CatalogueResponse, firstScreenDataId } from '@pd/domain';
import type { Logger } from './logger.js';

/** What the pwa's server build exports (`pwa/src/app/prerender.tsx`). */
interface PrerenderModule {
  renderSignedOutHome(courses: CatalogueResponse['courses']): Promise<string>;
}

/** The home page for a signed-out visitor: the app's markup and the data it was drawn from. */
export interface FirstScreen {
  markup: string;
  /** `<script type="application/json">`: data, never run (the CSP allows no inline script). */
  data: string;
}

/** JSON that can sit inside a `<script>` element: `<` never appears, so `</script>` cannot either. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Decision 017: draws the signed-out home page once, with the pwa's own components built for Node
 * (`pwa/dist-ssr/prerender.js`, made by `npm run build`) and the catalogue this api serves. Null
 * when there is no server build (development, tests) or drawing it fails: the page then starts from
 * the plain app shell, as before.
 */
export async function renderFirstScreen(
  modulePath: string,
  catalogue: CatalogueResponse,
  logger: Logger,
): Promise<FirstScreen | null> {
  if (!existsSync(modulePath)) return null;
  try {
    const prerender = (await import(pathToFileURL(modulePath).href)) as PrerenderModule;
    const markup = await prerender.renderSignedOutHome(catalogue.courses);
    const data = `<script type="application/json" id="${firstScreenDataId}">${jsonForScript(catalogue)}</script>`;
    return { markup, data };
  } catch (error) {
    logger.warn('the home page could not be drawn on the server; serving the app shell', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * index.html with the drawn home page in place of the app shell (everything from `<div id="root">`
 * to the `<noscript>` after it) and its data before the scripts. Unchanged if either is missing.
 */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<noscript>', start);
  if (start < 0 || end < 0) return html;
  return `${html.slice(0, start)}<div id="root">${screen.markup}</div>\n    ${screen.data}\n    ${html.slice(end)}`;
}

export const defaultPrerenderModule = (pwaDist: string) =>
  path.join(pwaDist, '..', 'dist-ssr', 'prerender.js');
