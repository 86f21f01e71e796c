import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AssignmentMailSetting,
  type AssignmentRowFilter,
  assignmentStatuses,
  assignmentStatusLabels,
  type CourseSummary,
  formatDueDate,
} from '@pd/domain';
import { useState } from 'react';
import { QueryStatus } from '../../components/query-status';
import { errorMessage } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { useAssignmentMails, useUpdateAssignmentMail } from './api/assignment-mails';
import { useMemberSearch } from './api/member-search';
import {
  type AssignmentView,
  useCreateAssignments,
  useGroupAssignments,
  useRemoveAssignment,
} from './api/group-assignments';

export interface GroupAssignmentsProps {
  groupId: string;
  courses: readonly CourseSummary[];
  offline: boolean;
}

const filterLabels: Record<'' | AssignmentRowFilter, string> = {
  '': 'Everyone',
  ...assignmentStatusLabels,
  invited: 'Invited, not joined',
};

/** A filter's empty choice ('Everyone', 'Every assigned course') is shown, not an empty box under the label. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * Member Progress' assignment view on License Management (issue 28, part 2): assign courses to the
 * whole group or to chosen members with a due date; per assignment, who completed, is in progress,
 * has not started or is overdue (the invited too), with filters; the automatic e-mails.
 */
export function GroupAssignments({ groupId, courses, offline }: GroupAssignmentsProps) {
  const [view, setView] = useState<AssignmentView>({ assignmentId: '', status: '', q: '', page: 1 });
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  const current = { ...view, q };
  const data = useGroupAssignments(groupId, current);
  const remove = useRemoveAssignment(groupId);
  const body = data.data;
  const pages = body ? Math.max(1, Math.ceil(body.matching / body.page_size)) : 1;

  return (
    <Box component="section" aria-labelledby="assignments-heading" sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" id="assignments-heading" sx={{ mb: 1 }}>
        Assigned courses
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Assign courses with a due date; members are reminded automatically. Dates are in{' '}
        {body?.time_zone ?? 'UTC'}.
      </Typography>
      <AssignForm groupId={groupId} courses={courses} offline={offline} />
      <QueryStatus query={data} subject="the assignments" />
      {body && body.assignments.length > 0 && (
        <>
          <Box
            component="ul"
            aria-label="Assignments"
            sx={{ listStyle: 'none', p: 0, m: '16px 0', display: 'grid', gap: 1.5 }}
          >
            {body.assignments.map((a) => (
              <Paper key={a.id} component="li" variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between' }}
                >
                  <Box>
                    <Typography component="h3" sx={{ fontWeight: 700 }}>
                      {a.course_title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {a.whole_group ? 'Whole group' : `${a.assignees} chosen members`} ·{' '}
                      {a.due_date ? `due ${formatDueDate(a.due_date)}` : 'no due date'}
                    </Typography>
                    <Typography variant="body2" data-testid="assignment-counts">
                      {a.counts.completed} completed · {a.counts.in_progress} in progress ·{' '}
                      {a.counts.not_started} not started · {a.counts.overdue} overdue
                      {a.counts.invited > 0 ? ` · ${a.counts.invited} invited` : ''}
                    </Typography>
                  </Box>
                  <Button
                    color="error"
                    size="small"
                    disabled={offline || remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          `Remove the assignment of "${a.course_title}"? Members keep their progress.`,
                        )
                      )
                        remove.mutate(a.id);
                    }}
                  >
                    Remove
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              label="Course"
              value={view.assignmentId}
              onChange={(e) => setView({ ...view, assignmentId: e.target.value, page: 1 })}
              slotProps={showEmpty}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">Every assigned course</MenuItem>
              {body.assignments.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.course_title}
                  {a.due_date ? ` (due ${a.due_date})` : ''}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={view.status}
              onChange={(e) =>
                setView({ ...view, status: e.target.value as AssignmentView['status'], page: 1 })
              }
              slotProps={showEmpty}
              sx={{ minWidth: 180 }}
            >
              {(['', ...assignmentStatuses, 'invited'] as const).map((s) => (
                <MenuItem key={s} value={s}>
                  {filterLabels[s]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Search by name or e-mail"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setView({ ...view, page: 1 });
              }}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {body.matching} {body.matching === 1 ? 'row' : 'rows'}
          </Typography>
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              '& td, & th': { p: 0.75, textAlign: 'left', borderBottom: 1, borderColor: 'divider' },
            }}
          >
            <thead>
              <tr>
                <th>Member</th>
                <th>Course</th>
                <th>Status</th>
                <th>Modules</th>
              </tr>
            </thead>
            <tbody>
              {body.rows.map((r) => (
                <tr
                  key={`${r.assignment_id}:${r.user_id ?? r.email}`}
                  data-status={r.joined ? r.status : 'invited'}
                >
                  <td>
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {r.name ?? r.email}
                    </Typography>
                    {r.name && (
                      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {r.email}
                      </Typography>
                    )}
                  </td>
                  <td>{courses.find((c) => c.slug === r.course_slug)?.title ?? r.course_slug}</td>
                  <td>
                    <Typography variant="body2" color={r.status === 'overdue' ? 'error' : undefined}>
                      {r.joined ? assignmentStatusLabels[r.status] : 'Invited, not joined'}
                    </Typography>
                  </td>
                  <td>
                    {r.completed_modules}/{r.total_modules}
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={view.page}
              onChange={(_e, page) => setView({ ...view, page })}
            />
          )}
        </>
      )}
      <AssignmentMails groupId={groupId} offline={offline} />
    </Box>
  );
}

function AssignForm({ groupId, courses, offline }: GroupAssignmentsProps) {
  const create = useCreateAssignments(groupId);
  const [slugs, setSlugs] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [wholeGroup, setWholeGroup] = useState(true);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [find, setFind] = useState('');
  const q = useDebounced(find, 300);
  const found = useMemberSearch(groupId, q, !wholeGroup);
  const assignable = courses.filter((c) => !c.isComingSoon);

  const submit = () =>
    create.mutate(
      {
        courseSlugs: slugs,
        ...(wholeGroup ? {} : { userIds: [...chosen.keys()] }),
        ...(dueDate ? { dueDate } : {}),
      },
      {
        onSuccess: () => {
          setSlugs([]);
          setDueDate('');
          setChosen(new Map());
        },
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, mb: 2 }}>
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label="Courses to assign"
          value={slugs}
          slotProps={{ select: { multiple: true } }}
          onChange={(e) =>
            setSlugs(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)
          }
        >
          {assignable.map((c) => (
            <MenuItem key={c.slug} value={c.slug}>
              {c.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="Due date (optional)"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          control={<Switch checked={wholeGroup} onChange={(e) => setWholeGroup(e.target.checked)} />}
          label="The whole group (members who join later too)"
        />
        {!wholeGroup && (
          <Box>
            <TextField
              size="small"
              label="Find members by name or e-mail"
              value={find}
              onChange={(e) => setFind(e.target.value)}
              fullWidth
            />
            {found.data?.members.map((m) => (
              <FormControlLabel
                key={m.id}
                sx={{ display: 'block' }}
                control={
                  <Checkbox
                    checked={chosen.has(m.id)}
                    onChange={(e) => {
                      const next = new Map(chosen);
                      if (e.target.checked) next.set(m.id, m.name);
                      else next.delete(m.id);
                      setChosen(next);
                    }}
                  />
                }
                label={`${m.name} (${m.email})`}
              />
            ))}
            <Typography variant="body2" color="text.secondary">
              Chosen: {chosen.size === 0 ? 'nobody yet' : [...chosen.values()].join(', ')}
            </Typography>
          </Box>
        )}
        {create.isError && (
          <Alert severity="error">{errorMessage(create.error) ?? 'Could not assign.'}</Alert>
        )}
        {create.isSuccess && <Alert severity="success">Assigned. Members are told by e-mail.</Alert>}
        <Box>
          <Button
            variant="contained"
            disabled={offline || create.isPending || slugs.length === 0 || (!wholeGroup && chosen.size === 0)}
            onClick={submit}
          >
            Assign
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function AssignmentMails({ groupId, offline }: { groupId: string; offline: boolean }) {
  const mails = useAssignmentMails(groupId);
  if (!mails.data) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Automatic e-mails
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each is sent once, never after a member completed the course or left the group. {'{group}'} and{' '}
        {'{member}'} are replaced by the names.
      </Typography>
      {mails.data.map((m) => (
        <MailSetting key={m.kind} groupId={groupId} setting={m} offline={offline} />
      ))}
    </Box>
  );
}

function MailSetting({
  groupId,
  setting,
  offline,
}: {
  groupId: string;
  setting: AssignmentMailSetting;
  offline: boolean;
}) {
  const update = useUpdateAssignmentMail(groupId);
  const [subject, setSubject] = useState(setting.subject);
  const [intro, setIntro] = useState(setting.intro);
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1, borderRadius: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          control={
            <Switch
              checked={setting.enabled}
              disabled={offline || update.isPending}
              onChange={(e) => update.mutate({ kind: setting.kind, enabled: e.target.checked })}
            />
          }
          label={setting.label}
        />
        <Button size="small" onClick={() => setOpen(!open)}>
          {open ? 'Close' : 'Edit text'}
        </Button>
      </Stack>
      {open && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextField
            size="small"
            label="First paragraph"
            multiline
            minRows={2}
            value={intro}
            onChange={(e) => setIntro(e.target.value)}
          />
          {update.isError && (
            <Alert severity="error">{errorMessage(update.error) ?? 'Could not save.'}</Alert>
          )}
          <Box>
            <Button
              variant="outlined"
              size="small"
              disabled={offline || update.isPending}
              onClick={() => update.mutate({ kind: setting.kind, enabled: setting.enabled, subject, intro })}
            >
              Save
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
