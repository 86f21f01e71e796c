import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contentErrorCodes, paths, templateMessages } from '@pd/domain';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { usePremiumActions } from '../../components/premium-actions-context';
import { QueryStatus } from '../../components/query-status';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../offline/get-me';
import { usePageTitle } from '../../lib/use-page-title';
import { useTemplate } from './api/get-templates';
import { templateDownloadUrl } from './api/template-download';
import { TemplateBody } from './template-body';

/** Printing a template: only the template, black on white (no header, footer, buttons or banners). */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, footer, nav, [data-no-print]': { display: 'none !important' },
        'html, body': { background: '#fff !important', color: '#000 !important' },
        '[data-template-sheet]': {
          border: 'none !important',
          boxShadow: 'none !important',
          padding: '0 !important',
          color: '#000 !important',
          background: '#fff !important',
        },
        '[data-template-sheet] th, [data-template-sheet] td': { borderColor: '#000 !important' },
      },
    }}
  />
);

/** `/templates/:slug`: a template to read, print and download (premium, license_admin, superadmin). */
export function TemplatePage() {
  const { slug = '' } = useParams();
  const me = useMe();
  const template = useTemplate(slug);
  const premium = usePremiumActions();
  usePageTitle(template.data ? `${template.data.title} | Templates` : 'Templates');

  if (me.isPending) return <LoadingScreen />;
  if (!me.data) {
    return (
      <Alert severity="info" sx={{ my: 4 }}>
        Sign in to open the templates.
      </Alert>
    );
  }
  const error = template.error;
  if (error instanceof ApiError && error.status === 403 && error.code === contentErrorCodes.premiumRequired) {
    return (
      <Paper variant="outlined" sx={{ my: 4, p: { xs: 3, sm: 4 }, maxWidth: 640, textAlign: 'center' }}>
        <LockIcon color="warning" sx={{ fontSize: 40 }} aria-hidden="true" />
        <Typography variant="h4" component="h1" sx={{ my: 1 }}>
          Premium Template
        </Typography>
        <Typography sx={{ mb: 3 }}>{error.serverMessage}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={premium.onUpgrade}>
            Upgrade to Premium
          </Button>
          <Button component={RouterLink} to={paths.templates()} variant="outlined">
            All templates
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Box sx={{ my: 4 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {templateMessages.notFound}
        </Typography>
        <Link component={RouterLink} to={paths.templates()}>
          All templates
        </Link>
      </Box>
    );
  }
  if (!template.data) return <QueryStatus query={template} subject="the template" />;

  const { title, description, markdown } = template.data;
  return (
    <Box sx={{ py: { xs: 2, sm: 3 }, maxWidth: 900 }}>
      {printStyles}
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }} data-no-print>
        <Link component={RouterLink} to={paths.home()} color="inherit">
          Home
        </Link>
        <Link component={RouterLink} to={paths.templates()} color="inherit">
          Templates
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </Breadcrumbs>
      <Stack direction="row" spacing={1.5} sx={{ mb: 3, flexWrap: 'wrap' }} data-no-print>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          href={templateDownloadUrl(slug)}
          download={`${slug}.html`}
        >
          Download
        </Button>
      </Stack>
      <Paper variant="outlined" data-template-sheet="" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
        <TemplateBody markdown={markdown} />
      </Paper>
      <Alert severity="info" sx={{ mt: 3 }} data-no-print>
        <AlertTitle>Printing</AlertTitle>
        The printout holds only the template, black on white. The downloaded file opens in any browser and
        prints the same way.
      </Alert>
    </Box>
  );
}
