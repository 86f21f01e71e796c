import CloudOffIcon from '@mui/icons-material/CloudOff';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CourseSummary,
  type GroupMember,
  licenceMessages,
  type MemberSort,
  memberSorts,
} from '@pd/domain';
import { useState } from 'react';
import { QueryStatus } from '../../components/query-status';
import { NetworkError } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { ProgressBar } from '../../components/progress-bar';
import { useGroupMembers } from './api/group-members';
import { RemoveMemberButton } from './remove-member-button';
import { formatDate, percentOf } from './format';

function MemberCard({
  member,
  courses,
  groupId,
  offline,
}: {
  member: GroupMember;
  courses: readonly CourseSummary[];
  groupId: string;
  offline: boolean;
}) {
  const { completedModules, totalModules, lastActivity, courseStats } = member.progress;
  const percent = percentOf(completedModules, totalModules);
  const started = courses.filter((c) => (courseStats[c.slug]?.completed ?? 0) > 0);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, borderRadius: 2, listStyle: 'none', minWidth: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, minWidth: 0 }}>
        <Avatar aria-hidden="true" sx={{ bgcolor: 'primary.main', flexShrink: 0 }}>
          {member.name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        {/* A long name or address wraps inside the card (issue 26): it never widens the list. */}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {member.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={member.emailVerified ? 'Verified' : 'Unverified'}
          color={member.emailVerified ? 'success' : 'default'}
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {completedModules}/{totalModules} modules · {percent}%
      </Typography>
      <ProgressBar value={percent} label={`${member.name}: ${percent}% of all modules complete`} />
      {started.length > 0 && (
        <Box component="ul" sx={{ p: 0, m: 0, mt: 1.5, listStyle: 'none', display: 'grid', gap: 1 }}>
          {started.map((course) => {
            const stat = courseStats[course.slug] ?? { completed: 0, total: course.modules.length };
            const coursePercent = percentOf(stat.completed, stat.total);
            return (
              <li key={course.slug}>
                <Typography variant="caption" component="p">
                  {course.title}: {stat.completed}/{stat.total}
                </Typography>
                <ProgressBar
                  value={coursePercent}
                  label={`${member.name}, ${course.title}: ${coursePercent}%`}
                />
              </li>
            );
          })}
        </Box>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1,
          m: 0,
          mt: 1.5,
          '& dt': { fontSize: 12, color: 'text.secondary' },
          '& dd': { m: 0, fontSize: 14, fontWeight: 600 },
        }}
      >
        <div>
          <dt>PD hours</dt>
          <dd>{member.pdHours}</dd>
        </div>
        <div>
          <dt>Certificates</dt>
          <dd>{member.certificates}</dd>
        </div>
        <div>
          <dt>Last activity</dt>
          <dd>{lastActivity ? formatDate(lastActivity) : licenceMessages.never}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatDate(member.joinedAt)}</dd>
        </div>
      </Box>
      <Box sx={{ mt: 1, textAlign: 'right' }}>
        <RemoveMemberButton groupId={groupId} member={member} disabled={offline} />
      </Box>
    </Paper>
  );
}

const sortLabels: Record<MemberSort, string> = {
  progress: 'Progress',
  lastActivity: 'Last activity',
  name: 'Name',
};

/**
 * 'Member Progress': search, sort, one page at a time, and 'Download CSV'. The server searches,
 * orders and cuts the pages (a 5,000-member group answers 20 members); each page the admin has seen
 * is kept on the device for offline use.
 */
export function MemberProgress({
  userId,
  courses,
  groupId,
  csvUrl,
  offline,
}: {
  userId: string;
  courses: readonly CourseSummary[];
  groupId: string;
  csvUrl: string;
  offline: boolean;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MemberSort>('progress');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const members = useGroupMembers(userId, groupId, { q, sort, page });
  const answer = members.data?.data;
  // The last page answered, so the pages stay reachable when one of them cannot load (offline).
  const [known, setKnown] = useState(answer);
  if (answer && answer !== known) setKnown(answer);
  const counts = answer ?? known;
  const pages = counts ? Math.max(1, Math.ceil(counts.matching / counts.pageSize)) : 1;
  const listCourses = courses.filter((c) => !c.isComingSoon);
  const notOnDevice = members.isError && members.error instanceof NetworkError;

  return (
    <Box component="section" aria-labelledby="members-heading" aria-busy={members.isFetching}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id="members-heading" variant="h5" component="h2">
          Member Progress
        </Typography>
        <Button
          component="a"
          href={csvUrl}
          download
          variant="outlined"
          startIcon={<DownloadIcon aria-hidden="true" />}
          disabled={offline}
        >
          Download CSV
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          label="Search by name or email"
          type="search"
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Sort by"
          size="small"
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as MemberSort);
            setPage(1);
          }}
          sx={{ minWidth: 180 }}
        >
          {memberSorts.map((key) => (
            <MenuItem key={key} value={key}>
              {sortLabels[key]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {notOnDevice ? (
        <Alert severity="info" icon={<CloudOffIcon />}>
          This page of members is not kept on this device. Connect to the internet to see it, or go back to a
          page you opened before.
        </Alert>
      ) : (
        <QueryStatus query={members} subject="the members' progress" />
      )}
      {answer && (
        <>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {answer.matching === answer.total
              ? `${answer.total} ${answer.total === 1 ? 'member' : 'members'}`
              : `${answer.matching} of ${answer.total} members`}
          </Typography>
          {answer.total === 0 ? (
            <Typography color="text.secondary">No teachers have joined yet.</Typography>
          ) : answer.matching === 0 ? (
            <Typography color="text.secondary">No member matches “{q}”.</Typography>
          ) : (
            <Box
              component="ul"
              sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}
            >
              {answer.members.map((member) => (
                <MemberCard
                  key={member.id}
                  member={member}
                  courses={listCourses}
                  groupId={groupId}
                  offline={offline}
                />
              ))}
            </Box>
          )}
        </>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_e, value) => setPage(value)}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, value, selected) =>
            type === 'page' ? `${selected ? '' : 'Go to '}page ${value}` : `Go to ${type} page`
          }
        />
      )}
    </Box>
  );
}
