import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paths, providerIdsLine, SchoolYearStart, type Transcript } from '@pd/domain';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { QueryStatus } from '../../components/query-status';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useMe } from '../../offline/get-me';
import { deviceTimeZone, transcriptPdfUrl, useSaveSchoolYearStart, useTranscript } from './api/transcript';
import { TranscriptYears } from './transcript-years';

const setByLabels: Record<Transcript['schoolYearStartSetBy'], string> = {
  teacher: 'set by you',
  group: 'set by your school',
  default: 'the default',
};

/** The teacher's own first day of the school year (MM-DD), or back to the school's / the default. */
function SchoolYearForm({ transcript }: { transcript: Transcript }) {
  const save = useSaveSchoolYearStart();
  const [value, setValue] = useState(transcript.teacherSchoolYearStart ?? transcript.schoolYearStart);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SchoolYearStart.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter MM-DD.');
      return;
    }
    setError(null);
    save.mutate({ schoolYearStart: parsed.data });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="School year starts (MM-DD)"
          size="small"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={Boolean(error)}
          helperText={
            error ?? `Now ${transcript.schoolYearStart}, ${setByLabels[transcript.schoolYearStartSetBy]}.`
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          Save
        </Button>
        {transcript.teacherSchoolYearStart && (
          <Button
            type="button"
            disabled={save.isPending}
            onClick={() => save.mutate({ schoolYearStart: null })}
          >
            Use my school&apos;s
          </Button>
        )}
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
    </Box>
  );
}

function TranscriptView({ transcript, timeZone }: { transcript: Transcript; timeZone: string }) {
  const ids = providerIdsLine(transcript.provider);
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Provider: {transcript.provider.name}
        {ids && ` (${ids})`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }}>
        <Button variant="contained" startIcon={<DownloadIcon />} href={transcriptPdfUrl(timeZone)} download>
          Download PDF
        </Button>
        <Link component={RouterLink} to={paths.transcriptVerify(transcript.id)} sx={{ alignSelf: 'center' }}>
          Verification page
        </Link>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        Anyone with this address can check your transcript: {transcript.verifyUrl}
      </Typography>
      <SchoolYearForm key={transcript.schoolYearStart} transcript={transcript} />
      <TranscriptYears
        years={transcript.years}
        courses={transcript.courses}
        totalPdHours={transcript.totalPdHours}
        timeZone={timeZone}
      />
    </>
  );
}

function SignedInTranscript() {
  const timeZone = deviceTimeZone();
  const transcript = useTranscript(timeZone);
  return (
    <>
      <QueryStatus query={transcript} subject="your transcript" />
      {transcript.data && <TranscriptView transcript={transcript.data} timeZone={timeZone} />}
    </>
  );
}

/** /account/transcript: the teacher's PD transcript (issue 28 part 3). */
export function TranscriptPage() {
  usePageTitle('PD transcript');
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1, fontSize: { xs: 30, sm: 40 } }}>
        PD transcript
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every course you completed, with its PD hours in quarter hours: each course&apos;s stated time, never
        more than the time from its start to its completion.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        {me.data ? <SignedInTranscript /> : <Typography>Sign in to see your transcript.</Typography>}
      </Paper>
    </Box>
  );
}
