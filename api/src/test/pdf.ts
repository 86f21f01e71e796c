import { inflateSync } from 'node:zlib';

/**
 * The ActualText of each marked span in the page's content, in drawing order: the text a reader
 * copies for those glyphs (pdf.js reads only the fonts' glyph-to-text maps, so this reads the PDF).
 */
export function actualTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // not a Flate stream
    }
    for (const span of content.matchAll(/\/ActualText \(/g)) {
      // A PDF literal string: up to the unescaped ')', with \-escapes; UTF-16BE after a BOM.
      let bytes = '';
      for (let i = (span.index ?? 0) + span[0].length; content[i] !== ')'; i++) {
        const escaped = content[i] === '\\';
        const c = content[escaped ? ++i : i] ?? '';
        bytes += escaped
          ? (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c)
          : c;
      }
      const buf = Buffer.from(bytes, 'latin1');
      texts.push(buf[0] === 0xfe && buf[1] === 0xff ? buf.subarray(2).swap16().toString('utf16le') : bytes);
    }
  }
  return texts;
}
