import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  brand,
  defaultSuccessPlanType,
  paths,
  paymentProviderNames,
  plans,
  PlanType,
  premiumMessages,
} from '@pd/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useToast } from '../../components/toast-provider';
import { ApiError, errorMessage } from '../../lib/api-client';
import { meKeys } from '../../offline/get-me';
import { usePageTitle } from '../../lib/use-page-title';
import { recordEvent, recordMoment } from '../../offline/record-event';
import { useCheckoutSession } from './api/get-checkout-session';
import { premiumKeys } from './api/premium-keys';
import { celebrate } from '../../components/confetti';
import { BenefitsBox } from '../../components/benefits-box';

/** The four benefits of the success page (spec section 2). */
export const paymentSuccessBenefits = [
  'All AI literacy courses',
  'Advanced implementation strategies',
  'Ethics and bias training',
  'Completion certificates',
] as const;

/** How long the page polls for a late webhook before it says the payment is still pending. */
export const confirmTimings = { waitMs: 8000, pollMs: 1000 } as const;

type ConfirmState = 'confirming' | 'confirmed' | 'pending' | 'notCompleted' | 'failed' | 'noSession';

/** /payment-success?session_id=&plan_type= (default quarterly): confirms the session with the api. */
export function PaymentSuccessPage({
  timings = confirmTimings,
}: { timings?: { waitMs: number; pollMs: number } } = {}) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const queryPlan = PlanType.safeParse(params.get('plan_type')).data ?? defaultSuccessPlanType;
  const [waiting, setWaiting] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const session = useCheckoutSession(sessionId, { poll: waiting, pollMs: timings.pollMs });
  const queryClient = useQueryClient();
  const toast = useToast();
  const celebrated = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), timings.waitMs);
    return () => clearTimeout(timer);
  }, [attempt, timings.waitMs]);

  const data = session.data;
  const planType = data?.planType ?? queryPlan;
  // The provider that holds the session (demo mode is not Stripe); unknown until the api answers.
  const provider = data ? paymentProviderNames[data.provider] : 'the payment provider';
  const Provider = provider.charAt(0).toUpperCase() + provider.slice(1);
  const state: ConfirmState = !sessionId
    ? 'noSession'
    : data?.premium
      ? 'confirmed'
      : session.isError && (!waiting || isDefinitive(session.error))
        ? 'failed'
        : waiting || !data
          ? 'confirming'
          : data.status === 'open' || data.status === 'expired'
            ? 'notCompleted'
            : 'pending';

  usePageTitle(state === 'confirmed' ? 'Payment Successful' : 'Confirming your payment');

  useEffect(() => {
    if (state !== 'confirmed' || celebrated.current) return;
    celebrated.current = true;
    void queryClient.invalidateQueries({ queryKey: meKeys.all });
    void queryClient.invalidateQueries({ queryKey: premiumKeys.subscription() });
    toast({
      variant: 'success',
      title: premiumMessages.paymentSuccessful,
      description: 'Welcome to Premium! Every course is now open to you.',
    });
    if (firstConfirmation(sessionId)) {
      // What was charged after any promotion code (decision 041); the catalogue price if not told.
      const charged = data?.amountCharged ?? plans[planType].amount;
      void recordEvent('payment_success', { planType, value: charged, currency: 'USD', sessionId });
      void recordMoment((m) => m.recordPurchase(planType, charged));
    }
  }, [state, planType, sessionId, queryClient, toast, data?.amountCharged]);

  useEffect(() => (state === 'confirmed' ? celebrate() : undefined), [state]);

  const checkAgain = () => {
    setWaiting(true);
    setAttempt((n) => n + 1);
    void session.refetch();
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 560, p: { xs: 2.5, sm: 4 }, borderRadius: 3, textAlign: 'center' }}
      >
        <Box role="status" aria-live="polite">
          {state === 'confirming' && (
            <StateHeader
              icon={<CircularProgress size={48} aria-hidden="true" />}
              title="Confirming your payment..."
            >
              We are checking your payment. This takes a few seconds.
            </StateHeader>
          )}
          {state === 'confirmed' && (
            <StateHeader
              icon={<CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden="true" />}
              title="Payment Successful"
            >
              Welcome to Premium! Your {plans[planType].displayName.toLowerCase()} plan is active.
            </StateHeader>
          )}
          {state === 'pending' && (
            <StateHeader
              icon={<HourglassTopIcon color="warning" sx={{ fontSize: 64 }} aria-hidden="true" />}
              title="Your payment is still pending"
            >
              {Provider} has not confirmed your payment yet. Premium opens as soon as it does, usually within
              a minute: you do not need to pay again.
            </StateHeader>
          )}
          {state === 'notCompleted' && (
            <StateHeader
              icon={<ErrorOutlineIcon color="warning" sx={{ fontSize: 64 }} aria-hidden="true" />}
              title="Payment not completed"
            >
              This checkout was not completed, so no payment was taken. You can choose a plan again from
              Upgrade to Premium.
            </StateHeader>
          )}
          {state === 'failed' && (
            <StateHeader
              icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} aria-hidden="true" />}
              title="We could not confirm your payment"
            >
              {errorMessage(session.error) ?? 'The payment status could not be loaded.'} If you paid, Premium
              opens as soon as {provider} confirms it.
            </StateHeader>
          )}
          {state === 'noSession' && (
            <StateHeader
              icon={<ErrorOutlineIcon color="warning" sx={{ fontSize: 64 }} aria-hidden="true" />}
              title="No payment to confirm"
            >
              This link does not name a checkout session. If you paid, Premium opens as soon as {provider}{' '}
              confirms it.
            </StateHeader>
          )}
        </Box>

        {state === 'confirmed' && (
          <BenefitsBox title="Your Premium Benefits" benefits={paymentSuccessBenefits} textAlign="left" />
        )}

        <Stack spacing={1.5} sx={{ mt: 3 }}>
          {(state === 'pending' || state === 'failed') && (
            <Button variant="outlined" size="large" onClick={checkAgain}>
              Check again
            </Button>
          )}
          <Button variant="contained" size="large" component={RouterLink} to={paths.home()}>
            Start Learning
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          Questions about your subscription? Contact us at{' '}
          <Link href={`mailto:${brand.supportEmail}`} underline="always">
            {brand.supportEmail}
          </Link>
          .
        </Typography>
      </Paper>
    </Box>
  );
}

/** True the first time a session is confirmed in this tab (a reload does not count the sale twice). */
function firstConfirmation(sessionId: string): boolean {
  const key = `payment-success:${sessionId}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage unavailable: record it; a duplicate is better than a lost sale.
  }
  return true;
}

/** A 4xx answer (not signed in, not your session, unknown session) will not change by waiting. */
function isDefinitive(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

function StateHeader({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      {icon}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{children}</Typography>
    </Stack>
  );
}
