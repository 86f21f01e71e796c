import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * A lesson's Markdown as HTML, compiled once when the content is loaded (decision 071): the service
 * worker draws it into the page before the app runs. The same unified pipeline as the app's
 * `Markdown` component (react-markdown), with the same choices: raw HTML dropped, a level-1 heading
 * drawn as h2 (the page's h1 is the module title), links that leave the app opened in a new tab with
 * rel=noopener and a visually hidden '(opens in a new tab)', and only http(s), mailto and
 * same-site addresses kept.
 */
const processor = unified().use(remarkParse).use(remarkRehype);

/** True for links that leave the app (the app's `Markdown` component uses the same rule). */
function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || href.startsWith('mailto:');
}

/** react-markdown's default: a relative address, or one of these protocols. */
function safeUrl(url: string): boolean {
  const colon = url.indexOf(':');
  if (colon === -1) return true;
  const slash = url.indexOf('/');
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  // A colon after a path, query or fragment starts no protocol.
  if ([slash, query, hash].some((at) => at !== -1 && colon > at)) return true;
  return /^(https?|mailto|ircs?|xmpp)$/i.test(url.slice(0, colon));
}

const hiddenNote: Element = {
  type: 'element',
  tagName: 'span',
  properties: { className: ['visually-hidden'] },
  children: [{ type: 'text', value: ' (opens in a new tab)' }],
};

function transform(node: Root | ElementContent | RootContent): void {
  if (node.type === 'element') {
    if (node.tagName === 'h1') node.tagName = 'h2';
    for (const attribute of ['href', 'src'] as const) {
      const value = node.properties[attribute];
      if (typeof value === 'string' && !safeUrl(value)) node.properties[attribute] = '';
    }
    const href = node.properties.href;
    if (node.tagName === 'a' && typeof href === 'string' && isExternal(href) && !href.startsWith('mailto:')) {
      node.properties.target = '_blank';
      node.properties.rel = ['noopener', 'noreferrer'];
      node.children.push(structuredClone(hiddenNote));
    }
  }
  if ('children' in node) for (const child of node.children) transform(child);
}

/** The lesson's HTML (empty for an empty lesson). */
export function lessonHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  transform(tree);
  return toHtml(tree);
}
