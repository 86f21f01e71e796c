/**
 * Decision 070: a returning teacher's module page shows its lesson before the app runs. The worker
 * answers the navigation with the app shell plus the lesson, drawn from the device's copy of the
 * course (the one the app itself reads first, decision 023), in the shell's own CSS; the app replaces
 * it with its page once that is on screen. Nothing here is sent anywhere or kept.
 */
import {
  brand,
  type Course,
  deviceContentDb,
  type ModuleOutline,
  paths,
  predrawnId,
  predrawnPlaceholder,
  userDbPrefix,
} from '@pd/domain';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values written into the page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/**
 * The shell (`template`, the precached index.html) with the module's first screen drawn at
 * `predrawnPlaceholder`: header, breadcrumb, the module's heading and its lesson. Null when there is
 * nothing worth drawing (no such module, no compiled lesson, or a shell without the placeholder).
 */
export function drawModulePage(template: string, course: Course, moduleId: number): string | null {
  if (!template.includes(predrawnPlaceholder)) return null;
  const modules: readonly ModuleOutline[] = course.modules;
  const module = modules.find((m) => m.id === moduleId);
  if (!module?.lessonHtml) return null;
  const e = escapeHtml;
  const lastReviewed = module.lastReviewed
    ? `<p class="predrawn-reviewed">Last reviewed <time datetime="${e(module.lastReviewed)}">${e(longDate(module.lastReviewed))}</time></p>`
    : '';
  const page =
    `<div id="${predrawnId}" class="predrawn">` +
    `<div class="shell-header"><img src="/icons/favicon.svg" alt="" width="30" height="30" />${e(brand.productName)}</div>` +
    `<main class="predrawn-main">` +
    `<nav aria-label="Breadcrumb" class="predrawn-crumbs"><a href="${paths.home()}">Home</a>` +
    `<span aria-hidden="true">/</span><a href="${e(paths.course(course.slug))}">${e(course.title)}</a>` +
    `<span aria-hidden="true">/</span><span aria-current="page">${e(module.title)}</span></nav>` +
    `<div class="predrawn-modules" aria-hidden="true"></div>` +
    `<div class="predrawn-grid"><div class="predrawn-side" aria-hidden="true"></div>` +
    `<article class="predrawn-article">` +
    `<p class="predrawn-overline">Module ${module.id} of ${modules.length} · ${e(module.duration)}</p>` +
    `<h1>${e(module.title)}</h1>` +
    `<p class="predrawn-description">${e(module.description)}</p>${lastReviewed}` +
    `<div class="predrawn-progress" aria-hidden="true"></div>` +
    `<div class="markdown">${module.lessonHtml}</div>` +
    `</article></div></main></div>`;
  return template.replace(predrawnPlaceholder, page);
}

/** 'November 23, 2026' for '2026-11-23' in the browser's language, as the module page prints it. */
function longDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The request's result as a promise. */
function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The course row of `slug` in the database `name`, or null (a database that is not there is not made). */
async function readCourseFrom(idb: IDBFactory, name: string, slug: string): Promise<Course | null> {
  const opening = idb.open(name);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  let db: IDBDatabase;
  try {
    db = await requested(opening);
  } catch {
    return null;
  }
  try {
    if (!db.objectStoreNames.contains(deviceContentDb.courses)) return null;
    const store = db.transaction(deviceContentDb.courses, 'readonly').objectStore(deviceContentDb.courses);
    const row = (await requested(store.get(slug))) as { course?: Course } | undefined;
    return row?.course?.slug === slug ? row.course : null;
  } finally {
    db.close();
  }
}

/**
 * The course as the device keeps it, or null: a free course from the shared database; a premium one
 * from the signed-in teacher's own, when the device holds exactly one teacher's database (sign-out
 * deletes it; with two, whose is the page is not known, and nothing premium is drawn). Read-only.
 */
export async function readDeviceCourse(idb: IDBFactory, slug: string): Promise<Course | null> {
  const shared = await readCourseFrom(idb, deviceContentDb.name, slug);
  if (shared) return shared;
  const teachers = (await idb.databases()).filter((d) => d.name?.startsWith(userDbPrefix));
  const only = teachers.length === 1 ? teachers[0]?.name : undefined;
  return only ? readCourseFrom(idb, only, slug) : null;
}
