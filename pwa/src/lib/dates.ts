/**
 * Dates and times as the app writes them for a teacher. U.S. English (the schools' usual language,
 * and the default) is written here as `Intl` writes it (dates.test.ts): the first
 * `Intl.DateTimeFormat` of a page loads the browser's date data, a long step of a module page's first
 * load on a slow phone, and both of these are drawn on it. Other languages use `Intl`, one kept
 * formatter per language and kind.
 */

/** U.S. English where the browser does not say (and on the server, so a drawn page hydrates as drawn). */
export const defaultLocale = 'en-US';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind and locale (making one costs far more than using one); U.S. English for a locale Intl refuses. */
function keptFormat(kind: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind} ${locale}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(defaultLocale, options);
    }
    formatters.set(key, format);
  }
  return format;
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 23, 2026' for '2026-11-23' in U.S. English: the day as written, whatever the time zone. */
export function formatReviewDate(isoDate: string, locale: string = defaultLocale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (locale === defaultLocale && !Number.isNaN(date.getTime()))
    return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return keptFormat('day', locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** '2:05 PM': the hour and minute of `at` on this device, in `locale` (the browser's language). */
export function shortTime(
  at: Date,
  locale = typeof navigator === 'undefined' ? defaultLocale : navigator.language,
): string {
  if (locale === defaultLocale) {
    const hour = at.getHours();
    return `${hour % 12 || 12}:${String(at.getMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  return keptFormat('time', locale, { hour: 'numeric', minute: '2-digit' }).format(at);
}
