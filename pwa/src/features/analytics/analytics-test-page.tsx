import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { AccessDeniedHome } from '../../components/access-denied';
import { LoadingScreen } from '../../components/loading-screen';
import { TableScrollRegion } from '../../components/scroll-region';
import { usePageTitle } from '../../lib/use-page-title';
import {
  onAnalyticsChange,
  recentEvents,
  sendQueuedAnalytics,
  type QueuedEvent,
} from '../../offline/analytics';
import { sessionAttribution } from '../../offline/attribution';
import { useMe } from '../../offline/get-me';
import { recordEvent } from '../../offline/record-event';

const stateColor = { queued: 'default', sent: 'success', rejected: 'error' } as const;

/** The last 10 events of this device with their delivery state, live. */
function useRecentEvents(): QueuedEvent[] {
  const [events, setEvents] = useState<QueuedEvent[]>([]);
  const load = useCallback(() => void recentEvents().then(setEvents, () => {}), []);
  useEffect(() => {
    load();
    return onAnalyticsChange(load);
  }, [load]);
  return events;
}

/** /analytics-test (spec section 2): super admins only; others are sent home with Access Denied. */
export function AnalyticsTestPage() {
  usePageTitle('Analytics test');
  const me = useMe();
  const events = useRecentEvents();
  if (me.isPending) return <LoadingScreen />;
  if (me.data?.role !== 'superadmin') return <AccessDeniedHome />;
  const attribution = sessionAttribution() ?? {};
  const fire = async (label: string) => {
    await recordEvent('test_event', { label });
    await sendQueuedAnalytics();
  };
  const rows: [string, string | undefined][] = [
    ['Source', attribution.utm_source],
    ['Medium', attribution.utm_medium],
    ['Campaign', attribution.utm_campaign],
    ['Referrer', attribution.referrer],
  ];

  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 3, fontSize: { xs: 30, sm: 40 } }}>
        Analytics test
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Attribution data
        </Typography>
        {/* A long campaign or referrer wraps anywhere: the page never gets wider than a phone (issue 26). */}
        <Table size="small" aria-label="Attribution data">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value ?? '(none)'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Test events
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => void fire('Test button click')}>
            Fire test event
          </Button>
          <Button variant="outlined" onClick={() => void fire('Test conversion')}>
            Fire test conversion
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Last 10 events
        </Typography>
        {events.length === 0 ? (
          <Typography color="text.secondary">No events yet.</Typography>
        ) : (
          // Wider than a phone: the region scrolls sideways (a keyboard too), not the page.
          <TableScrollRegion label="Last 10 events">
            <Table size="small" aria-label="Last 10 events">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Path</TableCell>
                  <TableCell>Delivery</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{new Date(e.at).toLocaleTimeString()}</TableCell>
                    <TableCell>{e.name}</TableCell>
                    <TableCell>{e.path}</TableCell>
                    <TableCell>
                      <Chip size="small" color={stateColor[e.state]} label={e.state} title={e.reason} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
        )}
      </Paper>
    </Box>
  );
}
