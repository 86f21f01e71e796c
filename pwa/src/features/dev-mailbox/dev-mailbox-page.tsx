import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DevMailboxMessage } from '@pd/domain';
import { LoadingScreen } from '../../components/loading-screen';
import { ApiError, errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useDevMailbox } from './api/get-dev-mailbox';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/** /dev/mailbox: the e-mails the api would have sent, for development without an SMTP server. */
export function DevMailboxPage() {
  usePageTitle('Dev mailbox');
  const mailbox = useDevMailbox();

  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack
        direction="row"
        sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography variant="h4" component="h1">
          Dev mailbox
        </Typography>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void mailbox.refetch()}
          disabled={mailbox.isFetching}
        >
          {mailbox.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        E-mails sent by the app while no SMTP server is configured, newest first. This page exists only
        outside production.
      </Typography>

      {mailbox.isPending && <LoadingScreen />}
      {mailbox.isError && (
        <Alert
          severity={mailbox.error instanceof ApiError && mailbox.error.status === 404 ? 'info' : 'error'}
        >
          <AlertTitle>The dev mailbox is unavailable</AlertTitle>
          {mailbox.error instanceof ApiError && (mailbox.error.status === 404 || mailbox.error.status === 403)
            ? 'The api does not offer a dev mailbox here: it runs in production or sends e-mail through SMTP.'
            : (errorMessage(mailbox.error) ?? mailbox.error.message)}
        </Alert>
      )}
      {mailbox.data?.length === 0 && (
        <Alert severity="info">No e-mails yet. Sign up or ask for a reset link.</Alert>
      )}
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Messages">
        {mailbox.data?.map((message) => (
          <Box component="li" key={String(message.id)}>
            <MessageCard message={message} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function MessageCard({ message }: { message: DevMailboxMessage }) {
  return (
    <Card variant="outlined" component="article" aria-label={message.subject}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {message.subject}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          To <strong>{message.to}</strong> ·{' '}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        </Typography>
        {message.links.length > 0 && (
          <Box component="ul" sx={{ pl: 2.5, my: 1.5 }}>
            {message.links.map((link) => (
              <li key={link}>
                <Link href={link} sx={{ wordBreak: 'break-all' }}>
                  {link}
                </Link>
              </li>
            ))}
          </Box>
        )}
        <Box
          component="pre"
          sx={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: 'inherit',
            fontSize: 14,
            bgcolor: 'grey.100',
            p: 1.5,
            borderRadius: 1,
            m: 0,
          }}
        >
          {message.text}
        </Box>
      </CardContent>
    </Card>
  );
}
