import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPdHours, type TranscriptCourse, type TranscriptYear } from '@pd/domain';
import { TableScrollRegion } from '../../components/scroll-region';

export function formatDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
}

/** The school years with their PD hours, each with its courses (shared by the teacher's and the public page). */
export function TranscriptYears({
  years,
  courses,
  totalPdHours,
  timeZone,
}: {
  years: readonly TranscriptYear[];
  courses: readonly Omit<TranscriptCourse, 'courseSlug'>[];
  totalPdHours: number;
  timeZone: string;
}) {
  if (courses.length === 0) {
    return <Typography color="text.secondary">No completed courses yet.</Typography>;
  }
  return (
    <>
      {[...years].reverse().map((year) => (
        <Box key={year.from} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2">
            School year {year.label}: {formatPdHours(year.pdHours)}
          </Typography>
          {/* On a phone the table scrolls sideways in a region the keyboard reaches (issue 26). */}
          <TableScrollRegion label={`Courses of the school year ${year.label}`}>
            <Table size="small" aria-label={`Courses of the school year ${year.label}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Course</TableCell>
                  <TableCell>Started</TableCell>
                  <TableCell>Completed</TableCell>
                  <TableCell align="right">PD hours</TableCell>
                  <TableCell>Certificate ID</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {courses
                  .filter((c) => c.schoolYear === year.label)
                  .map((c) => (
                    <TableRow key={c.certificateId}>
                      <TableCell>{c.courseTitle}</TableCell>
                      <TableCell>{c.startedAt ? formatDay(c.startedAt, timeZone) : '—'}</TableCell>
                      <TableCell>{formatDay(c.completedAt, timeZone)}</TableCell>
                      <TableCell align="right">{c.pdHours}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
                        {c.certificateId}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
        </Box>
      ))}
      <Typography sx={{ fontWeight: 700 }}>Total: {formatPdHours(totalPdHours)}</Typography>
    </>
  );
}
