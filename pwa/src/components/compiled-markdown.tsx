import { Box } from '@mui/material';
import { memo, type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { markdownSx, visuallyHidden } from './markdown-styles';

/** The compiled lesson's links look as the `Markdown` component draws them (MUI's Link, underlined). */
const compiledSx = {
  ...markdownSx,
  '& a': { color: 'primary.main', textDecorationColor: 'currentColor' },
  '& .visually-hidden': visuallyHidden,
} as const;

/**
 * Decision 122: a lesson compiled to HTML by the content loader (`Module.lessonHtml`, decision 071:
 * the same remark pipeline react-markdown runs, raw HTML dropped, external links in a new tab with
 * rel=noopener and a hidden '(opens in a new tab)'), drawn as it is: no Markdown parse and no React
 * element per paragraph on the module page, whose first render is a teacher's wait. React leaves the
 * inner HTML alone while the text is the same. A click on a link inside the app goes through the
 * router, as the `Markdown` component's links do.
 */
export const CompiledMarkdown = memo(function CompiledMarkdown({ html }: { html: string }) {
  const navigate = useNavigate();
  const inner = useMemo(() => ({ __html: html }), [html]);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    // Same-site addresses only ('/faq'); a new tab, mailto: and other sites are the browser's.
    if (!link || !href?.startsWith('/') || href.startsWith('//') || link.target) return;
    event.preventDefault();
    void navigate(href);
  };
  return <Box className="markdown" sx={compiledSx} onClick={onClick} dangerouslySetInnerHTML={inner} />;
});
