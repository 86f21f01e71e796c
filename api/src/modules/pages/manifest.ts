import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pagePlaceholders, PagesManifest, pagesManifestPath } from '@pd/domain';
import type { Logger } from '../../logger.js';

/**
 * The pages manifest the pwa build wrote into `dist` (domain/src/pages.ts), checked with its
 * schema. Null when there is none (no build, or a dist without it) or it does not pass (a warning
 * is logged): pages are then index.html as it is.
 */
export function readPagesManifest(dist: string, logger: Logger): PagesManifest | null {
  const file = path.join(dist, pagesManifestPath);
  if (!existsSync(file)) return null;
  try {
    return PagesManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    logger.warn('the pages manifest of the built pwa is not valid; serving index.html as it is', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/** What goes in place of each placeholder of the page template. */
export interface PageParts {
  head: string;
  html: string;
  data: string;
}

/** The template with its placeholders filled (each appears once: the schema checks it). */
export function fillTemplate(template: string, parts: PageParts): string {
  let page = template;
  for (const key of ['head', 'html', 'data'] as const)
    page = page.split(pagePlaceholders[key]).join(parts[key]);
  return page;
}

/** The app shell with `head` (the page's preloads) added. */
export const shellPage = (manifest: PagesManifest, head: string): string =>
  fillTemplate(manifest.template, { head: manifest.shell.head + head, html: manifest.shell.html, data: '' });
