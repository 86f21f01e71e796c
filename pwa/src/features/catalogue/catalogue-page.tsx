import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  accountNotices,
  membershipNotice,
  paths,
  roleLabels,
  viewerHasPremium,
  type PublicUser,
} from '@pd/domain';
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { usePremiumActions } from '../../components/premium-actions-context';
import { QueryStatus } from '../../components/query-status';
import { useToast } from '../../components/toast-provider';
import { useMe } from '../../offline/get-me';
import { usePageTitle } from '../../lib/use-page-title';
import { useCatalogue } from '../../offline/catalogue';
import { useAllProgress } from '../../offline/catalogue-progress';
import { CourseCard } from './course-card';

/**
 * A free teacher without premium access sees the Premium offer below instead on a phone (issue 16);
 * everyone else, a licence member included (issue 26), keeps the welcome at every width.
 */
export function welcomeHiddenOnPhone(user: PublicUser | null | undefined): boolean {
  return user?.role === 'free' && !viewerHasPremium(user);
}

function bannerText(user: PublicUser | null | undefined): string {
  if (!user) return 'Sign in or create a free account to start learning and keep track of your progress.';
  switch (user.role) {
    case 'free':
      if (viewerHasPremium(user))
        return `Welcome back, ${user.name}! Your school's licence (${user.licence?.groupName}) gives you Premium access to every course.`;
      // Issue 28: a seat whose group's term ended or that is suspended says so.
      if (membershipNotice(user.licence))
        return `${membershipNotice(user.licence)} Free courses stay open to you.`;
      return `Welcome, ${user.name}! You are on the Free plan: free courses are open to you, and premium courses come with an upgrade.`;
    case 'premium':
      return `Welcome back, ${user.name}! Your Premium access opens every course.`;
    case 'license_admin':
      return `Welcome back, ${user.name}! As ${roleLabels.license_admin} you have Premium access and can invite your teachers.`;
    case 'superadmin':
      return `Welcome back, ${user.name}! You are signed in as ${roleLabels.superadmin}.`;
  }
}

export interface CataloguePageProps {
  /** Composed in by the routes under the role banner: the premium promo / subscription notice. */
  roleBanner?: ReactNode;
  /** Composed in (issue 28): a course's "Assigned by {group}, due {date}" line, for licence members. */
  renderCourseNote?: (courseSlug: string) => ReactNode;
}

/** Home: role banner, the catalogue heading and the grid of course cards (spec sections 2 and 4). */
export function CataloguePage({ roleBanner, renderCourseNote }: CataloguePageProps = {}) {
  usePageTitle('');
  const me = useMe();
  const toast = useToast();
  const catalogue = useCatalogue();
  // The grid is drawn in the background, in small pieces (a deferred render yields to the browser),
  // not in one long task when the courses or the progress arrive.
  const courses = useDeferredValue(catalogue.data);
  const user = useDeferredValue(me.data);
  const progress = useDeferredValue(useAllProgress());
  const { onUpgrade } = usePremiumActions();
  const [params, setParams] = useSearchParams();
  const verifiedShown = useRef(false);

  useEffect(() => {
    if (params.get('verified') !== '1' || verifiedShown.current) return;
    verifiedShown.current = true;
    toast({
      variant: 'success',
      title: accountNotices.emailVerified,
      description: accountNotices.emailVerifiedText,
    });
    const next = new URLSearchParams(params);
    next.delete('verified');
    setParams(next, { replace: true });
  }, [params, setParams, toast]);

  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <Alert
        severity="info"
        variant="outlined"
        data-testid="welcome-banner"
        sx={{
          mb: 4,
          bgcolor: 'background.paper',
          // A free teacher's role banner is the Premium offer below: on a phone it is the one banner
          // above the first course (issue 16); the welcome says the same in other words.
          display: welcomeHiddenOnPhone(user) ? { xs: 'none', sm: 'flex' } : undefined,
        }}
      >
        {bannerText(user)}
        {user?.role === 'license_admin' && (
          <>
            {' '}
            <Link component={RouterLink} to={paths.licenseAdmin()} sx={{ fontWeight: 600 }}>
              Go to License Management
            </Link>
          </>
        )}
      </Alert>
      {roleBanner}
      <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
        Available Courses
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 720, fontSize: '1.125rem', mb: 4 }}>
        Explore our professional development courses designed to enhance your skills and knowledge.
      </Typography>
      <QueryStatus query={catalogue} subject="the courses" />
      {courses && (
        <Box
          component="ul"
          aria-label="Courses"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {courses.map((course) => (
            <Box component="li" key={course.slug} sx={{ minWidth: 0 }}>
              <CourseCard
                course={course}
                completedModules={progress[course.slug] ?? []}
                viewer={user}
                onUpgrade={onUpgrade}
                note={renderCourseNote?.(course.slug)}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
