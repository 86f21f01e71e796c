import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { assignmentMessages, assignmentStatusLabels, formatDueDate, paths } from '@pd/domain';
import { Link as RouterLink } from 'react-router-dom';
import { useMe } from '../../offline/get-me';
import { useMyAssignments } from './api/my-assignments';

/**
 * "Assigned by {group}, due {date}" on a course card and the course page (issue 28, part 2). Loaded
 * lazily, for licence members only: the catalogue's first load carries none of it; the teacher's
 * assignments come in one call shared by every card.
 */
export function AssignedNote({ courseSlug }: { courseSlug: string }) {
  const me = useMe();
  const mine = useMyAssignments(me.data?.licence ? me.data.id : null);
  const assignment = mine.data?.find((a) => a.course_slug === courseSlug);
  if (!assignment) return null;
  const overdue = assignment.status === 'overdue';
  return (
    <Typography
      variant="body2"
      data-testid="assigned-note"
      sx={{ fontWeight: 600, color: overdue ? 'error.main' : 'primary.main' }}
    >
      {assignmentMessages.assignedBy(assignment.group_name, assignment.due_date)}
      {overdue ? ' (overdue)' : ''}
    </Typography>
  );
}

/** "Assigned to you": the teacher's assigned courses, soonest due first (home page, licence members). */
export function AssignedList() {
  const me = useMe();
  const mine = useMyAssignments(me.data?.licence ? me.data.id : null);
  const open = mine.data?.filter((a) => a.status !== 'completed') ?? [];
  const done = (mine.data?.length ?? 0) - open.length;
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="assigned-heading" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" id="assigned-heading" sx={{ mb: 1 }}>
        Assigned to you
      </Typography>
      {open.length === 0 ? (
        <Typography color="text.secondary">You have completed every assigned course. Well done!</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {open.map((a) => (
            <li key={a.id}>
              <Link component={RouterLink} to={paths.course(a.course_slug)} sx={{ fontWeight: 600 }}>
                {a.course_title}
              </Link>{' '}
              <Typography
                component="span"
                variant="body2"
                color={a.status === 'overdue' ? 'error' : 'text.secondary'}
              >
                — {a.group_name}
                {a.due_date ? `, due ${formatDueDate(a.due_date)}` : ''} · {assignmentStatusLabels[a.status]}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {done > 0 && open.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {done} assigned {done === 1 ? 'course' : 'courses'} completed.
        </Typography>
      )}
    </Box>
  );
}

/** The one lazily loaded entry: a course's line (`courseSlug`), or the list. */
export function Assigned({ courseSlug }: { courseSlug?: string }) {
  return courseSlug ? <AssignedNote courseSlug={courseSlug} /> : <AssignedList />;
}
