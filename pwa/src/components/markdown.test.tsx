import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function renderMd(md: string) {
  return render(
    <MemoryRouter>
      <Markdown>{md}</Markdown>
    </MemoryRouter>,
  );
}

describe('Markdown', () => {
  it('renders headings, lists, bold and paragraphs', () => {
    renderMd('## Why it matters\n\nA **bold** idea.\n\n- one\n- two\n\nAnother paragraph.');
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens external links in a new tab with rel=noopener, internal ones in the app', () => {
    renderMd('[UNESCO](https://www.unesco.org/) and [the prompt library](/prompts)');
    const external = screen.getByRole('link', { name: /UNESCO/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    const internal = screen.getByRole('link', { name: 'the prompt library' });
    expect(internal).toHaveAttribute('href', '/prompts');
    expect(internal).not.toHaveAttribute('target');
  });

  it('drops raw HTML and javascript: links', () => {
    const { container } = renderMd('<script>alert(1)</script><b>x</b>\n\n[click](javascript:alert(1))');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('click').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });
});
