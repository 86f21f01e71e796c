/**
 * The one CSV writer of the api's downloads (the members of a licence group, the analytics tables):
 * RFC 4180 with CRLF, and no cell a spreadsheet could run as a formula (issue 30 item 10, OWASP's
 * "CSV Injection"). A text cell, or any part of it after a `;` or `,` (a spreadsheet set to split on
 * either reads that part as a cell of its own), that starts with = + - @, a tab or a CR (after any
 * spaces) gets a single quote in front of it; a cell with a quote, a separator, a tab or a line
 * break is quoted. Numbers are written as they are (a count or an amount is never a formula).
 */

/** A part of a cell a spreadsheet would read as a formula. */
const formulaStart = /^[ \u00a0]*[=+\-@\t\r]/;

/** `text` with a single quote before each part (split at `;` and `,`) that starts like a formula. */
function defused(text: string): string {
  // Most cells (names, addresses, dates) are one part: no split, map and join for them, which was a
  // fifth of a 5,000-member download's CPU (issue 31 item 5).
  if (text.indexOf(',') === -1 && text.indexOf(';') === -1)
    return formulaStart.test(text) ? `'${text}` : text;
  return text
    .split(/([;,])/)
    .map((part, i) => (i % 2 === 0 && formulaStart.test(part) ? `'${part}` : part))
    .join('');
}

export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = defused(value);
  return /[",;\t\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row of a CSV file, with its CRLF: a streamed download writes its file a line at a time. */
export function csvLine(cells: readonly (string | number)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** A header and rows as a CSV file (CRLF after every row). */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
