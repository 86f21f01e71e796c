/**
 * The zod-free rules of templates (issue 19): where a template is used, and how its Markdown reads
 * as blocks. Apart from templates.ts (the schemas) so that a screen using them does not load zod.
 */

/** Where a template is used: `"<course-slug>/<module-id>"`, e.g. "ai-readiness-workshop-part-1/5". */
export const templateUsePattern = /^([a-z0-9]+(?:-[a-z0-9]+)*)\/([1-9]\d*)$/;
/** The course and module of a `usedIn` entry (undefined when it is not one). */
export function parseTemplateUse(use: string): { courseSlug: string; moduleId: number } | undefined {
  const match = templateUsePattern.exec(use);
  return match ? { courseSlug: match[1] ?? '', moduleId: Number(match[2]) } : undefined;
}

/** The templates a module uses, in the order given. */
export function templatesForModule<T extends { usedIn: readonly string[] }>(
  templates: readonly T[],
  courseSlug: string,
  moduleId: number,
): T[] {
  const use = `${courseSlug}/${moduleId}`;
  return templates.filter((template) => template.usedIn.includes(use));
}

/** The templates any module of a course uses. */
export function templatesForCourse<T extends { usedIn: readonly string[] }>(
  templates: readonly T[],
  courseSlug: string,
): T[] {
  return templates.filter((template) =>
    template.usedIn.some((use) => parseTemplateUse(use)?.courseSlug === courseSlug),
  );
}

// ---------------------------------------------------------------------------------------------------
// The Markdown a template is written in, as blocks: one reading for the page (pwa) and the
// downloaded file (api). Headings, paragraphs, lists (with "[ ]" checkboxes), tables and rules;
// inside text, **bold** and *italic*. Anything else is kept as plain text.

export type TemplateInline = { text: string; bold?: boolean; italic?: boolean };

export type TemplateBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; text: TemplateInline[] }
  | { kind: 'paragraph'; lines: TemplateInline[][] }
  | { kind: 'list'; ordered: boolean; items: { checkbox: boolean; text: TemplateInline[] }[] }
  | { kind: 'table'; header: TemplateInline[][]; rows: TemplateInline[][][] }
  | { kind: 'rule' };

/** `**bold**` and `*italic*` / `_italic_` (a run of underscores, a fill-in line, stays text). */
export function templateInline(text: string): TemplateInline[] {
  const spans: TemplateInline[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(\S(?:.*?\S)?)\*|(?<![\w_])_([^_\s](?:[^_]*[^_\s])?)_(?![\w_])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) spans.push({ text: text.slice(last, match.index) });
    if (match[1] !== undefined) spans.push({ text: match[1], bold: true });
    else spans.push({ text: match[2] ?? match[3] ?? '', italic: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ text: text.slice(last) });
  return spans;
}

const tableRow = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => templateInline(cell.trim()));
const isTableDivider = (line: string) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
const listItem = /^\s{0,3}(?:([-*+])|(\d+)[.)])\s+(.*)$/;

export function templateBlocks(markdown: string): TemplateBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: TemplateBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = Math.min(4, Math.max(2, heading[1]?.length ?? 2)) as 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, text: templateInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    if (/^\s{0,3}(?:-{3,}|\*{3,})\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      i += 1;
      continue;
    }
    if (line.includes('|') && isTableDivider(lines[i + 1] ?? '')) {
      const header = tableRow(line);
      const rows: TemplateInline[][][] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== '') {
        rows.push(tableRow(lines[i] ?? ''));
        i += 1;
      }
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const first = listItem.exec(line);
    if (first) {
      const ordered = first[2] !== undefined;
      const items: { checkbox: boolean; text: TemplateInline[] }[] = [];
      while (i < lines.length) {
        const item = listItem.exec(lines[i] ?? '');
        if (!item || (item[2] !== undefined) !== ordered) break;
        const box = /^\[[ xX]?\]\s+(.*)$/.exec(item[3] ?? '');
        items.push({ checkbox: box !== null, text: templateInline(box ? (box[1] ?? '') : (item[3] ?? '')) });
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const paragraph: TemplateInline[][] = [];
    while (i < lines.length) {
      const text = lines[i] ?? '';
      if (text.trim() === '' || /^\s{0,3}#/.test(text) || listItem.test(text)) break;
      if (text.includes('|') && isTableDivider(lines[i + 1] ?? '')) break;
      paragraph.push(templateInline(text.trim()));
      i += 1;
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}
