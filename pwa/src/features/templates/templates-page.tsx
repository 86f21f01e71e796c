import DescriptionIcon from '@mui/icons-material/Description';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { hasPremiumAccess, paths } from '@pd/domain';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { QueryStatus } from '../../components/query-status';
import { useMe } from '../../offline/get-me';
import { usePageTitle } from '../../lib/use-page-title';
import { useTemplateList } from './api/get-templates';

/** `/templates`: the printable templates the lessons use (premium to open; listed to anyone signed in). */
export function TemplatesPage() {
  usePageTitle('Templates');
  const me = useMe();
  const list = useTemplateList();
  if (me.isPending) return <LoadingScreen />;
  const entitled = hasPremiumAccess(me.data?.role, null, me.data?.licence);
  return (
    <Box sx={{ py: { xs: 3, sm: 4 }, maxWidth: 900 }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        Templates
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, fontSize: '1.1rem' }}>
        Printable resources the lessons use: open one to print it or download it as a file.
      </Typography>
      {!me.data ? (
        <Alert severity="info">Sign in to see the templates.</Alert>
      ) : (
        <>
          {!entitled && (
            <Alert severity="info" sx={{ mb: 3 }}>
              Templates are a premium benefit: upgrade to open, print and download them.
            </Alert>
          )}
          <QueryStatus query={list} subject="the templates" />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {list.data?.map((template) => (
              <Paper component="li" key={template.slug} variant="outlined" sx={{ p: 2.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                  <DescriptionIcon color="primary" aria-hidden="true" />
                  <Typography variant="h6" component="h2">
                    <Link component={RouterLink} to={paths.template(template.slug)}>
                      {template.title}
                    </Link>
                  </Typography>
                  {!entitled && <Chip size="small" icon={<LockIcon />} label="Premium" />}
                </Box>
                <Typography color="text.secondary">{template.description}</Typography>
              </Paper>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
