import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CatalogueResponse, homeDataBlockId, PageRenderer } from '@pd/domain';
import type { Logger } from '../../logger.js';

/** A page drawn on the server: the app's markup and the data block it was drawn from. */
export interface DrawnPage {
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
 * Loads the pwa's server entry (the file the pages manifest names) once, when first asked, and
 * checks it against the domain's `PageRenderer` contract. Null when there is none (development,
 * most tests) or it cannot be loaded or does not fit the contract (a warning is logged): pages then
 * start from the plain app shell.
 */
export function rendererLoader(file: string, logger: Logger): () => Promise<PageRenderer | null> {
  let loaded: Promise<PageRenderer | null> | undefined;
  return () =>
    (loaded ??= (async () => {
      if (!existsSync(file)) return null;
      try {
        return PageRenderer.parse(await import(pathToFileURL(path.resolve(file)).href));
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
 * api serves. Null when there is no server entry or drawing fails: the page then starts from the
 * plain app shell.
 */
export async function drawHomePage(
  renderer: () => Promise<PageRenderer | null>,
  catalogue: CatalogueResponse,
  logger: Logger,
): Promise<DrawnPage | null> {
  try {
    const module = await renderer();
    if (!module) return null;
    const markup = await module.renderSignedOutHome(catalogue.courses);
    return { markup, data: dataBlock(homeDataBlockId, catalogue) };
  } catch (error) {
    logger.warn('the home page could not be drawn on the server; serving the app shell', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
