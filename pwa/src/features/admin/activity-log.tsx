import { adminMessages } from '@pd/domain';
import { useDeferredValue, useState } from 'react';
import { type ActivityFilter, ActivityTable, emptyActivityFilter } from '../../components/activity-table';
import { auditCsvUrl, useAudit } from './api/audit';
import { messageOr } from './format';

/**
 * The audit log (issues 14 and 28): who did what to whom, when, before and after; newest first,
 * filtered by actor, action, target, days and a search, paged on the server, exported as CSV.
 */
export function ActivityLog() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [filter, setFilter] = useState<ActivityFilter>(emptyActivityFilter);
  const asked = useDeferredValue(filter);
  const audit = useAudit(page, pageSize, asked);
  return (
    <ActivityTable
      label="Activity"
      entries={audit.data?.entries}
      total={audit.data?.total ?? 0}
      capped={audit.data?.capped}
      loading={audit.isPending}
      error={audit.isError ? messageOr(audit.error, adminMessages.fetchAuditFailed) : null}
      filter={filter}
      onFilter={(next) => {
        setFilter(next);
        setPage(0);
      }}
      page={page}
      pageSize={pageSize}
      onPage={setPage}
      onPageSize={(size) => {
        setPageSize(size);
        setPage(0);
      }}
      csvHref={auditCsvUrl(asked)}
    />
  );
}
