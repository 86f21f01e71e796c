import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { type AnalyticsDashboard, type AnalyticsTable, paths } from '@pd/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AccessDeniedHome } from '../../components/access-denied';
import { LoadingScreen } from '../../components/loading-screen';
import { TableScrollRegion } from '../../components/scroll-region';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useMe } from '../../offline/get-me';
import { analyticsCsvUrl, useAnalyticsDashboard, type DayRange } from './api/dashboard';
import {
  checkCustomRange,
  dayAxis,
  rangeFromSearch,
  searchOfPreset,
  searchOfRange,
  type Preset,
} from './range';

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 160px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * What the dashboard can and cannot vouch for (issue 30 item 1, decision 088): devices report
 * traffic, which anyone can fake within the rate limits; money and conversions are the server's.
 */
export const trustNotes = {
  deviceReported:
    'Reported by devices, not verified: visitors, sessions, page views, visible time, sources and events. Anyone can send such events (within the rate limits), so read them as estimates.',
  conversions:
    "From the server's records, not from devices: purchases and revenue from checkouts the payment provider completed, enrolments from courses a signed-in teacher opened, free trials from a teacher's first free course.",
  funnel:
    "Visit is reported by devices; every later step comes from the server's records (accounts, courses opened and completed, checkouts, purchases).",
} as const;

function Note({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {children}
    </Typography>
  );
}

function Section({
  title,
  table,
  range,
  note,
  children,
}: {
  title: string;
  table: AnalyticsTable;
  range: DayRange;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Button size="small" startIcon={<DownloadIcon />} href={analyticsCsvUrl(table, range)} download>
          CSV
        </Button>
      </Stack>
      {note && <Note>{note}</Note>}
      {children}
    </Paper>
  );
}

function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return <Typography color="text.secondary">No data in this range.</Typography>;
  // A long path or campaign scrolls sideways in its region on a phone; the page never does.
  return (
    <TableScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={String(row[0]) + String(row[1])}>
              {row.map((cell, i) => (
                <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

const touchRows = (t: AnalyticsDashboard['firstTouch']) =>
  (['source', 'medium', 'campaign'] as const).flatMap((d) => t[d].map((r) => [d, r.value, r.sessions]));

function Dashboard({ data, range }: { data: AnalyticsDashboard; range: DayRange }) {
  const { totals } = data;
  return (
    <Stack spacing={3}>
      <Alert severity="info" role="note">
        {trustNotes.deviceReported}
      </Alert>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Tile label="Visitors" value={totals.visitors} />
        <Tile label="Sessions" value={totals.sessions} />
        <Tile label="Page views" value={totals.pageViews} />
        <Tile label="Avg. visible time per page" value={`${totals.avgVisibleSeconds} s`} />
      </Stack>
      <Section
        title="Visitors and page views"
        table="series"
        range={range}
        note="Reported by devices, not verified."
      >
        <LineChart
          height={280}
          xAxis={[dayAxis(data.series.map((s) => s.day))]}
          series={[
            { data: data.series.map((s) => s.visitors), label: 'Visitors' },
            { data: data.series.map((s) => s.pageViews), label: 'Page views' },
          ]}
        />
      </Section>
      <Section title="Funnel" table="funnel" range={range} note={trustNotes.funnel}>
        <BarChart
          height={280}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: data.funnel.map((f) => f.label), width: 150 }]}
          series={[{ data: data.funnel.map((f) => f.count), label: 'Teachers' }]}
        />
        <SimpleTable
          label="Funnel"
          head={['Step', 'Teachers']}
          rows={data.funnel.map((f) => [f.label, f.count])}
        />
      </Section>
      <Section title="Top pages" table="pages" range={range}>
        <SimpleTable
          label="Top pages"
          head={['Path', 'Page views', 'Avg. visible seconds']}
          rows={data.topPages.map((p) => [p.path, p.views, p.avgVisibleSeconds])}
        />
      </Section>
      <Section title="Sources (first touch)" table="first-touch" range={range}>
        <SimpleTable
          label="Sources (first touch)"
          head={['Dimension', 'Value', 'Sessions']}
          rows={touchRows(data.firstTouch)}
        />
      </Section>
      <Section title="Sources (last touch)" table="last-touch" range={range}>
        <SimpleTable
          label="Sources (last touch)"
          head={['Dimension', 'Value', 'Sessions']}
          rows={touchRows(data.lastTouch)}
        />
      </Section>
      <Section title="Conversions" table="conversions" range={range} note={trustNotes.conversions}>
        <SimpleTable
          label="Conversions"
          head={['Type', 'Count', 'Revenue (USD)']}
          rows={data.conversions.map((c) => [c.type, c.count, c.revenue.toFixed(2)])}
        />
      </Section>
      <Section title="Events" table="events" range={range}>
        <SimpleTable
          label="Events"
          head={['Event', 'Count']}
          rows={data.events.map((e) => [e.name, e.count])}
        />
      </Section>
    </Stack>
  );
}

/** The custom range's two dates: applied (to the address) only when From is not after To. */
function CustomRangeForm({ applied, onApply }: { applied: DayRange; onApply: (range: DayRange) => void }) {
  const [draft, setDraft] = useState<DayRange>(applied);
  const [error, setError] = useState<string | null>(null);
  const change = (next: DayRange) => {
    setDraft(next);
    const problem = checkCustomRange(next);
    setError(problem);
    if (!problem) onApply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change(draft);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label="Custom range" spacing={0.5}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <TextField
          type="date"
          size="small"
          label="From"
          value={draft.from}
          onChange={(e) => change({ ...draft, from: e.target.value })}
          error={Boolean(error)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'aria-describedby': error ? 'custom-range-error' : undefined },
          }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={draft.to}
          onChange={(e) => change({ ...draft, to: e.target.value })}
          error={Boolean(error)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'aria-describedby': error ? 'custom-range-error' : undefined },
          }}
        />
      </Stack>
      {error && (
        <Typography id="custom-range-error" role="alert" variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * /admin/analytics (issue 15): super admins only; others are sent home with Access Denied. The range
 * lives in the address (`?days=7` or `?from=...&to=...`, issue 26): a reload or a shared link shows
 * the same one.
 */
export function AnalyticsDashboardPage() {
  usePageTitle('Analytics');
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const { preset, range } = rangeFromSearch(search);
  const isSuperadmin = me.data?.role === 'superadmin';
  const dashboard = useAnalyticsDashboard(range, isSuperadmin);
  if (me.isPending) return <LoadingScreen />;
  if (!isSuperadmin) return <AccessDeniedHome />;
  const choose = (value: Preset) =>
    setSearch(value === 'custom' ? searchOfRange(range) : searchOfPreset(value), { replace: true });

  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 1100, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, sm: 40 } }}>
          Analytics
        </Typography>
        <Button component={RouterLink} to={paths.admin()} startIcon={<ArrowBackIcon aria-hidden="true" />}>
          Back to Dashboard
        </Button>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: 'flex-start' } }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={preset}
          aria-label="Date range"
          onChange={(_, value: Preset | null) => value && choose(value)}
        >
          <ToggleButton value="7">7 days</ToggleButton>
          <ToggleButton value="30">30 days</ToggleButton>
          <ToggleButton value="90">90 days</ToggleButton>
          <ToggleButton value="custom">Custom</ToggleButton>
        </ToggleButtonGroup>
        {preset === 'custom' && (
          <CustomRangeForm
            applied={range}
            onApply={(next) => setSearch(searchOfRange(next), { replace: true })}
          />
        )}
      </Stack>
      {dashboard.error && (
        <Alert severity="error">{errorMessage(dashboard.error) ?? 'Could not load the analytics.'}</Alert>
      )}
      {dashboard.data ? (
        <Dashboard data={dashboard.data} range={range} />
      ) : (
        !dashboard.error && <LoadingScreen />
      )}
    </Box>
  );
}
