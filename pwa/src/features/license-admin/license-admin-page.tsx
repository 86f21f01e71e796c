import CloudOffIcon from '@mui/icons-material/CloudOff';
import LockIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type CourseSummary,
  groupAdminMessages,
  inviteLifetimeMs,
  licenceMessages,
  paths,
  type PublicUser,
} from '@pd/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { QueryStatus } from '../../components/query-status';
import { useOnline } from '../../lib/use-online';
import { usePageTitle } from '../../lib/use-page-title';
import { useCatalogue } from '../../offline/catalogue';
import { useMe } from '../../offline/get-me';
import { membersCsvUrl } from './api/group-members';
import { useOneGroup } from './api/group-admin';
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
// Who manages the group and its activity (issue 28, parts 1 and 4): their own chunks too.
const GroupManagement = lazy(() =>
  import('./group-management').then((m) => ({ default: m.GroupManagement })),
);
const GroupActivity = lazy(() => import('./group-activity').then((m) => ({ default: m.GroupActivity })));

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
  // Issue 28: `?group=` picks one of the admin's groups, or (the super admin) any group.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('group');
  const superadmin = user.role === 'superadmin';
  const groups = useMyGroups(user.id);
  const one = useOneGroup(user.id, superadmin ? chosen : null);
  const mine = groups.data?.data ?? [];
  const group = superadmin ? one.data : (mine.find((g) => g.id === chosen) ?? mine[0]);
  const catalogue = useCatalogue();
  const fromDevice = !superadmin && Boolean(groups.data?.fromDevice);
  const offline = !online || fromDevice;
  useRefetchWhenBack(user.id, fromDevice);

  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1, fontSize: { xs: 30, sm: 40 } }}>
        License Management
      </Typography>
      {superadmin && (
        <Button component={RouterLink} to={paths.admin()} size="small" sx={{ mb: 1 }}>
          {groupAdminMessages.backToDashboard}
        </Button>
      )}
      {group && mine.length < 2 && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {group.name}
        </Typography>
      )}
      {group && !superadmin && mine.length > 1 && (
        <TextField
          select
          size="small"
          label="License group"
          value={group.id}
          onChange={(e) => setParams({ group: e.target.value })}
          // A long group name is cut short with an ellipsis: the field is never wider than the screen.
          sx={{ mb: 3, minWidth: { sm: 280 }, maxWidth: '100%' }}
        >
          {mine.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {group && group.live === false && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {group.status === 'suspended'
            ? 'This group is suspended: its members have no premium access through it.'
            : `This group's term ${group.ends_on ? `ended on ${group.ends_on}` : 'has not started'}: its members have no premium access through it.`}
        </Alert>
      )}
      {offline && groups.data && (
        <Alert severity="info" icon={<CloudOffIcon />} sx={{ mb: 3 }}>
          <AlertTitle>You are offline</AlertTitle>
          Showing the data loaded {ageOf(groups.data.fetchedAt)}. Sending, resending and revoking invitations
          need a connection.
        </Alert>
      )}
      {superadmin ? (
        <QueryStatus query={one} subject="the license group" />
      ) : (
        <QueryStatus query={groups} subject="your license group" />
      )}
      {superadmin && !chosen && (
        <Alert severity="info">Open a group from the admin dashboard's License Groups.</Alert>
      )}
      {!superadmin && groups.data && !group && (
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
          {!superadmin && <InviteForm group={group} offline={offline} />}
          {!superadmin && (
            <Suspense fallback={null}>
              <DistrictOnboarding group={group} offline={offline} />
            </Suspense>
          )}
          <InvitationHistory invites={group.invites} offline={offline} />
          <MemberProgress
            userId={user.id}
            courses={catalogue.data ?? []}
            groupId={group.id}
            csvUrl={membersCsvUrl(group.id)}
            offline={offline}
          />
          {renderAssignments?.({ groupId: group.id, courses: catalogue.data ?? [], offline })}
          <Suspense fallback={null}>
            <GroupManagement group={group} superadmin={superadmin} offline={offline} />
            {online && <GroupActivity userId={user.id} groupId={group.id} />}
          </Suspense>
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
  // The super admin opens any group's page too (issue 28), with `?group=`.
  if (me.data?.role !== 'license_admin' && me.data?.role !== 'superadmin') return <AccessDenied />;
  return <LicenseAdmin user={me.data} renderAssignments={renderAssignments} />;
}
