import EventIcon from '@mui/icons-material/Event';
import GroupsIcon from '@mui/icons-material/Groups';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { brand } from '@pd/domain';
import { memo, useSyncExternalStore } from 'react';
import { Callout } from '../../components/callout';

const subscribeToNothing = () => () => {};
/** U.S. English where the browser does not say (and on the server, so a drawn page hydrates as drawn). */
const defaultLocale = 'en-US';

/** The teacher's locale: the browser's language; U.S. English on the server and while hydrating. */
function useLocale(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => (typeof navigator !== 'undefined' && navigator.language) || defaultLocale,
    () => defaultLocale,
  );
}

/** One formatter per locale written with `Intl`: making an `Intl.DateTimeFormat` costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function reviewDateFormat(locale: string): Intl.DateTimeFormat {
  let format = formatters.get(locale);
  if (!format) {
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(defaultLocale, options);
    }
    formatters.set(locale, format);
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

/**
 * 'November 23, 2026' for '2026-11-23' in U.S. English; the day as written, whatever the time zone.
 * U.S. English (the schools' usual language, and the default) is written here, as `Intl` writes it
 * (module-extras.test.ts): the first `Intl.DateTimeFormat` of a page loads the browser's date data,
 * the longest step of the module view's first drawing on a 4x slower phone. Other languages use it.
 */
export function formatReviewDate(isoDate: string, locale: string = defaultLocale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (locale === defaultLocale && !Number.isNaN(date.getTime()))
    return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return reviewDateFormat(locale).format(date);
}

/** 'Last reviewed November 23, 2026': the day an editor last checked the lesson (issue 19; the Terms refer to it). */
export const LastReviewed = memo(function LastReviewed({ date }: { date: string }) {
  const locale = useLocale();
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 2.5, mt: -1.5 }}
    >
      <EventIcon fontSize="small" aria-hidden="true" />
      <span>
        Last reviewed <time dateTime={date}>{formatReviewDate(date, locale)}</time>
      </span>
    </Typography>
  );
});

/** The workshop inquiry of spec section 1, outside the lesson text, on modules that ask for it. */
export function WorkshopInquiry() {
  return (
    <Callout
      component="aside"
      icon={GroupsIcon}
      title="Bring this workshop to your school"
      colours={{ background: '#eef2ff', border: '#a5b4fc', icon: '#3730a3' }}
    >
      <Typography>
        {brand.companyName} runs this workshop in person with school and district teams. To ask about dates
        and costs, write to{' '}
        <Link href={`mailto:${brand.workshopsEmail}`} underline="always">
          {brand.workshopsEmail}
        </Link>
        .
      </Typography>
    </Callout>
  );
}
