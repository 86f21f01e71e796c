import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brand, type LegalPageName, legalPageTitles, paths } from '@pd/domain';
import { Link as RouterLink } from 'react-router-dom';
import { Markdown } from '../../components/markdown';
import { QueryStatus } from '../../components/query-status';
import { usePageTitle } from '../../lib/use-page-title';
import { useLegalPage } from './api/get-legal-page';

const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'July 3, 2025' for '2025-07-03', whatever the reader's time zone. */
export function formatLegalDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}

const otherPage: Record<LegalPageName, LegalPageName> = { terms: 'privacy', privacy: 'terms' };

/**
 * /terms and /privacy, rendered from content. The sign-up form opens them in a new tab, so the page
 * stands alone: its own title, links to the other legal page and home, no reliance on history.
 */
export function LegalPage({ page }: { page: LegalPageName }) {
  const query = useLegalPage(page);
  const title = query.data?.title ?? legalPageTitles[page];
  usePageTitle(title);
  const other = otherPage[page];

  return (
    <Box sx={{ py: { xs: 2, sm: 4 }, display: 'flex', justifyContent: 'center' }}>
      <Paper
        component="article"
        variant="outlined"
        aria-labelledby="legal-title"
        sx={{
          width: '100%',
          maxWidth: 820,
          p: { xs: 0, sm: 5 },
          borderRadius: 3,
          // On a phone the page is the sheet: no frame eating the width.
          borderWidth: { xs: 0, sm: 1 },
          bgcolor: { xs: 'transparent', sm: 'background.paper' },
        }}
      >
        <Typography id="legal-title" variant="h3" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {query.data && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Last updated{' '}
            <time dateTime={query.data.lastUpdated}>{formatLegalDate(query.data.lastUpdated)}</time>
          </Typography>
        )}
        <QueryStatus query={query} subject={`the ${legalPageTitles[page]}`} />
        {query.data && (
          <Box sx={{ maxWidth: '72ch', overflowWrap: 'break-word' }}>
            <Markdown>{query.data.markdown}</Markdown>
          </Box>
        )}
        <Divider sx={{ my: 4 }} />
        <Stack
          component="nav"
          aria-label="Legal"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 3 }}
          sx={{ typography: 'body2' }}
        >
          <Link component={RouterLink} to={paths[other]()}>
            {legalPageTitles[other]}
          </Link>
          <Link href={`mailto:${brand.supportEmail}`}>Questions? {brand.supportEmail}</Link>
          <Link component={RouterLink} to={paths.home()}>
            Back to Courses
          </Link>
        </Stack>
      </Paper>
    </Box>
  );
}

export function TermsPage() {
  return <LegalPage page="terms" />;
}

export function PrivacyPage() {
  return <LegalPage page="privacy" />;
}
