import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditNoteIcon from '@mui/icons-material/EditNote';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasPremiumAccess } from '@pd/domain';
import type { ReactNode } from 'react';
import { QueryStatus } from '../../components/query-status';
import { useMe } from '../../offline/get-me';
import { usePageTitle } from '../../lib/use-page-title';
import { useRecordOnMount } from '../../offline/record-event';
import { usePromptLibrary } from './api/get-prompts';
import { PromptCategoryPanel, type PromptViewer } from './prompt-category-panel';

const steps: { icon: ReactNode; title: string; text: ReactNode }[] = [
  {
    icon: <TouchAppIcon aria-hidden="true" />,
    title: 'Choose a template',
    text: 'Open a category and pick the prompt that fits the task in front of you.',
  },
  {
    icon: <ContentCopyIcon aria-hidden="true" />,
    title: 'Copy it',
    text: 'Use the Copy button: the whole prompt goes to your clipboard.',
  },
  {
    icon: <EditNoteIcon aria-hidden="true" />,
    title: 'Fill it in and paste',
    text: (
      <>
        Replace every <Box component="strong">[bracketed placeholder]</Box> with your own details, then paste
        the prompt into the AI tool your school allows. Never include student names or other personal data.
      </>
    ),
  },
];

function HowTo() {
  return (
    <Paper
      component="section"
      aria-labelledby="prompts-how-to"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 4, borderRadius: 3, bgcolor: '#eff6ff', borderColor: '#bfdbfe' }}
    >
      <Typography id="prompts-how-to" variant="h5" component="h2" sx={{ mb: 2 }}>
        How to use a prompt
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {steps.map((step, index) => (
          <Stack
            component="li"
            key={step.title}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'flex-start' }}
          >
            <Box
              aria-hidden="true"
              sx={{
                flexShrink: 0,
                width: 36,
                height: 36,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 800,
              }}
            >
              {index + 1}
            </Box>
            <Box>
              <Typography
                component="p"
                sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.75 }}
              >
                <Box component="span" sx={visuallyHidden}>
                  Step {index + 1}:{' '}
                </Box>
                {step.title}
                <Box component="span" sx={{ color: 'primary.main', display: 'inline-flex' }}>
                  {step.icon}
                </Box>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {step.text}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Box>
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** /prompts: the Prompt Library. Premium texts are locked (never sent) for free and anonymous users. */
export function PromptsPage() {
  usePageTitle('Prompt Library');
  useRecordOnMount('prompt_library_visit', {});
  const me = useMe();
  const user = me.data ?? null;
  const viewer: PromptViewer = !user
    ? 'anonymous'
    : hasPremiumAccess(user.role, null, user.licence)
      ? 'premium'
      : 'free';
  const library = usePromptLibrary(
    user ? `${user.id}:${user.role}:${user.licence?.groupStatus ?? ''}` : 'anonymous',
    {
      enabled: !me.isPending,
    },
  );

  return (
    <Box sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
        Prompt Library
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760, fontSize: '1.125rem' }}>
        Ready-made prompts for planning, family communication, classroom activities and teaching students to
        use AI well. Each one is a template: copy it, add your details, and get a useful first draft in
        minutes.
      </Typography>

      <HowTo />

      <QueryStatus query={library} subject="the Prompt Library" />
      {library.data && (
        <Stack spacing={2}>
          {library.data.map((category, index) => (
            <PromptCategoryPanel
              key={category.id}
              category={category}
              viewer={viewer}
              defaultExpanded={index === 0}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
