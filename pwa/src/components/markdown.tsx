import { Box, Link as MuiLink } from '@mui/material';
import { memo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';

/** True for links that leave the app (they open in a new tab). */
function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || href.startsWith('mailto:');
}

function MarkdownLink({ href = '', children }: { href?: string; children?: ReactNode }) {
  if (href.startsWith('mailto:'))
    return (
      <MuiLink href={href} underline="always">
        {children}
      </MuiLink>
    );
  if (isExternal(href)) {
    return (
      <MuiLink href={href} target="_blank" rel="noopener noreferrer" underline="always">
        {children}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (opens in a new tab)
        </Box>
      </MuiLink>
    );
  }
  return (
    <MuiLink component={RouterLink} to={href} underline="always">
      {children}
    </MuiLink>
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

export interface MarkdownProps {
  children: string;
  /** Heading level the document's `##` should become (default 2: h2), so pages keep one h1. */
  headingOffset?: 0 | 1;
}

/** The renderer's components for each heading offset: made once, not on every render. */
const componentsFor = (headingOffset: 0 | 1): Components => ({
  a: ({ href, children: text }) => <MarkdownLink href={href}>{text}</MarkdownLink>,
  h1: ({ children: text }) => <h2>{text}</h2>,
  ...(headingOffset === 1
    ? {
        h2: ({ children: text }) => <h3>{text}</h3>,
        h3: ({ children: text }) => <h4>{text}</h4>,
      }
    : {}),
});
const components = { 0: componentsFor(0), 1: componentsFor(1) } as const;

/**
 * Lessons, FAQ answers and legal pages: headings, lists, bold, italic, links (external ones in a new
 * tab with rel=noopener), paragraphs. Raw HTML is dropped, never rendered.
 *
 * Memoized: parsing a lesson is the module page's costliest step, and the page re-renders as its
 * data and progress arrive; the same text is parsed once.
 */
export const Markdown = memo(function Markdown({ children, headingOffset = 0 }: MarkdownProps) {
  return (
    <Box
      className="markdown"
      sx={{
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
      }}
    >
      <ReactMarkdown components={components[headingOffset]} skipHtml>
        {children}
      </ReactMarkdown>
    </Box>
  );
});
