import { parseDocument } from 'yaml';

export type FrontMatterResult =
  { ok: true; data: Record<string, unknown>; body: string } | { ok: false; messages: string[] };

const opening = /^---[ \t]*\r?\n/;
const closing = /^---[ \t]*$/m;

/**
 * Splits a Markdown file into its YAML front matter (between a first line `---` and the next line
 * `---`) and its body, and parses the YAML. Every YAML error is returned, with its line number in the
 * file.
 */
export function splitFrontMatter(text: string): FrontMatterResult {
  const source = text.replace(/^\uFEFF/, '');
  const start = opening.exec(source);
  if (!start)
    return { ok: false, messages: ['The file must start with a line "---" opening the front matter'] };
  const rest = source.slice(start[0].length);
  const end = closing.exec(rest);
  if (!end) return { ok: false, messages: ['The front matter is not closed by a line "---"'] };
  const yamlText = rest.slice(0, end.index);
  const body = rest.slice(end.index + end[0].length).replace(/^\r?\n/, '');

  const document = parseDocument(yamlText, { uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      messages: document.errors.map((error) => {
        const line = error.linePos?.[0].line;
        const message = (error.message.split('\n')[0] ?? error.message).replace(
          / at line \d+, column \d+:?$/,
          '',
        );
        // +1: the opening `---` line precedes the YAML.
        return line === undefined ? `YAML: ${message}` : `YAML, line ${line + 1}: ${message}`;
      }),
    };
  }
  const data: unknown = document.toJS();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, messages: ['The front matter must be a YAML mapping of fields'] };
  }
  return { ok: true, data: data as Record<string, unknown>, body };
}
