import { describe, expect, it } from 'vitest';
import { lessonHtml } from './lesson-html.js';

describe('lessonHtml', () => {
  it('draws headings, paragraphs, lists, emphasis and code as the app does', () => {
    const html = lessonHtml(
      '# Opening\n\nSome **bold** and *italic* text with `code`.\n\n## Steps\n\n1. First\n2. Second\n\n- a\n- b\n\n> Quote\n',
    );
    expect(html).toBe(
      '<h2>Opening</h2>\n<p>Some <strong>bold</strong> and <em>italic</em> text with <code>code</code>.</p>\n' +
        '<h2>Steps</h2>\n<ol>\n<li>First</li>\n<li>Second</li>\n</ol>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n' +
        '<blockquote>\n<p>Quote</p>\n</blockquote>',
    );
  });

  it('opens links that leave the app in a new tab and says so, keeps the app’s own links', () => {
    const html = lessonHtml(
      'See [the guide](https://example.org/guide), [the FAQ](/faq) and [write to us](mailto:help@example.org).',
    );
    expect(html).toBe(
      '<p>See <a href="https://example.org/guide" target="_blank" rel="noopener noreferrer">the guide' +
        '<span class="visually-hidden"> (opens in a new tab)</span></a>, <a href="/faq">the FAQ</a> and ' +
        '<a href="mailto:help@example.org">write to us</a>.</p>',
    );
  });

  it('drops raw HTML and addresses with a script protocol, and escapes text', () => {
    const html = lessonHtml(
      '<script>alert(1)</script>\n\nA [link](javascript:alert(1)) & <b>bold</b> 1 < 2\n',
    );
    expect(html).not.toMatch(/<script|<b>|javascript:/);
    expect(html).toBe('<p>A <a href="">link</a> &#x26; bold 1 &#x3C; 2</p>');
  });

  it('is empty for an empty lesson', () => {
    expect(lessonHtml('  \n')).toBe('');
  });
});
