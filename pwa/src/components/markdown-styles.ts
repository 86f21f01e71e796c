/** Text only a screen reader reads (such as a link's '(opens in a new tab)'). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * How rendered Markdown looks: the `Markdown` component's (react-markdown) and a lesson compiled by
 * the content loader (`CompiledMarkdown`, decision 122) alike. No renderer here, so a screen that
 * draws compiled HTML does not load one.
 */
export const markdownSx = {
  typography: 'body1',
  lineHeight: 1.7,
  '& h2': { typography: 'h5', fontWeight: 700, mt: 4, mb: 1.5 },
  '& h3': { typography: 'h6', fontWeight: 700, mt: 3, mb: 1 },
  '& h4': { typography: 'subtitle1', fontWeight: 700, mt: 2, mb: 1 },
  '& p': { my: 1.5 },
  '& ul, & ol': { pl: 3, my: 1.5 },
  '& li': { my: 0.5 },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& code': { fontFamily: 'ui-monospace, monospace', fontSize: '0.9em' },
  '& pre': { whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 2, borderRadius: 1 },
  '& > :first-of-type': { mt: 0 },
} as const;
