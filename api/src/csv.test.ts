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
