import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CompiledMarkdown } from './compiled-markdown';

// What the content loader compiles from '## Why it matters\n\nSome **bold** text, [a tool](https://example.org)
// and [the FAQ](/faq).' (content/src/lesson-html.ts, decision 071).
const lesson =
  '<h2>Why it matters</h2>\n<p>Some <strong>bold</strong> text, <a href="https://example.org" target="_blank" rel="noopener noreferrer">a tool<span class="visually-hidden"> (opens in a new tab)</span></a> and <a href="/faq">the FAQ</a>.</p>';

function renderLesson() {
  return render(
    <MemoryRouter initialEntries={['/course/module/1']}>
      <Routes>
        <Route path="/course/module/1" element={<CompiledMarkdown html={lesson} />} />
        <Route path="/faq" element={<h1>FAQ page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CompiledMarkdown', () => {
  it('draws the compiled lesson as it is: headings, emphasis, links that leave in a new tab', () => {
    renderLesson();
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    const external = screen.getByRole('link', { name: /^a tool/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external).toHaveTextContent('a tool (opens in a new tab)');
  });

  it('follows a link inside the app with the router, without loading the page again', async () => {
    renderLesson();
    await userEvent.click(screen.getByRole('link', { name: 'the FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ page' })).toBeInTheDocument();
  });
});
