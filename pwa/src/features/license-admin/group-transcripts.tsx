import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SchoolYearStart } from '@pd/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { groupTranscriptsUrl, useSaveGroupSchoolYear } from './api/group-transcripts';

/**
 * The group's PD transcripts (issue 28 part 3): one CSV of every member's courses, hours and
 * certificate ids, or one PDF per member in a zip; and the first day of the group's school year.
 */
export function GroupTranscripts({ groupId, offline }: { groupId: string; offline: boolean }) {
  const save = useSaveGroupSchoolYear(groupId);
  const [value, setValue] = useState('');
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
    <Box component="section" aria-labelledby="transcripts-heading" sx={{ my: 4 }}>
      <Typography id="transcripts-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        PD Transcripts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every member&apos;s completed courses with dates, PD hours and certificate ids, totalled per school
        year.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        {(['csv', 'zip'] as const).map((kind) => (
          <Button
            key={kind}
            component="a"
            href={groupTranscriptsUrl(groupId, kind)}
            download
            variant="outlined"
            startIcon={<DownloadIcon aria-hidden="true" />}
            disabled={offline}
          >
            {kind === 'csv' ? 'Transcripts (CSV)' : 'Transcripts (PDFs, zip)'}
          </Button>
        ))}
      </Stack>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="School year starts (MM-DD)"
            size="small"
            placeholder="07-01"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? 'For every member who has not set their own; 07-01 when unset.'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <Button type="submit" variant="outlined" disabled={offline || save.isPending}>
            Save
          </Button>
        </Stack>
        {save.isSuccess && (
          <Alert severity="success" sx={{ mt: 1 }}>
            The school year now starts on {save.data.schoolYearStart ?? '07-01'}.
          </Alert>
        )}
        {save.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(save.error)}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
