import CloudOffIcon from '@mui/icons-material/CloudOff';
import LockIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type CourseSummary, inviteLifetimeMs, licenceMessages, paths, type PublicUser } from '@pd/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { QueryStatus } from '../../components/query-status';
import { useOnline } from '../../lib/use-online';
import { usePageTitle } from '../../lib/use-page-title';
import { useCatalogue } from '../../offline/catalogue';
import { useMe } from '../../offline/get-me';
import { membersCsvUrl } from './api/group-members';
import { useMyGroups } from './api/my-groups';
import { useRefetchWhenBack } from './api/refetch-when-back';
import { ageOf } from './format';
import { InvitationHistory } from './invitation-history';
import { InviteForm } from './invite-form';
import { GroupTranscripts } from './group-transcripts';
import { MemberProgress } from './member-progress';
import { SeatSummary } from './seat-summary';

// Roster import, join links, reminders and delivery help (issue 27): their own chunk, after the page.
const DistrictOnboarding = lazy(() =>
  import('./district/district-onboarding').then((m) => ({ default: m.DistrictOnboarding })),
);

/** /license-admin for anyone but a license admin (spec section 2). */
function AccessDenied() {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
      <LockIcon aria-hidden="true" sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1" gutterBottom>
        {licenceMessages.accessDenied}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {licenceMessages.accessDeniedText}
      </Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained">
        {licenceMessages.returnToCourses}
      </Button>
    </Box>
  );
}

const dayMs = 24 * 60 * 60 * 1000;

/** An empty group (no members, no invitations): what to do first (issue 26). */
function FirstSteps({ seats }: { seats: number }) {
  return (
    <Alert severity="info" sx={{ mb: 4 }} role="note" aria-labelledby="first-steps-heading">
      <AlertTitle id="first-steps-heading" component="h2">
        First steps
      </AlertTitle>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        <li>Invite your teachers below: their school e-mail addresses, one per line.</li>
        <li>
          Each teacher receives an e-mail with a link to create an account (or sign in) and join your group;
          the link is valid for {inviteLifetimeMs / dayMs} days and can be sent again.
        </li>
        <li>
          Each invitation holds one of your {seats} seats while it is pending, and the teacher keeps it once
          they join. Revoke an invitation, or remove a member, to free the seat.
        </li>
      </Box>
    </Alert>
  );
}

/** The assignment view (issue 28), composed in by the route (features do not import each other). */
export type RenderAssignments = (props: {
  groupId: string;
  courses: readonly CourseSummary[];
  offline: boolean;
}) => ReactNode;

function LicenseAdmin({
  user,
  renderAssignments,
}: {
  user: PublicUser;
  renderAssignments?: RenderAssignments;
}) {
  const online = useOnline();
  const groups = useMyGroups(user.id);
  const group = groups.data?.data[0];
  const catalogue = useCatalogue();
  const fromDevice = Boolean(groups.data?.fromDevice);
  const offline = !online || fromDevice;
  useRefetchWhenBack(user.id, fromDevice);

  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1, fontSize: { xs: 30, sm: 40 } }}>
        License Management
      </Typography>
      {group && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {group.name}
        </Typography>
      )}
      {offline && groups.data && (
        <Alert severity="info" icon={<CloudOffIcon />} sx={{ mb: 3 }}>
          <AlertTitle>You are offline</AlertTitle>
          Showing the data loaded {ageOf(groups.data.fetchedAt)}. Sending, resending and revoking invitations
          need a connection.
        </Alert>
      )}
      <QueryStatus query={groups} subject="your license group" />
      {groups.data && !group && (
        <Alert severity="warning">
          <AlertTitle>{licenceMessages.noLicenseGroup}</AlertTitle>
          {licenceMessages.noLicenseGroupText}
        </Alert>
      )}
      {group && (
        <>
          <SeatSummary group={group} />
          {group.invites.length === 0 && group.licenses_used === 0 && (
            <FirstSteps seats={group.license_count} />
          )}
          <InviteForm group={group} offline={offline} />
          <Suspense fallback={null}>
            <DistrictOnboarding group={group} offline={offline} />
          </Suspense>
          <InvitationHistory invites={group.invites} offline={offline} />
          <MemberProgress
            userId={user.id}
            courses={catalogue.data ?? []}
            groupId={group.id}
            csvUrl={membersCsvUrl(group.id)}
            offline={offline}
          />
          {renderAssignments?.({ groupId: group.id, courses: catalogue.data ?? [], offline })}
          <GroupTranscripts groupId={group.id} offline={offline} />
        </>
      )}
    </Box>
  );
}

/** /license-admin: License Management (spec section 2, issue 18), for license admins only. */
export function LicenseAdminPage({ renderAssignments }: { renderAssignments?: RenderAssignments } = {}) {
  usePageTitle('License Management');
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.data?.role !== 'license_admin') return <AccessDenied />;
  return <LicenseAdmin user={me.data} renderAssignments={renderAssignments} />;
}
