import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromptCategoryView } from '@pd/domain';
import { useId } from 'react';
import { useOpenAuthDialog } from '../../components/auth-dialog-context';
import { usePremiumActions } from '../../components/premium-actions-context';
import { PromptCard } from './prompt-card';

/** Who is looking decides what a locked category offers: sign in, or upgrade. */
export type PromptViewer = 'anonymous' | 'free' | 'premium';

export function AccessBadge({ isPremium }: { isPremium: boolean }) {
  return isPremium ? (
    <Chip
      size="small"
      color="secondary"
      icon={<WorkspacePremiumIcon aria-hidden="true" />}
      label="Premium"
      sx={{ fontWeight: 700 }}
    />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="Free" sx={{ fontWeight: 700 }} />
  );
}

/** A collapsible category: title, Free/Premium badge, description, then its prompts. */
export function PromptCategoryPanel({
  category,
  viewer,
  defaultExpanded,
}: {
  category: PromptCategoryView;
  viewer: PromptViewer;
  defaultExpanded: boolean;
}) {
  const id = useId();
  const locked = category.prompts.some((prompt) => prompt.locked);
  const count = category.prompts.length;

  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ borderRadius: 3, overflow: 'hidden', '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        id={`${id}-header`}
        aria-controls={`${id}-content`}
        expandIcon={<ExpandMoreIcon aria-hidden="true" />}
        sx={{ px: { xs: 2, sm: 3 }, py: 1 }}
      >
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography component="span" variant="h6" sx={{ lineHeight: 1.3 }}>
            {category.title}
          </Typography>
          <AccessBadge isPremium={category.isPremium} />
          <Typography component="span" variant="body2" color="text.secondary">
            {count} {count === 1 ? 'prompt' : 'prompts'}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1.5, sm: 3 }, pt: 0, pb: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2.5, maxWidth: '75ch' }}>
          {category.description}
        </Typography>
        {locked && <LockedNotice viewer={viewer} title={category.title} />}
        <Stack spacing={2}>
          {category.prompts.map((prompt) => (
            <PromptCard key={prompt.id} prompt={prompt} />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** Why the texts are hidden, and the one step that opens them. */
function LockedNotice({ viewer, title }: { viewer: PromptViewer; title: string }) {
  const { onUpgrade } = usePremiumActions();
  const openAuthDialog = useOpenAuthDialog();

  const { text, action } =
    viewer === 'anonymous'
      ? {
          text: `The ${title} prompts are part of Premium. Sign in with a Premium account to read and copy them.`,
          action: (
            <Button color="inherit" variant="outlined" size="small" onClick={() => openAuthDialog('signIn')}>
              Sign in
            </Button>
          ),
        }
      : viewer === 'free'
        ? {
            text: `The ${title} prompts are part of Premium. Upgrade to read and copy them.`,
            action: (
              <Button color="inherit" variant="outlined" size="small" onClick={onUpgrade}>
                Upgrade to Premium
              </Button>
            ),
          }
        : {
            // Premium access but a library fetched before it was granted: a reload brings the texts.
            text: `The ${title} prompts have not loaded yet. Reload the page to see them.`,
            action: (
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                onClick={() => window.location.reload()}
              >
                Reload
              </Button>
            ),
          };

  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<LockIcon aria-hidden="true" />}
      sx={{ mb: 2.5, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>{text}</Box>
        <Box sx={{ flexShrink: 0 }}>{action}</Box>
      </Stack>
    </Alert>
  );
}
