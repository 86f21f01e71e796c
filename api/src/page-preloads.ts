import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk in Vite's build manifest (`pwa/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The lazily loaded screens the server can see coming from a page's path (their source files). */
export const routeScreens = {
  course: 'src/app/course-overview-route.tsx',
  module: 'src/features/module/module-page.tsx',
} as const;

export interface PagePreloadOptions {
  /** The built pwa (its `.vite/manifest.json`; without one, no chunk is preloaded). */
  dist: string;
  /** Every course slug: only these are preloaded (nothing from the request is echoed into the page). */
  courseSlugs: Iterable<string>;
}

/** What a page's path and cookie say it will ask for first. */
export type PagePreloads = (pagePath: string, hasSessionCookie: boolean) => string;

const fetchPreload = (href: string) =>
  `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials" />`;
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}" />`;

/** The manifest keys `key` imports, itself included, leaving out those already in `skip`. */
function imported(
  manifest: Record<string, ManifestChunk>,
  key: string,
  skip = new Set<string>(),
): Set<string> {
  const found = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || found.has(k) || skip.has(k)) return;
    found.add(k);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  visit(key);
  return found;
}

/**
 * Decision 016: the `<link>`s that start, with the page itself, what its first render will ask for.
 * Without them each is found only after the scripts before it have run: the catalogue's data after
 * the app starts; a course screen's script after sign-in is known; its course after that script.
 *
 * - `/`: `GET /api/content/catalogue`.
 * - `/:courseSlug` and `/:courseSlug/module/:moduleId`, for a course that exists: the screen's
 *   script chunks (from Vite's manifest), and `GET /api/content/courses/:slug` when the request
 *   carries a session cookie (signed out, the page asks for nothing but the sign-in guard).
 *
 * The app's own requests take the preloaded answers (same URL, same credentials mode); nothing is
 * asked twice.
 */
export function pagePreloads({ dist, courseSlugs }: PagePreloadOptions): PagePreloads {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const loadedByEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) for (const k of imported(manifest, key)) loadedByEntry.add(k);
  }
  // The screen's chunks that the entry does not already load, in dependency order.
  const screenLinks = (key: string) =>
    [...imported(manifest, key, loadedByEntry)]
      .map((k) => modulePreload((manifest[k] as ManifestChunk).file))
      .join('');
  const courseScreen = screenLinks(routeScreens.course);
  const moduleScreen = screenLinks(routeScreens.module);
  const slugs = new Set(courseSlugs);
  const catalogue = fetchPreload('/api/content/catalogue');

  return (pagePath, hasSessionCookie) => {
    if (pagePath === '/') return catalogue;
    const parts = pagePath.split('/');
    const slug = parts[1] ?? '';
    if (!slugs.has(slug)) return '';
    const isModule = parts.length === 4 && parts[2] === 'module' && /^\d+$/.test(parts[3] ?? '');
    const isCourse = parts.length === 2 || (parts.length === 3 && parts[2] === '');
    if (!isModule && !isCourse) return '';
    // The slug is one of ours (checked above), encoded as the app encodes it.
    const course = hasSessionCookie ? fetchPreload(`/api/content/courses/${encodeURIComponent(slug)}`) : '';
    return (isModule ? moduleScreen : courseScreen) + course;
  };
}
