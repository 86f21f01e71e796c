/**
 * Decision 070 (and 122): a module page's first screen (header, breadcrumb, the module's heading and
 * its lesson, compiled by the content loader, decision 071), drawn as plain HTML into the app shell
 * at `predrawnPlaceholder`, in the shell's own CSS, before the app runs. The service worker draws it
 * from the device's copy of the course for a returning teacher; the api draws it from the course it
 * would answer for a signed-in teacher's first visit. The app replaces it with its own page once that
 * is on screen (pwa/src/lib/predrawn.ts). One drawing, so both look the same.
 */
import { brand } from './brand.js';
import type { Course, ModuleOutline } from './content.js';
import { predrawnId, predrawnPlaceholder } from './pages.js';
import { paths } from './paths.js';

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
 * The shell (`template`: the precached index.html, or the api's page template) with the module's first screen drawn at
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
