import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@pd/domain';
import { useOpenAuthDialog } from '../../components/auth-dialog-context';
import { NarrowPage } from '../../components/narrow-page';
import { meKeys, useMe } from '../../offline/get-me';

/** The skeleton the guard shows while it finds out who is signed in. */
export function CoursePageSkeleton() {
  return (
    <Box role="status" aria-label="Loading" sx={{ py: { xs: 2, sm: 4 } }}>
      <Skeleton variant="text" width={160} height={32} />
      <Skeleton variant="rounded" height={220} sx={{ my: 2, borderRadius: 3 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    </Box>
  );
}

/**
 * The guard of spec section 2 (requireAuth): a skeleton while loading; for a signed-out visitor a
 * 'Back to Home' link and the sign-up form (the shared auth dialog, which switches to log-in). Once
 * the visitor signs in or signs up, the user is fetched again and the page renders for them.
 */
export function RequireSignIn({
  children,
  courseTitle,
  isPremium = false,
}: {
  children: ReactNode;
  courseTitle?: string;
  /** A premium course: the prompt says a free account is not enough to open it (issue 16). */
  isPremium?: boolean;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  const openAuthDialog = useOpenAuthDialog();
  const signedOut = me.data === null || me.isError;
  const opened = useRef(false);

  useEffect(() => {
    if (!signedOut || opened.current) return;
    opened.current = true;
    openAuthDialog('signUp');
  }, [signedOut, openAuthDialog]);

  // Signing up does not refresh the current user by itself: any successful call made while signed
  // out on this page (log-in or sign-up) fetches it again, which renders the page for the new user.
  useEffect(() => {
    if (!signedOut) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') {
        void queryClient.invalidateQueries({ queryKey: meKeys.all });
      }
    });
  }, [signedOut, queryClient]);

  if (me.isPending) return <CoursePageSkeleton />;
  if (!signedOut) return <>{children}</>;

  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <Link
        component={RouterLink}
        to={paths.home()}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back to Home
      </Link>
      <NarrowPage>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          Sign up to start this course
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {isPremium
            ? `${courseTitle ? `"${courseTitle}" is` : 'This is'} a premium course: it opens with a Premium subscription or your school's group licence. Sign in, or create a free account and then upgrade to Premium.`
            : `${courseTitle ? `"${courseTitle}" is` : 'Our courses are'} open to signed-in teachers. Create a free account, or sign in if you already have one, and your progress is saved as you learn.`}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            size="large"
            onClick={() => openAuthDialog('signUp')}
            aria-haspopup="dialog"
          >
            Create Account
          </Button>
          <Button
            variant="outlined"
            size="large"
            onClick={() => openAuthDialog('signIn')}
            aria-haspopup="dialog"
          >
            Sign In
          </Button>
        </Stack>
      </NarrowPage>
    </Box>
  );
}
