import type { ContentProblem } from './loader.js';

/**
 * The operator's details in the legal pages (issue 29 item 5): `{{operatorName}}` and the others
 * below are filled from the api's configuration where the pages are served (`OPERATOR_NAME`,
 * `OPERATOR_ADDRESS`, `OPERATOR_CONTACT_EMAIL`, `GOVERNING_LAW`, `HOSTING_LOCATION`; decision 104).
 * A bracketed "[Placeholder ...]" is never published: `content:check` refuses a `[` that does not
 * open a Markdown link, and a `{{name}}` that is not one of these.
 */
export const legalPlaceholders = [
  'operatorName',
  'operatorAddress',
  'operatorContactEmail',
  'governingLaw',
  'hostingLocation',
] as const;
export type LegalPlaceholder = (typeof legalPlaceholders)[number];
export type LegalDetails = Record<LegalPlaceholder, string>;

const token = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The page with every `{{name}}` replaced by the configured value. */
export function fillLegalPlaceholders(markdown: string, details: LegalDetails): string {
  return markdown.replace(token, (whole, name: string) =>
    (legalPlaceholders as readonly string[]).includes(name) ? details[name as LegalPlaceholder] : whole,
  );
}

/** Brackets that are not Markdown links (`[text](target)`), and unknown `{{names}}`, line by line. */
export function legalPlaceholderProblems(file: string, markdown: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  markdown.split('\n').forEach((text, i) => {
    const line = i + 1;
    const withoutLinks = text.replace(/!?\[[^\]\n]*\]\([^)\s]*\)/g, '');
    if (/[[\]]/.test(withoutLinks)) {
      problems.push({
        file,
        field: 'markdown',
        message:
          `Line ${line}: a bracketed placeholder; the operator's details come from configuration: ` +
          `write ${legalPlaceholders.map((p) => `{{${p}}}`).join(', ')}`,
      });
    }
    for (const match of text.matchAll(token)) {
      const name = match[1] ?? '';
      if (!(legalPlaceholders as readonly string[]).includes(name)) {
        problems.push({
          file,
          field: 'markdown',
          message: `Line ${line}: {{${name}}} is not a configured detail (${legalPlaceholders.join(', ')})`,
        });
      }
    }
  });
  return problems;
}
