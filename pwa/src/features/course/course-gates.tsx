import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ConstructionIcon from '@mui/icons-material/Construction';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brand, contentMessages, paths, premiumRequiredMessage } from '@pd/domain';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { NarrowPage } from '../../components/narrow-page';
import { usePremiumActions } from '../../components/premium-actions-context';
import { BenefitsBox } from '../../components/benefits-box';
import { useRecordOnMount } from '../../offline/record-event';

export function BackToCourses() {
  return (
    <Link
      component={RouterLink}
      to={paths.home()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, py: 0.5 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      Back to Courses
    </Link>
  );
}

export const premiumBenefits = [
  'Access to all advanced courses',
  'Priority support',
  'Exclusive resources and templates',
  'Certificate of completion',
] as const;

/** The premium-course gate of spec section 2. */
export function PremiumWall({ courseTitle }: { courseTitle: string }) {
  const { onUpgrade } = usePremiumActions();
  const { courseSlug } = useParams();
  // Spec section 2: the gate records course_access_prompt with the course title when shown.
  useRecordOnMount(
    'course_access_prompt',
    { courseTitle, ...(courseSlug ? { courseSlug } : {}) },
    courseTitle,
  );
  useRecordOnMount(
    'upgrade_prompt_viewed',
    { placement: 'premium_wall', ...(courseSlug ? { courseSlug } : {}) },
    courseTitle,
  );

  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <BackToCourses />
      <NarrowPage>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <WorkspacePremiumIcon sx={{ fontSize: 56, color: 'secondary.main' }} aria-hidden="true" />
          <Typography variant="h4" component="h1">
            Premium Course
          </Typography>
          <Typography color="text.secondary">{premiumRequiredMessage(courseTitle)}</Typography>
        </Stack>
        <BenefitsBox title="Premium Benefits" benefits={premiumBenefits} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<WorkspacePremiumIcon />}
            onClick={onUpgrade}
            sx={{ flex: 1 }}
          >
            Upgrade to Premium
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<MailOutlineIcon />}
            href={`mailto:${brand.supportEmail}`}
            sx={{ flex: 1 }}
          >
            Contact Administrator
          </Button>
        </Stack>
      </NarrowPage>
    </Box>
  );
}

/** A coming-soon course opened by anyone but a superadmin. */
export function ComingSoonNotice({ courseTitle }: { courseTitle: string }) {
  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <BackToCourses />
      <NarrowPage>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ConstructionIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden="true" />
          <Typography variant="h4" component="h1">
            {courseTitle}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>Coming Soon</Typography>
          <Typography color="text.secondary">{contentMessages.comingSoon}.</Typography>
        </Stack>
      </NarrowPage>
    </Box>
  );
}

export function CourseNotFound() {
  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <BackToCourses />
      <NarrowPage>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {contentMessages.courseNotFound}
        </Typography>
        <Typography color="text.secondary">
          We couldn't find a course at this address. It may have moved; the catalogue lists every course.
        </Typography>
        <Button component={RouterLink} to={paths.home()} variant="contained" sx={{ mt: 3 }}>
          Browse Courses
        </Button>
      </NarrowPage>
    </Box>
  );
}
