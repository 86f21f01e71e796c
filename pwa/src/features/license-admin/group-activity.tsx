import Typography from '@mui/material/Typography';
import { adminMessages } from '@pd/domain';
import { ActivityTable, useActivityView } from '../../components/activity-table';
import { errorMessage } from '../../lib/api-client';
import { groupAuditCsvUrl, useGroupAudit } from './api/group-admin';

/** License Management's Activity section (issue 28 part 4): the group's audit entries, filtered and paged. */
export function GroupActivity({ userId, groupId }: { userId: string; groupId: string }) {
  const { asked, table } = useActivityView(10);
  const audit = useGroupAudit(userId, groupId, table.page, table.pageSize, asked);
  return (
    <section aria-labelledby="group-activity-heading">
      <Typography id="group-activity-heading" variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
        Activity
      </Typography>
      <ActivityTable
        label="Group activity"
        entries={audit.data?.entries}
        total={audit.data?.total ?? 0}
        capped={audit.data?.capped}
        loading={audit.isPending}
        error={audit.isError ? (errorMessage(audit.error) ?? adminMessages.fetchAuditFailed) : null}
        {...table}
        csvHref={groupAuditCsvUrl(groupId, asked)}
      />
    </section>
  );
}
