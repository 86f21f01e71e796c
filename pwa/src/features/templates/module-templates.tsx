import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { paths, templatesForModule } from '@pd/domain';
import { Link as RouterLink } from 'react-router-dom';
import { Callout } from '../../components/callout';
import { useTemplateList } from './api/get-templates';

/** 'Templates for this module' on a module page: the templates whose `usedIn` names it. */
export function ModuleTemplates({ courseSlug, moduleId }: { courseSlug: string; moduleId: number }) {
  const list = useTemplateList();
  const templates = templatesForModule(list.data ?? [], courseSlug, moduleId);
  if (templates.length === 0) return null;
  return (
    <Callout
      component="aside"
      icon={DescriptionIcon}
      title="Templates for this module"
      colours={{ background: '#f0fdf4', border: '#86efac', icon: '#15803d' }}
    >
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
    </Callout>
  );
}
