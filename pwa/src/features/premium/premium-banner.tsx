import CloseIcon from '@mui/icons-material/Close';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canManageSubscription, launchPromotion, viewerHasPremium } from '@pd/domain';
import { lazy, Suspense, useState } from 'react';
import { usePremiumActions } from '../../components/premium-actions-context';
import { useMe } from '../../offline/get-me';
import { recordEvent, useRecordOnMount } from '../../offline/record-event';

// Premium roles only: loaded on demand with its subscription call (and that call's zod schema).
const SubscriptionEndNotice = lazy(() =>
  import('./subscription-end-notice').then((m) => ({ default: m.SubscriptionEndNotice })),
);

/**
 * The premium part of the home page's role banner: the dismissible promo for role free
 * (spec section 4, not persisted), or 'Premium until <date>' when a subscription is set to end.
 */
export function PremiumBanner() {
  const me = useMe();
  const user = me.data;
  if (user && !viewerHasPremium(user)) return <PromoBanner />;
  if (canManageSubscription(user)) {
    return (
      <Suspense fallback={null}>
        <SubscriptionEndNotice />
      </Suspense>
    );
  }
  return null;
}

export function PromoBanner() {
  const [dismissed, setDismissed] = useState(false);
  const { onUpgrade } = usePremiumActions();
  useRecordOnMount('upgrade_prompt_viewed', { placement: 'promo_banner' });
  if (dismissed) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="promo-banner-title"
      elevation={0}
      sx={{
        position: 'relative',
        mb: 4,
        p: { xs: 2, sm: 3 },
        pr: { xs: 6, sm: 7 },
        borderRadius: 3,
        color: 'common.white',
        background: 'linear-gradient(135deg, #5b21b6 0%, #1d4ed8 100%)',
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="promo-banner-title" variant="h6" component="h2">
            Unlock every course with Premium
          </Typography>
          <Typography sx={{ opacity: 0.95 }}>
            Premium courses, the full Prompt Library and completion certificates. Use code{' '}
            <strong>{launchPromotion.code}</strong> for {launchPromotion.percentOff}% off your first payment.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<WorkspacePremiumIcon />}
          onClick={onUpgrade}
          sx={{
            alignSelf: { xs: 'flex-start', md: 'center' },
            bgcolor: 'common.white',
            color: 'secondary.main',
            whiteSpace: 'nowrap',
            '&:hover': { bgcolor: 'grey.100' },
          }}
        >
          Upgrade to Premium
        </Button>
      </Stack>
      <IconButton
        aria-label="Dismiss the Premium offer"
        onClick={() => {
          setDismissed(true);
          void recordEvent('banner_dismissed', { banner: 'promo' });
        }}
        sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white' }}
      >
        <CloseIcon />
      </IconButton>
    </Paper>
  );
}
