import {
  brand,
  type Template,
  type TemplateBlock,
  templateBlocks,
  type TemplateInline,
  type TemplateListResponse,
  type TemplateResponse,
} from '@pd/domain';

/** The only shapes of a template that leave the api; each field copied by name. */

export function presentTemplateList(templates: readonly Template[]): TemplateListResponse {
  return {
    templates: templates.map((t) => ({
      slug: t.slug,
      title: t.title,
      description: t.description,
      usedIn: [...t.usedIn],
    })),
  };
}

export function presentTemplate(template: Template): TemplateResponse {
  return {
    template: {
      slug: template.slug,
      title: template.title,
      description: template.description,
      usedIn: [...template.usedIn],
      markdown: template.markdown,
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(spans: readonly TemplateInline[]): string {
  return spans
    .map((span) => {
      let html = escapeHtml(span.text);
      if (span.italic) html = `<em>${html}</em>`;
      if (span.bold) html = `<strong>${html}</strong>`;
      return html;
    })
    .join('');
}

function block(b: TemplateBlock): string {
  switch (b.kind) {
    case 'heading':
      return `<h${b.level}>${inline(b.text)}</h${b.level}>`;
    case 'paragraph':
      return `<p>${b.lines.map(inline).join('<br>\n')}</p>`;
    case 'rule':
      return '<hr>';
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      const items = b.items
        .map((item) => `<li${item.checkbox ? ' class="check"' : ''}>${inline(item.text)}</li>`)
        .join('\n');
      return `<${tag}>\n${items}\n</${tag}>`;
    }
    case 'table': {
      const head = b.header.map((cell) => `<th scope="col">${inline(cell)}</th>`).join('');
      const rows = b.rows
        .map((row) => `<tr>${b.header.map((_, i) => `<td>${inline(row[i] ?? [])}</td>`).join('')}</tr>`)
        .join('\n');
      return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`;
    }
  }
}

/** Print-friendly: black on white, serif body, tables with ruled cells and room to write. */
const printCss = `
  @page { margin: 18mm; }
  body { font: 11pt/1.45 Georgia, 'Times New Roman', serif; color: #000; background: #fff; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 20pt; margin: 0 0 .25rem; }
  h2 { font-size: 14pt; margin: 1.4rem 0 .5rem; break-after: avoid; }
  h3, h4 { font-size: 12pt; margin: 1rem 0 .4rem; break-after: avoid; }
  .description { margin: 0 0 1rem; }
  table { width: 100%; border-collapse: collapse; margin: .5rem 0 1rem; break-inside: avoid; }
  th, td { border: 1px solid #000; padding: .35rem .5rem; text-align: left; vertical-align: top; }
  td { height: 1.6rem; }
  li.check { list-style: none; }
  li.check::before { content: '\\2610'; margin: 0 .5rem 0 -1.25rem; }
  footer { margin-top: 2rem; font-size: 9pt; border-top: 1px solid #000; padding-top: .5rem; }
  @media print { body { margin: 0; max-width: none; } a { color: #000; } }
`;

/** The template as a self-contained HTML file (no script, no outside resource) that prints well. */
export function templateHtmlFile(template: Template): string {
  const body = templateBlocks(template.markdown).map(block).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(template.title)} | ${escapeHtml(brand.productName)}</title>
<style>${printCss}</style>
</head>
<body>
<main>
<h1>${escapeHtml(template.title)}</h1>
<p class="description">${escapeHtml(template.description)}</p>
${body}
</main>
<footer>${escapeHtml(brand.productName)} · ${escapeHtml(brand.companyName)}. For use in your school.</footer>
</body>
</html>
`;
}
