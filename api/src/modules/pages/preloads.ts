import { endpoints, endpointUrl, type PagesManifest, parseModulePath } from '@pd/domain';

export interface PagePreloadOptions {
  /** Per screen, its script chunks (the pages manifest); none without a build. */
  screens: PagesManifest['screens'] | null;
  /** Every course slug: only these are preloaded (nothing from the request is echoed into the page). */
  courseSlugs: Iterable<string>;
}

/** What a page's path and cookie say it will ask for first. */
export type PagePreloads = (pagePath: string, hasSessionCookie: boolean) => string;

/** The screens the server recognises from a page's path (any slug; the caller checks it is a course). */
export type PagePath =
  { kind: 'home' } | { kind: 'course'; slug: string } | { kind: 'module'; slug: string; moduleId: number };

/**
 * `/`, `/:courseSlug` (with or without a trailing slash) or a module page (the domain's
 * `parseModulePath`, the one grammar the pwa and the service worker read too); else null.
 */
export function parsePagePath(pagePath: string): PagePath | null {
  if (pagePath === '/') return { kind: 'home' };
  const module = parseModulePath(pagePath);
  if (module) return { kind: 'module', slug: module.courseSlug, moduleId: module.moduleId };
  const parts = pagePath.split('/');
  const slug = parts[1] ?? '';
  if (slug && (parts.length === 2 || (parts.length === 3 && parts[2] === '')))
    return { kind: 'course', slug };
  return null;
}

const fetchPreload = (href: string) =>
  `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials" />`;
const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}" />`;

/**
 * Decision 016: the `<link>`s that start, with the page itself, what its first render will ask for.
 * Without them each is found only after the scripts before it have run: the catalogue's data after
 * the app starts; a course screen's script after sign-in is known; its course after that script.
 *
 * - `/` served as the app shell (a visitor with a session cookie, or no server entry):
 *   `GET /api/content/catalogue`. The home page drawn on the server carries its catalogue instead.
 * - `/:courseSlug` and `/:courseSlug/module/:moduleId`, for a course that exists: the screen's
 *   script chunks (from the pages manifest), and `GET /api/content/courses/:slug` when the request
 *   carries a session cookie (signed out, the page asks for nothing but the sign-in guard).
 *
 * The app's own requests take the preloaded answers (same URL, same credentials mode); nothing is
 * asked twice.
 */
export function pagePreloads({ screens, courseSlugs }: PagePreloadOptions): PagePreloads {
  const screenLinks = (files: readonly string[] | undefined) => (files ?? []).map(modulePreload).join('');
  const courseScreen = screenLinks(screens?.course);
  const moduleScreen = screenLinks(screens?.module);
  const slugs = new Set(courseSlugs);
  const catalogue = fetchPreload(endpointUrl(endpoints.catalogue));

  return (pagePath, hasSessionCookie) => {
    const page = parsePagePath(pagePath);
    if (page?.kind === 'home') return catalogue;
    if (!page || !slugs.has(page.slug)) return '';
    // The slug is one of ours (checked above); the URL is the one the app's fetcher builds.
    const course = hasSessionCookie ? fetchPreload(endpointUrl(endpoints.course, { slug: page.slug })) : '';
    return (page.kind === 'course' ? courseScreen : moduleScreen) + course;
  };
}
