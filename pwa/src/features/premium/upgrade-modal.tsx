import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defaultPlanType, plans, planTypes, premiumMessages, type Plan, type PlanType } from '@pd/domain';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useToast } from '../../components/toast-provider';
import { recordEvent } from '../../offline/record-event';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { describeCheckoutFailure } from './premium-errors';

export interface UpgradeModalProps {
  open: boolean;
  onClose: () => void;
}

/** 'Choose Your Premium Plan' (spec sections 2, 4 and 9). Plan state resets each time it opens. */
export function UpgradeModal({ open, onClose }: UpgradeModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby="upgrade-modal-title"
      aria-describedby="upgrade-modal-description"
      maxWidth="sm"
      fullWidth
    >
      {open && <PlanChooser onClose={onClose} busy={busy} onBusyChange={setBusy} />}
    </Dialog>
  );
}

function PlanChooser({
  onClose,
  busy,
  onBusyChange,
}: {
  onClose: () => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}) {
  const [selected, setSelected] = useState<PlanType>(defaultPlanType);
  const checkout = useCreateCheckoutSession();
  const toast = useToast();
  const location = useLocation();

  const select = (planType: PlanType) => {
    setSelected(planType);
    void recordEvent('plan_selected', { planType, value: plans[planType].amount });
  };

  const upgradeNow = () => {
    const plan = plans[selected];
    onBusyChange(true);
    void recordEvent('checkout_initiated', { planType: plan.id, value: plan.amount, currency: 'USD' });
    checkout.mutate(
      // The server charges the price it has configured for the plan; priceId names the Stripe price.
      { planType: plan.id, priceId: plan.lookupKey, returnTo: location.pathname + location.search },
      {
        // The browser leaves for the checkout page: the button stays busy until it does.
        onSuccess: (url) => window.location.assign(url),
        // The modal closes so the toast is not hidden behind it (the modal hides the rest of the page
        // from assistive technology); the plan can be chosen again from any upgrade button.
        onError: (error) => {
          onBusyChange(false);
          onClose();
          const { description, reason } = describeCheckoutFailure(error);
          void recordEvent('checkout_failed', { planType: plan.id, reason });
          toast({ variant: 'error', title: premiumMessages.checkoutFailedTitle, description });
        },
      },
    );
  };

  return (
    <>
      <DialogTitle id="upgrade-modal-title" sx={{ pb: 1 }}>
        {premiumMessages.upgradeModalTitle}
      </DialogTitle>
      <DialogContent>
        <Typography id="upgrade-modal-description" color="text.secondary" sx={{ mb: 2.5 }}>
          Premium opens every course, the full Prompt Library and completion certificates.
        </Typography>
        <RadioGroup
          aria-label="Premium plan"
          name="premium-plan"
          value={selected}
          onChange={(_event, value) => select(value as PlanType)}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {planTypes.map((planType) => (
            <PlanCard key={planType} plan={plans[planType]} checked={selected === planType} />
          ))}
        </RadioGroup>
        <Stack spacing={1.5} sx={{ mt: 2.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <CheckCircleIcon fontSize="small" color="success" aria-hidden="true" sx={{ mt: '2px' }} />
            <Typography variant="body2" color="text.secondary">
              {premiumMessages.cancelAnytime}
            </Typography>
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', bgcolor: '#f5f3ff', borderRadius: 2, px: 1.5, py: 1 }}
          >
            <LocalOfferIcon fontSize="small" color="secondary" aria-hidden="true" sx={{ mt: '2px' }} />
            <Typography variant="body2">{premiumMessages.launchPromoNote}</Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={busy}>
          Maybe Later
        </Button>
        <Button variant="contained" color="secondary" onClick={upgradeNow} disabled={busy} aria-busy={busy}>
          {busy ? 'Processing...' : 'Upgrade Now'}
        </Button>
      </DialogActions>
    </>
  );
}

function PlanCard({ plan, checked }: { plan: Plan; checked: boolean }) {
  const nameId = `plan-${plan.id}-name`;
  const detailsId = `plan-${plan.id}-details`;
  return (
    <Box
      component="label"
      data-testid={`plan-${plan.id}`}
      sx={{
        position: 'relative',
        display: 'block',
        cursor: 'pointer',
        borderRadius: 3,
        border: 2,
        borderColor: checked ? 'secondary.main' : 'divider',
        bgcolor: checked ? 'action.selected' : 'background.paper',
        p: 2,
        pt: plan.popular ? 3 : 2,
        transition: 'border-color 120ms',
        '&:hover': { borderColor: checked ? 'secondary.main' : 'text.secondary' },
        '&:has(input:focus-visible)': {
          outline: '3px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      {plan.popular && (
        <Chip
          label="Most Popular"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: 16, fontWeight: 700 }}
        />
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, ml: -1 }}>
        <Radio
          value={plan.id}
          color="secondary"
          slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': detailsId } }}
        />
        <Typography id={nameId} component="span" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {plan.displayName}
        </Typography>
      </Stack>
      <Box id={detailsId}>
        <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2 }}>
          {plan.monthlyLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {plan.priceLabel}
        </Typography>
        {plan.badge && (
          <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 700, mt: 0.5 }}>
            {plan.badge}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
