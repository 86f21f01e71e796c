import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromptView } from '@pd/domain';
import { Fragment, type ReactNode } from 'react';
import { useCopyPrompt } from './use-copy-prompt';

const placeholderPattern = /(\[[^\]\n]+\])/g;

/** The prompt text with its [bracketed placeholders] picked out, so they are easy to find and replace. */
function withPlaceholders(text: string): ReactNode[] {
  return text.split(placeholderPattern).map((part, index) =>
    index % 2 === 1 ? (
      <Box
        component="span"
        key={index}
        sx={{ bgcolor: '#fef3c7', color: '#78350f', borderRadius: 0.5, px: 0.25, fontWeight: 600 }}
      >
        {part}
      </Box>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/** One prompt of the library: title, what it does, and its text with a copy button (or a lock). */
export function PromptCard({ prompt }: { prompt: PromptView }) {
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
          {prompt.title}
        </Typography>
        {prompt.locked ? (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'text.secondary', flexShrink: 0, typography: 'body2' }}
          >
            <LockIcon fontSize="small" aria-hidden="true" />
            <span>Premium</span>
          </Stack>
        ) : (
          <CopyButton id={prompt.id} title={prompt.title} text={prompt.prompt} />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {prompt.description}
      </Typography>
      {prompt.locked ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            alignItems: 'center',
            p: 2,
            borderRadius: 1.5,
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          <LockIcon aria-hidden="true" />
          <Typography variant="body2">The prompt text is part of Premium.</Typography>
        </Stack>
      ) : (
        <Box
          component="pre"
          sx={{
            m: 0,
            p: { xs: 1.5, sm: 2 },
            borderRadius: 1.5,
            bgcolor: '#f1f5f9',
            border: 1,
            borderColor: 'divider',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
            fontSize: { xs: 13, sm: 14 },
            lineHeight: 1.6,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {withPlaceholders(prompt.prompt)}
        </Box>
      )}
    </Paper>
  );
}

function CopyButton({ id, title, text }: { id: string; title: string; text: string }) {
  const { copied, copy } = useCopyPrompt(text, id);
  return (
    <Button
      variant={copied ? 'contained' : 'outlined'}
      color={copied ? 'success' : 'primary'}
      size="small"
      aria-label={`Copy prompt: ${title}`}
      startIcon={copied ? <CheckIcon data-testid="copied-icon" /> : <ContentCopyIcon />}
      onClick={() => void copy()}
      sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' }, minWidth: 96, minHeight: 40 }}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
