import EventIcon from '@mui/icons-material/Event';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { usePremiumActions } from '../../components/premium-actions-context';
import { useSubscription } from './api/get-subscription';

/** 'May 12, 2026' */
function formatPeriodEnd(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Premium until <date>' on the home page when a subscription is set to end. */
export function SubscriptionEndNotice() {
  const subscription = useSubscription(true);
  const { onManageSubscription } = usePremiumActions();
  const data = subscription.data;
  if (!data?.cancelAtPeriodEnd || !data.currentPeriodEnd) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      icon={<EventIcon />}
      sx={{ mb: 4, bgcolor: 'background.paper' }}
      action={
        <Button color="inherit" size="small" onClick={onManageSubscription}>
          Manage Subscription
        </Button>
      }
    >
      <AlertTitle>Premium until {formatPeriodEnd(data.currentPeriodEnd)}</AlertTitle>
      Your subscription will not renew. You keep every premium course until then, and you can renew at any
      time from Manage Subscription.
    </Alert>
  );
}
