import { Box, Link as MuiLink } from '@mui/material';
import { memo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import { markdownSx, visuallyHidden } from './markdown-styles';

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
    <Box className="markdown" sx={markdownSx}>
      <ReactMarkdown components={components[headingOffset]} skipHtml>
        {children}
      </ReactMarkdown>
    </Box>
  );
});
