/** Small, dependency-free checks of the Markdown subset the app renders (content/README.md). */

/** Blanks out fenced code blocks and inline code spans, keeping line numbers. */
export function withoutCode(markdown: string): string {
  const lines = markdown.split(/\r?\n/);
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker !== undefined) {
      fence = marker;
      return '';
    }
    return line.replace(/(`+)[^`]*?\1/g, '');
  });
  return kept.join('\n');
}

export interface MarkdownLink {
  href: string;
  line: number;
}

/** Targets of inline links and images `[text](href "title")` and reference definitions `[id]: href`. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
        links.push({ href: match[1] ?? '', line: index + 1 });
      }
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text);
      if (definition?.[1] !== undefined) links.push({ href: definition[1], line: index + 1 });
    });
  return links;
}

export interface Finding {
  text: string;
  line: number;
}

/** Raw HTML tags and comments outside code. Autolinks such as <https://example.org> are not HTML. */
export function rawHtml(markdown: string): Finding[] {
  const found: Finding[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/<!--|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g)) {
        found.push({ text: match[0], line: index + 1 });
      }
    });
  return found;
}

/** Level-1 headings (`# Title`): the page already shows the title. */
export function levelOneHeadings(markdown: string): Finding[] {
  const found: Finding[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((text, index) => {
      if (/^\s{0,3}#(?:\s|$)/.test(text)) found.push({ text: text.trim(), line: index + 1 });
    });
  return found;
}
