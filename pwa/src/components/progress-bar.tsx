import LinearProgress from '@mui/material/LinearProgress';

/** The spec's progress bar: takes a percentage, capped at 100, green at 100. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <LinearProgress
      variant="determinate"
      value={percent}
      color={percent >= 100 ? 'success' : 'primary'}
      aria-label={label}
      sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.200' }}
    />
  );
}
