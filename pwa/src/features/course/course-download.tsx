import CloudDoneIcon from '@mui/icons-material/CloudDone';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useOnline } from '../../lib/use-online';
import { formatSize, useCourseDownload } from '../../offline/downloads';
import { recordMoment } from '../../offline/record-event';

export interface CourseDownloadProps {
  courseSlug: string;
  courseTitle: string;
  userId: string;
}

/**
 * 'Download for offline (≈ 1.2 MB)' -> a progress bar -> 'Available offline' with 'Remove download'.
 * Shown on the overview of a course the teacher may open.
 */
export function CourseDownload({ courseSlug, courseTitle, userId }: CourseDownloadProps) {
  const online = useOnline();
  const { state, estimate, error, start, remove } = useCourseDownload(courseSlug, userId, online);

  return (
    <Paper
      component="section"
      aria-labelledby="offline-heading"
      variant="outlined"
      sx={{ p: 3, borderRadius: 3 }}
      data-testid="course-download"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id="offline-heading" variant="h6" component="h2">
          Offline Use
        </Typography>
        {state.status === 'ready' && (
          <Chip
            icon={<CloudDoneIcon aria-hidden="true" />}
            label="Available offline"
            color="success"
            size="small"
          />
        )}
      </Stack>

      {state.status === 'ready' ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Every module, tip and quiz of this course works without a connection on this device (
            {formatSize(state.record.bytes)}).
          </Typography>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => void remove()}
            fullWidth
          >
            Remove download
          </Button>
        </>
      ) : state.status === 'downloading' ? (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 1 }}>
            Downloading... {state.progress.percent}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={state.progress.percent}
            aria-label={`Download progress of ${courseTitle}`}
          />
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {online
              ? 'Save this course on this device to take its modules and quizzes without a connection.'
              : 'Connect to the internet to download this course. Modules you opened stay available offline.'}
          </Typography>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            onClick={() => {
              void recordMoment((m) => m.recordFeatureDiscovered('offline_download'));
              void start();
            }}
            disabled={!online || !estimate.data || state.status !== 'none'}
            fullWidth
          >
            {estimate.data
              ? `Download for offline (${formatSize(estimate.data.totalBytes)})`
              : 'Download for offline'}
          </Button>
          {online && estimate.isError && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The download size could not be worked out. Try again later.
            </Typography>
          )}
        </>
      )}

      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
