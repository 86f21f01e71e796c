import { adminMessages } from '@pd/domain';
import { ActivityTable, useActivityView } from '../../components/activity-table';
import { auditCsvUrl, useAudit } from './api/audit';
import { messageOr } from './format';

/**
 * The audit log (issues 14 and 28): who did what to whom, when, before and after; newest first,
 * filtered by actor, action, target, days and a search, paged on the server, exported as CSV.
 */
export function ActivityLog() {
  const { asked, table } = useActivityView(25);
  const audit = useAudit(table.page, table.pageSize, asked);
  return (
    <ActivityTable
      label="Activity"
      entries={audit.data?.entries}
      total={audit.data?.total ?? 0}
      capped={audit.data?.capped}
      loading={audit.isPending}
      error={audit.isError ? messageOr(audit.error, adminMessages.fetchAuditFailed) : null}
      {...table}
      csvHref={auditCsvUrl(asked)}
    />
  );
}
