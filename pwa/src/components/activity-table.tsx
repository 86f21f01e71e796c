import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type AuditAction, auditActionLabels, auditActions, type AuditEntry } from '@pd/domain';
import { TableScrollRegion } from './scroll-region';
import { useDeferredValue, useState } from 'react';

/**
 * The audit log's table with its filters (issue 28 part 4): by actor, action, target, days and a
 * search, paged on the server, with a CSV export of the same filter. The super admin's Activity
 * tab and the licence admin's Activity section each give it their own call (no feature knowledge).
 */

export interface ActivityFilter {
  actor: string;
  action: AuditAction | '';
  target: string;
  from: string;
  to: string;
  q: string;
}

export const emptyActivityFilter: ActivityFilter = {
  actor: '',
  action: '',
  target: '',
  from: '',
  to: '',
  q: '',
};

/** The filter as the api's query string (empty fields left out). */
export function activityQuery(
  filter: ActivityFilter,
  page: number,
  pageSize: number,
): Record<string, string> {
  const query: Record<string, string> = { limit: String(pageSize), offset: String(page * pageSize) };
  for (const [key, value] of Object.entries(filter)) if (value) query[key] = value;
  return query;
}

/** `{role: 'free'}` as 'role: free'. */
function describe(values: Record<string, unknown> | null): string {
  if (!values) return '—';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/**
 * The filter and page of an activity table, and its handlers: a new filter or page size goes back
 * to the first page; `asked` is the filter deferred while typing (what the server is asked for).
 */
export function useActivityView(initialPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [filter, setFilter] = useState<ActivityFilter>(emptyActivityFilter);
  const asked = useDeferredValue(filter);
  return {
    asked,
    table: {
      filter,
      onFilter: (next: ActivityFilter) => {
        setFilter(next);
        setPage(0);
      },
      page,
      pageSize,
      onPage: setPage,
      onPageSize: (size: number) => {
        setPageSize(size);
        setPage(0);
      },
    },
  };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ActivityTable({
  label,
  entries,
  total,
  capped = false,
  loading,
  error,
  filter,
  onFilter,
  page,
  pageSize,
  onPage,
  onPageSize,
  csvHref,
  showActor = true,
}: {
  label: string;
  entries: readonly AuditEntry[] | undefined;
  total: number;
  /** The total is a floor ('more than'): the api counts up to 10,000. */
  capped?: boolean;
  loading: boolean;
  error: string | null;
  filter: ActivityFilter;
  onFilter: (next: ActivityFilter) => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  csvHref: string;
  showActor?: boolean;
}) {
  const set = (key: keyof ActivityFilter) => (e: { target: { value: string } }) =>
    onFilter({ ...filter, [key]: e.target.value });
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, flexWrap: 'wrap' }}
        useFlexGap
      >
        <TextField size="small" label="Search" value={filter.q} onChange={set('q')} sx={{ minWidth: 180 }} />
        {showActor && (
          <TextField
            size="small"
            label="Who (e-mail or id)"
            value={filter.actor}
            onChange={set('actor')}
            sx={{ minWidth: 200 }}
          />
        )}
        <TextField
          select
          size="small"
          label="Action"
          value={filter.action}
          onChange={set('action')}
          // 'Every action' is shown, not an empty box under the label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Every action</MenuItem>
          {auditActions.map((a) => (
            <MenuItem key={a} value={a}>
              {auditActionLabels[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Whom (e-mail, name or id)"
          value={filter.target}
          onChange={set('target')}
          sx={{ minWidth: 200 }}
        />
        <TextField
          size="small"
          type="date"
          label="From"
          value={filter.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={filter.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button href={csvHref} variant="outlined" download>
          Export CSV
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <TableScrollRegion label={label}>
        <Table size="small" aria-label={label} sx={{ minWidth: 860 }}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Whom</TableCell>
              <TableCell>Before</TableCell>
              <TableCell>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !entries && (
              <TableRow>
                <TableCell colSpan={6}>Loading activity...</TableCell>
              </TableRow>
            )}
            {entries?.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No activity matches.</TableCell>
              </TableRow>
            )}
            {entries?.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.actorEmail}</TableCell>
                <TableCell>{auditActionLabels[entry.action]}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{entry.targetLabel}</TableCell>
                <TableCell>{describe(entry.before)}</TableCell>
                <TableCell>{describe(entry.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScrollRegion>
      <TablePagination
        component="div"
        count={capped ? -1 : total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_e, next) => onPage(next)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
      />
    </Box>
  );
}
