import InsightsIcon from '@mui/icons-material/Insights';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { paths, type PublicUser } from '@pd/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AccessDeniedHome } from '../../components/access-denied';
import { LoadingScreen } from '../../components/loading-screen';
import { useOnline } from '../../lib/use-online';
import { usePageTitle } from '../../lib/use-page-title';
import { useMe } from '../../offline/get-me';
import { ActivityLog } from './activity-log';
import { CreateGroupButton } from './create-group-dialog';
import { LicenseGroupsTable } from './license-groups-table';
import { UsersTable } from './users-table';

/** The dashboard's tabs. Usage analytics is its own page (/admin/analytics), linked from the header. */
const tabs = [
  { id: 'users', label: 'Users' },
  { id: 'groups', label: 'License Groups' },
  { id: 'activity', label: 'Activity' },
] as const;
type TabId = (typeof tabs)[number]['id'];

function Dashboard({ user }: { user: PublicUser }) {
  const online = useOnline();
  const [tab, setTab] = useState<TabId>('users');
  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 1280, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, sm: 40 } }}>
            Super Admin Dashboard
          </Typography>
          <Typography color="text.secondary">Users, roles and license groups.</Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          <CreateGroupButton />
          <Button
            component={RouterLink}
            to={paths.adminAnalytics()}
            variant="outlined"
            startIcon={<InsightsIcon aria-hidden="true" />}
          >
            Analytics
          </Button>
          <Button component={RouterLink} to={paths.home()} startIcon={<ArrowBackIcon aria-hidden="true" />}>
            Back to Courses
          </Button>
        </Stack>
      </Stack>
      {!online && (
        <Alert severity="info" icon={<CloudOffIcon />} sx={{ mb: 3 }}>
          <AlertTitle>You are offline</AlertTitle>
          The Super Admin Dashboard shows live data only. Reconnect to load users and license groups and to
          make changes.
        </Alert>
      )}
      <Card variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, value: TabId) => setTab(value)}
          aria-label="Dashboard sections"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          {tabs.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`admin-tab-${t.id}`}
              aria-controls={`admin-panel-${t.id}`}
            />
          ))}
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`admin-panel-${tab}`}
          aria-labelledby={`admin-tab-${tab}`}
          sx={{ overflowX: 'hidden' }}
        >
          {tab === 'users' && <UsersTable meId={user.id} />}
          {tab === 'groups' && <LicenseGroupsTable />}
          {tab === 'activity' && <ActivityLog />}
        </CardContent>
      </Card>
    </Box>
  );
}

/** /admin: the Super Admin Dashboard (spec section 2, issue 14), for superadmins only. */
export function AdminPage() {
  usePageTitle('Super Admin Dashboard');
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.data?.role !== 'superadmin') return <AccessDeniedHome />;
  return <Dashboard user={me.data} />;
}
