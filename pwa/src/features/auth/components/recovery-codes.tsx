import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { brand } from '@pd/domain';
import { useState } from 'react';
import { useToast } from '../../../components/toast-provider';

interface RecoveryCodesProps {
  codes: string[];
  /** The account the codes are for (named in the downloaded file). */
  email: string;
  continueLabel: string;
  onContinue: () => void;
}

/** The file a teacher keeps: what the codes are for, and the codes. */
function codesFile(codes: string[], email: string): string {
  return [
    `${brand.productName}: recovery codes for ${email}`,
    'Each code signs you in once when you do not have your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown once (decision 077): copy or download them, and say they are kept
 * before going on.
 */
export function RecoveryCodes({ codes, email, continueLabel, onContinue }: RecoveryCodesProps) {
  const [saved, setSaved] = useState(false);
  const toast = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesFile(codes, email));
      toast({ variant: 'success', title: 'Recovery codes copied' });
    } catch {
      toast({
        variant: 'error',
        title: 'Could not copy',
        description: 'Select the codes and copy them by hand.',
      });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesFile(codes, email)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'ai-classroom-academy-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your
        phone or your authenticator app.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          Download
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label="I have saved my recovery codes"
      />
      <Button variant="contained" size="large" disabled={!saved} onClick={onContinue}>
        {continueLabel}
      </Button>
    </Stack>
  );
}
