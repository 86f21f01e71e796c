import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { adminMessages, auditActionLabels } from '@pd/domain';
import { useState } from 'react';
import { TableScrollRegion } from '../../components/scroll-region';
import { useAudit } from './api/audit';
import { formatDateTime, messageOr } from './format';

/** `{role: 'free'}` as 'role: free'. */
function describe(values: Record<string, unknown> | null): string {
  if (!values) return '—';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/** The audit log (issue 14): who did what to whom, when, before and after; newest first. */
export function ActivityLog() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const audit = useAudit(page, pageSize);
  if (audit.isError) {
    return <Alert severity="error">{messageOr(audit.error, adminMessages.fetchAuditFailed)}</Alert>;
  }
  return (
    <>
      <TableScrollRegion label="Activity">
        <Table size="small" aria-label="Activity" sx={{ minWidth: 860 }}>
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
            {audit.isPending && (
              <TableRow>
                <TableCell colSpan={6}>Loading activity...</TableCell>
              </TableRow>
            )}
            {audit.data?.entries.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No admin actions yet.</TableCell>
              </TableRow>
            )}
            {audit.data?.entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
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
        count={audit.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_e, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
