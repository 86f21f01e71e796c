import CancelIcon from '@mui/icons-material/Cancel';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths, providerIdsLine } from '@pd/domain';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { QueryStatus } from '../../components/query-status';
import { usePageTitle } from '../../lib/use-page-title';
import { useTranscriptVerification } from './api/transcript';
import { formatDay, TranscriptYears } from './transcript-years';

/** /transcripts/verify/:id: the public page the transcript's QR code opens (issue 28 part 3). */
export function TranscriptVerifyPage() {
  usePageTitle('Transcript Verification');
  const { id = '' } = useParams();
  const verification = useTranscriptVerification(id);
  const data = verification.data;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 880, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Transcript Verification
        </Typography>
        <QueryStatus query={verification} subject="the transcript" />
        {data?.valid === true && (
          <>
            <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', mb: 3 }}>
              <VerifiedIcon sx={{ color: 'success.main', fontSize: 32 }} aria-hidden="true" />
              <Box>
                <Typography sx={{ fontWeight: 800, color: 'success.main' }}>Valid transcript</Typography>
                <Typography variant="body2" color="text.secondary">
                  Issued by {data.provider.name}
                  {data.provider.ids.length > 0 && ` (${providerIdsLine(data.provider)})`} on{' '}
                  {formatDay(data.issuedAt, 'UTC')} to <bdi>{data.teacherName}</bdi>. Transcript ID {data.id}.
                </Typography>
              </Box>
            </Stack>
            <TranscriptYears
              years={data.years}
              courses={data.courses}
              totalPdHours={data.totalPdHours}
              timeZone={data.timeZone}
            />
          </>
        )}
        {data?.valid === false && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }} role="status">
            <CancelIcon color="error" aria-hidden="true" sx={{ mt: 0.25 }} />
            <Box>
              <Typography sx={{ fontWeight: 700 }}>Not a valid transcript</Typography>
              <Typography color="text.secondary">We could not find a transcript with this ID.</Typography>
            </Box>
          </Stack>
        )}
        <Link component={RouterLink} to={paths.home()} sx={{ display: 'inline-block', mt: 4 }}>
          Go to the course catalogue
        </Link>
      </Paper>
    </Box>
  );
}
