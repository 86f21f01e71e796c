// The markdown renderer proper, in a chunk of its own (see `Markdown` in markdown.tsx).
import { Box, Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
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

/** The text parsed and drawn: headings, lists, bold, italic, links, paragraphs; raw HTML dropped. */
export default function RenderedMarkdown({ text, headingOffset }: { text: string; headingOffset: 0 | 1 }) {
  return (
    <ReactMarkdown components={components[headingOffset]} skipHtml>
      {text}
    </ReactMarkdown>
  );
}
