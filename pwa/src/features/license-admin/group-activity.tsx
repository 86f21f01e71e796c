import Typography from '@mui/material/Typography';
import { adminMessages } from '@pd/domain';
import { useDeferredValue, useState } from 'react';
import { type ActivityFilter, ActivityTable, emptyActivityFilter } from '../../components/activity-table';
import { errorMessage } from '../../lib/api-client';
import { groupAuditCsvUrl, useGroupAudit } from './api/group-admin';

/** License Management's Activity section (issue 28 part 4): the group's audit entries, filtered and paged. */
export function GroupActivity({ userId, groupId }: { userId: string; groupId: string }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [filter, setFilter] = useState<ActivityFilter>(emptyActivityFilter);
  const asked = useDeferredValue(filter);
  const audit = useGroupAudit(userId, groupId, page, pageSize, asked);
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
        csvHref={groupAuditCsvUrl(groupId, asked)}
      />
    </section>
  );
}
