import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { paths, templatesForModule } from '@pd/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTemplateList } from './get-templates';

/** 'Templates for this module' on a module page: the templates whose `usedIn` names it. */
export function ModuleTemplates({ courseSlug, moduleId }: { courseSlug: string; moduleId: number }) {
  const list = useTemplateList();
  const headingId = useId();
  const templates = templatesForModule(list.data ?? [], courseSlug, moduleId);
  if (templates.length === 0) return null;
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ my: 3, p: { xs: 2, sm: 2.5 }, bgcolor: '#f0fdf4', borderColor: '#86efac', borderLeftWidth: 6 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <DescriptionIcon sx={{ color: '#15803d' }} aria-hidden="true" />
        <Typography id={headingId} variant="h6" component="h2">
          Templates for this module
        </Typography>
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {templates.map((template) => (
          <li key={template.slug}>
            <Link component={RouterLink} to={paths.template(template.slug)} underline="always">
              {template.title}
            </Link>
            : {template.description}
          </li>
        ))}
      </Box>
    </Paper>
  );
}
