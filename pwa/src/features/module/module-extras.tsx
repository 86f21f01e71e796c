import EventIcon from '@mui/icons-material/Event';
import GroupsIcon from '@mui/icons-material/Groups';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { brand } from '@pd/domain';
import { memo, useSyncExternalStore } from 'react';
import { Callout } from '../../components/callout';
import { defaultLocale, formatReviewDate } from '../../lib/dates';

const subscribeToNothing = () => () => {};

/** The teacher's locale: the browser's language; U.S. English on the server and while hydrating. */
function useLocale(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => (typeof navigator !== 'undefined' && navigator.language) || defaultLocale,
    () => defaultLocale,
  );
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
