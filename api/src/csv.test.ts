import { describe, expect, it } from 'vitest';
import { csvCell, csvTable } from './csv.js';

describe('csvCell (issue 30 item 10)', () => {
  it('prefixes a cell that starts like a formula with a single quote (OWASP)', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"|"$/g, '').startsWith(`'${start}`), start).toBe(true);
    }
    expect(csvCell('  =HYPERLINK("x")')).toBe(`"'  =HYPERLINK(""x"")"`);
  });

  it('defuses a part after ; or , that a spreadsheet splitting there would read as a formula', () => {
    expect(csvCell('Smith;=1+1')).toBe(`"Smith;'=1+1"`);
    expect(csvCell('/x;=1+1')).toBe(`"/x;'=1+1"`);
    expect(csvCell('Lee, @cmd')).toBe(`"Lee,' @cmd"`);
    expect(csvCell('a;b;-2+3')).toBe(`"a;b;'-2+3"`);
  });

  it('defuses every part of any text as splitting it at ; and , and testing each part would', () => {
    // The rule as the sentence above states it, to compare with on made-up cells.
    const byParts = (text: string) =>
      text
        .split(/([;,])/)
        .map((part, i) => (i % 2 === 0 && /^[ \u00a0]*[=+\-@\t\r]/.test(part) ? `'${part}` : part))
        .join('');
    // Every cell of up to 4 characters from separators, formula starts, spaces, a quote and a letter.
    const alphabet = ['a', ';', ',', '=', '@', '\r', ' ', '\u00a0', '"'];
    let texts = [''];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((text) => alphabet.map((c) => text + c));
      for (const text of texts) {
        const cell = csvCell(text);
        const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        expect(unquoted, JSON.stringify(text)).toBe(byParts(text));
      }
    }
  });

  it('leaves ordinary text and numbers as they are', () => {
    expect(csvCell('Anne-Marie O’Neil')).toBe('Anne-Marie O’Neil');
    expect(csvCell('a+b@school.test')).toBe('a+b@school.test');
    expect(csvCell('2026-11-20 14:05')).toBe('2026-11-20 14:05');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(69.3)).toBe('69.3');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('writes a table with CRLF', () => {
    expect(csvTable(['A', 'B'], [['x', 1]])).toBe('A,B\r\nx,1\r\n');
  });
});
