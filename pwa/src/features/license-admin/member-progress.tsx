import DownloadIcon from '@mui/icons-material/Download';
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
import { type CourseSummary, type GroupMember, licenceMessages } from '@pd/domain';
import { useMemo, useState } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { RemoveMemberButton } from './remove-member-button';
import { formatDate, percentOf } from './format';

/** Members per page: a 5,000-member group is never drawn at once. */
export const membersPerPage = 20;

type SortKey = 'progress' | 'lastActivity' | 'name';

function sortMembers(members: GroupMember[], key: SortKey): GroupMember[] {
  const byName = (a: GroupMember, b: GroupMember) => a.name.localeCompare(b.name);
  const sorted = [...members];
  if (key === 'name') return sorted.sort(byName);
  if (key === 'progress') {
    return sorted.sort(
      (a, b) =>
        percentOf(b.progress.completedModules, b.progress.totalModules) -
          percentOf(a.progress.completedModules, a.progress.totalModules) || byName(a, b),
    );
  }
  return sorted.sort(
    (a, b) => (b.progress.lastActivity ?? '').localeCompare(a.progress.lastActivity ?? '') || byName(a, b),
  );
}

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
    <Paper component="li" variant="outlined" sx={{ p: 2, borderRadius: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, minWidth: 0 }}>
        <Avatar aria-hidden="true" sx={{ bgcolor: 'primary.main' }}>
          {member.name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }} noWrap>
            {member.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {member.email}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={member.emailVerified ? 'Verified' : 'Unverified'}
          color={member.emailVerified ? 'success' : 'default'}
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

/** 'Member Progress': search, sort, one page at a time, and 'Download CSV'. */
export function MemberProgress({
  members,
  courses,
  groupId,
  csvUrl,
  offline,
}: {
  members: GroupMember[];
  courses: readonly CourseSummary[];
  groupId: string;
  csvUrl: string;
  offline: boolean;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('progress');
  const [page, setPage] = useState(1);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle
      ? members.filter((m) => m.name.toLowerCase().includes(needle) || m.email.includes(needle))
      : members;
    return sortMembers(found, sort);
  }, [members, search, sort]);
  const pages = Math.max(1, Math.ceil(shown.length / membersPerPage));
  const current = Math.min(page, pages);
  const visible = shown.slice((current - 1) * membersPerPage, current * membersPerPage);
  const listCourses = courses.filter((c) => !c.isComingSoon);

  return (
    <Box component="section" aria-labelledby="members-heading">
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
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Sort by"
          size="small"
          value={sort}
          onChange={(e) => setSort(e.target.value as SortKey)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="progress">Progress</MenuItem>
          <MenuItem value="lastActivity">Last activity</MenuItem>
          <MenuItem value="name">Name</MenuItem>
        </TextField>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {shown.length === members.length
          ? `${members.length} ${members.length === 1 ? 'member' : 'members'}`
          : `${shown.length} of ${members.length} members`}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">No teachers have joined yet.</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {visible.map((member) => (
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
      {pages > 1 && (
        <Pagination
          count={pages}
          page={current}
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
