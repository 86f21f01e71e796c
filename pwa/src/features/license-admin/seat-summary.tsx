import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type AdminLicenseGroup, seatCounts, usageLabels, usageLevel, usagePercent } from '@pd/domain';

const barColour = { full: 'error', high: 'warning', available: 'success' } as const;

/**
 * The four tiles and the usage bar (spec sections 2 and 4). The bar counts the seats members hold
 * and those pending invitations hold, and says so ('21 used + 9 pending'), so that 'Used 21' and a
 * full bar do not seem to disagree.
 */
export function SeatSummary({ group }: { group: AdminLicenseGroup }) {
  const seats = seatCounts(group.license_count, group.licenses_used, group.licenses_pending);
  const percent = usagePercent(seats);
  const level = usageLevel(percent);
  const tiles = [
    ['Total Licenses', seats.total],
    ['Used', seats.used],
    ['Available', seats.available],
    ['Pending Invites', seats.pending],
  ] as const;
  return (
    <Box component="section" aria-label="License usage" sx={{ mb: 4 }}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {tiles.map(([label, value]) => (
          <Paper component="li" key={label} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {usageLabels[level]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {seats.used} used + {seats.pending} pending of {seats.total} · {percent}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, percent)}
        color={barColour[level]}
        aria-label={`License usage: ${percent}%, ${usageLabels[level]}`}
        sx={{ height: 10, borderRadius: 5, bgcolor: 'grey.200' }}
      />
    </Box>
  );
}
