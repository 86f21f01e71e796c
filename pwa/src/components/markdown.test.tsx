import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
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

describe('Markdown drawn on the server (decision 018)', () => {
  it('keeps the drawn text as it is when hydrated, and its app links still move within the app', async () => {
    const text = '## Why it matters\n\nA **bold** idea, and [the prompt library](/prompts).';
    const tree = (
      <MemoryRouter initialEntries={['/lesson']}>
        <Markdown>{text}</Markdown>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    );
    // Drawn as on the server, where there is no document.
    const realDocument = document;
    vi.stubGlobal('document', undefined);
    const html = renderToString(tree);
    vi.stubGlobal('document', realDocument);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const drawnHeading = container.querySelector('h2');
    expect(drawnHeading).toHaveTextContent('Why it matters');

    await act(async () => {
      hydrateRoot(container, tree);
    });
    // The same elements, left as the server drew them: React did not parse the text again to
    // hydrate it (it owns no element inside), and reported no mismatch (a console.error).
    expect(container.querySelector('h2')).toBe(drawnHeading);
    expect(Object.keys(drawnHeading!).some((key) => key.startsWith('__reactFiber'))).toBe(false);
    expect(
      Object.keys(container.querySelector('.markdown')!).some((key) => key.startsWith('__reactFiber')),
    ).toBe(true);
    expect(screen.getByText('bold').tagName).toBe('STRONG');

    await act(async () => {
      screen.getByRole('link', { name: 'the prompt library' }).click();
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/prompts');
    container.remove();
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
