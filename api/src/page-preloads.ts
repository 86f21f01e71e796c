import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk in Vite's build manifest (`pwa/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The lazily loaded screens the server can see coming from a page's path (their source files). */
export const routeScreens = {
  course: 'src/app/course-overview-route.tsx',
  module: 'src/features/module/module-page.tsx',
  /** What the app reads a module page drawn on the server with (decision 018). */
  moduleData: 'src/app/module-screen-data.ts',
} as const;

/** The app itself, which the entry (src/app/boot.ts) loads once the page has painted; index.html preloads it. */
const appChunk = 'src/app/main.tsx';

export interface PagePreloadOptions {
  /** The built pwa (its `.vite/manifest.json`; without one, no chunk is preloaded). */
  dist: string;
  /** Every course slug: only these are preloaded (nothing from the request is echoed into the page). */
  courseSlugs: Iterable<string>;
}

/** What a page's path and cookie say it will ask for first. `dataInPage`: the page came drawn with its data. */
export type PagePreloads = (pagePath: string, hasSessionCookie: boolean, dataInPage?: boolean) => string;

/** The screens the server recognises from a page's path (any slug; the caller checks it is a course). */
export type PagePath =
  { kind: 'home' } | { kind: 'course'; slug: string } | { kind: 'module'; slug: string; moduleId: number };

/** `/`, `/:courseSlug` (with or without a trailing slash) or `/:courseSlug/module/:moduleId`; else null. */
export function parsePagePath(pagePath: string): PagePath | null {
  if (pagePath === '/') return { kind: 'home' };
  const parts = pagePath.split('/');
  const slug = parts[1] ?? '';
  if (!slug) return null;
  if (parts.length === 4 && parts[2] === 'module' && /^\d{1,9}$/.test(parts[3] ?? '')) {
    return { kind: 'module', slug, moduleId: Number(parts[3]) };
  }
  if (parts.length === 2 || (parts.length === 3 && parts[2] === '')) return { kind: 'course', slug };
  return null;
}

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
    if (!chunk.isEntry) continue;
    // The entry loads the app once the page has painted (decision 018); index.html preloads it.
    for (const start of [key, ...(chunk.dynamicImports ?? []).filter((k) => k === appChunk)]) {
      for (const k of imported(manifest, start)) loadedByEntry.add(k);
    }
  }
  // The screen's chunks that are not loaded already (`skip`), in dependency order.
  const screenLinks = (key: string, skip = loadedByEntry) =>
    [...imported(manifest, key, skip)]
      .map((k) => modulePreload((manifest[k] as ManifestChunk).file))
      .join('');
  const courseScreen = screenLinks(routeScreens.course);
  const moduleScreen = screenLinks(routeScreens.module);
  // On a drawn module page, what reads its data besides what the module screen loads.
  const moduleData = screenLinks(
    routeScreens.moduleData,
    new Set([...loadedByEntry, ...imported(manifest, routeScreens.module)]),
  );
  const slugs = new Set(courseSlugs);
  const catalogue = fetchPreload('/api/content/catalogue');

  return (pagePath, hasSessionCookie, dataInPage = false) => {
    const page = parsePagePath(pagePath);
    if (page?.kind === 'home') return catalogue;
    if (!page || !slugs.has(page.slug)) return '';
    // The slug is one of ours (checked above), encoded as the app encodes it. A page drawn with its
    // course (decision 018) does not ask for it.
    const course =
      hasSessionCookie && !dataInPage
        ? fetchPreload(`/api/content/courses/${encodeURIComponent(page.slug)}`)
        : '';
    if (page.kind === 'course') return courseScreen + course;
    return moduleScreen + (dataInPage ? moduleData : '') + course;
  };
}
