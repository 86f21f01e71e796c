import { readFileSync } from 'node:fs';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { describe, expect, it } from 'vitest';
import { actualTexts } from '../../test/pdf.js';
import { fontData, sfntFromWoff, uncovered } from './fonts.js';
import {
  type CertificatePdfInput,
  certificateFontsDir,
  certificateNameFonts,
  defaultNameFallbackFonts,
  formatCertificateDate,
  renderCertificatePdf,
} from './pdf.js';

const base: CertificatePdfInput = {
  teacherName: 'Nguyễn Thị Minh Khai',
  courseTitle: 'Generative AI in the Classroom: Foundations',
  pdHoursLabel: '1.5 PD hours',
  completedAt: new Date('2026-11-21T15:30:00Z'),
  certificateId: 'c0a8012e-7f3b-4c2d-9e51-8b6a4f2d1c93',
  issuer: 'AI Classroom Academy',
  productName: 'AI Classroom Academy',
  verifyUrl: 'https://academy.example.org/certificates/verify/c0a8012e-7f3b-4c2d-9e51-8b6a4f2d1c93',
};

/** US Letter landscape and the gold inner border the text must stay inside. */
const PAGE = { width: 792, height: 612 };
const INNER_BORDER = 30;

interface ParsedPdf {
  pages: number;
  text: string;
  items: TextItem[];
  info: Record<string, unknown>;
  pageSize: [number, number];
}

/** The PDF as pdf.js reads it, with no font of the machine's to fall back on. */
const openPdf = (pdf: Buffer) =>
  getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;

async function parse(pdf: Buffer): Promise<ParsedPdf> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(1);
    const [, , width, height] = page.view;
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    const text = items
      .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
      .join('')
      .normalize('NFC');
    const { info } = await doc.getMetadata();
    return {
      pages: doc.numPages,
      text,
      items,
      info: info as Record<string, unknown>,
      pageSize: [width, height],
    };
  } finally {
    await doc.destroy();
  }
}

/** A glyph drawn on the page: its font's name, the text it stands for, and its code in the font. */
interface DrawnGlyph {
  font: string;
  unicode: string;
  code: number;
}

/**
 * Every glyph the page draws, read back by pdf.js from the content stream. pdfkit embeds each font
 * as a subset whose glyph 0 is the font's .notdef (the empty box a missing character prints as), so
 * code 0 is a character the font did not have.
 */
async function drawnGlyphs(pdf: Buffer): Promise<DrawnGlyph[]> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    const glyphs: DrawnGlyph[] = [];
    let font = '';
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[];
      if (fn === OPS.setFont) font = (page.commonObjs.get(args[0] as string) as { name: string }).name;
      if (fn === OPS.showText) {
        for (const g of args[0] as unknown[]) {
          if (g && typeof g === 'object') {
            const { unicode, originalCharCode } = g as { unicode: string; originalCharCode: number };
            glyphs.push({ font, unicode, code: originalCharCode });
          }
        }
      }
    });
    return glyphs;
  } finally {
    await doc.destroy();
  }
}

/** The glyphs of the teacher's name: drawn after 'This certifies that', before 'has completed'. */
function nameGlyphs(glyphs: DrawnGlyph[]): DrawnGlyph[] {
  const starts: number[] = [];
  let text = '';
  for (const g of glyphs) {
    starts.push(text.length);
    text += g.unicode;
  }
  const from = text.indexOf('This certifies that') + 'This certifies that'.length;
  const to = text.indexOf('has completed');
  return glyphs.filter((_, i) => (starts[i] ?? -1) >= from && (starts[i] ?? Infinity) < to);
}

function expectInsideBorder(items: TextItem[]): void {
  for (const item of items.filter((i) => i.str.trim() !== '')) {
    const [, , , , x, baseline] = item.transform as number[];
    expect(x, item.str).toBeGreaterThanOrEqual(INNER_BORDER);
    expect(x + item.width, item.str).toBeLessThanOrEqual(PAGE.width - INNER_BORDER);
    expect(baseline, item.str).toBeGreaterThanOrEqual(INNER_BORDER);
    expect(baseline + item.height, item.str).toBeLessThanOrEqual(PAGE.height - INNER_BORDER);
  }
}

describe('renderCertificatePdf', () => {
  it('writes every fact of the certificate as real text on one landscape page', async () => {
    const pdf = await renderCertificatePdf(base);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const parsed = await parse(pdf);
    expect(parsed.pages).toBe(1);
    expect(parsed.pageSize).toEqual([PAGE.width, PAGE.height]);
    for (const expected of [
      'Certificate of Completion',
      'This certifies that',
      'Nguyễn Thị Minh Khai',
      'has completed the professional development course',
      'Generative AI in the Classroom: Foundations',
      '1.5 PD hours',
      'November 21, 2026',
      'c0a8012e-7f3b-4c2d-9e51-8b6a4f2d1c93',
      'AI Classroom Academy',
      `Verify at ${base.verifyUrl}`,
    ]) {
      expect(parsed.text).toContain(expected.normalize('NFC'));
    }
  });

  it('sets the metadata, with the completion time as the creation date', async () => {
    const { info } = await parse(await renderCertificatePdf(base));
    expect(info.Title).toBe('Certificate of Completion: Generative AI in the Classroom: Foundations');
    expect(info.Author).toBe('AI Classroom Academy');
    expect(String(info.Subject).normalize('NFC')).toContain('Nguyễn Thị Minh Khai completed');
    expect(info.CreationDate).toMatch(/^D:20261121153000Z/);
  });

  it.each(['Zoë', 'José', "Siobhán O'Brien", 'Nguyễn Thị Minh Khai', 'Björn Øster-Łukasiewicz'])(
    'embeds its own fonts and keeps the name %s intact',
    async (teacherName) => {
      const pdf = await renderCertificatePdf({ ...base, teacherName });
      const raw = pdf.toString('latin1');
      // pdfkit's built-in (non-embedded) fonts garble such names: none may be used.
      expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
      expect(raw).toMatch(/\/FontFile2 /);
      const { text } = await parse(pdf);
      expect(text).toContain(teacherName.normalize('NFC'));
    },
  );

  it('shrinks a long name and course title onto at most two lines inside the border', async () => {
    const teacherName =
      'María José Fernández de la Concepción Ñúñez-Schwarzenegger Oyelaran-Whitfield Abernathy-Llewellyn';
    const courseTitle =
      'Responsible, Ethical and Equitable Use of Generative Artificial Intelligence Tools for Differentiated ' +
      'Instruction, Assessment Design and Family Communication in K-12 Schools and Districts Nationwide';
    const pdf = await renderCertificatePdf({ ...base, teacherName, courseTitle });
    const parsed = await parse(pdf);

    expect(parsed.pages).toBe(1);
    for (const word of [...teacherName.split(' '), ...courseTitle.split(' ')]) {
      expect(parsed.text).toContain(word.normalize('NFC'));
    }
    const nameItems = parsed.items.filter((item) => teacherName.includes(item.str.trim()) && item.str.trim());
    expect(new Set(nameItems.map((item) => item.transform[5])).size).toBeLessThanOrEqual(2);

    expect(parsed.text).not.toContain('…');
    expectInsideBorder(parsed.items);
  });

  it('cuts an absurdly long text with an ellipsis rather than overflow', async () => {
    const pdf = await renderCertificatePdf({
      ...base,
      teacherName: 'Name '.repeat(60).trim(),
      courseTitle: 'Course '.repeat(120).trim(),
      issuer: 'Organization '.repeat(30).trim(),
      verifyUrl: `https://academy.example.org/certificates/verify/${'x'.repeat(300)}`,
    });
    const parsed = await parse(pdf);
    expect(parsed.pages).toBe(1);
    expect(parsed.text).toContain('…');
    expectInsideBorder(parsed.items);
  });

  describe('names in the scripts teachers write them in (issue 17.11)', () => {
    const names = [
      ['Arabic', 'محمد', 'NotoSansArabic-Bold'],
      ['Arabic', 'فاطمة الزهراء', 'NotoSansArabic-Bold'],
      ['Hebrew', 'יעל', 'NotoSansHebrew-Bold'],
      ['Hebrew', 'שרה כהן', 'NotoSansHebrew-Bold'],
      ['Chinese', '王小明', 'NotoSansSC-Bold'],
      ['Japanese', '山田太郎', 'NotoSansSC-Bold'],
      ['Japanese', '佐藤 花子', 'NotoSansSC-Bold'],
      ['Japanese', 'さくら アオイ', 'NotoSansSC-Bold'],
      // 椙, a kanji the Chinese font lacks, from the Japanese one.
      ['Japanese', '椙山', 'NotoSansJP-Bold', 'NotoSansSC-Bold'],
      ['Korean', '김민준', 'NotoSansKR-Bold'],
      ['Devanagari', 'देवनागरी', 'NotoSansDevanagari-Bold'],
      ['Hindi', 'अनन्या शर्मा', 'NotoSansDevanagari-Bold'],
      ['Thai', 'สมชาย ใจดี', 'NotoSansThai-Bold'],
    ] as const;

    it.each(names)(
      '%s %s: every character has a glyph, drawn from %s, and the name is real text',
      async (_, name, ...fonts) => {
        expect(uncovered(name, certificateNameFonts(defaultNameFallbackFonts()))).toEqual([]);
        const pdf = await renderCertificatePdf({ ...base, teacherName: name });
        for (const font of fonts)
          expect(pdf.toString('latin1')).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}`));
        // No glyph on the page is a .notdef box, and the name is drawn in its script's fonts alone.
        const glyphs = await drawnGlyphs(pdf);
        expect(glyphs.filter((g) => g.code === 0)).toEqual([]);
        const drawn = nameGlyphs(glyphs);
        expect(drawn.length).toBeGreaterThan(0);
        expect(new Set(drawn.map((g) => g.font.slice(7)))).toEqual(new Set(fonts));
        // The name as real text: each word's ActualText, in drawing order (right to left for a
        // right-to-left name; a word in two fonts, such as 王 and 小明, is two spans).
        const words = name.split(' ');
        const rightToLeft = /^[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(name);
        expect(actualTexts(pdf).join('')).toBe((rightToLeft ? words.reverse() : words).join(''));
        const parsed = await parse(pdf);
        // And as the fonts' glyphs map to text, exactly its characters. (A PDF keeps glyphs in visual
        // order, so pdf.js lists right-to-left words left to right and a Devanagari reph after its
        // syllable. Noto Arabic draws ز as the glyph of ر and a dot: pdf.js, which ignores
        // ActualText, reads a dotted Arabic letter as another; those names are checked above.)
        const compact = parsed.text.replace(/\s+/g, '');
        const after = 'Thiscertifiesthat';
        const printed = compact.slice(compact.indexOf(after) + after.length, compact.indexOf('hascompleted'));
        const chars = (s: string) => Array.from(s.normalize('NFC').replace(/\s+/g, '')).sort();
        if (!/[زفة]/u.test(name)) {
          expect(chars(printed)).toEqual(chars(name));
          for (const word of name.split(' '))
            if (!/[\u0900-\u097f]/u.test(word)) expect(printed).toContain(word);
        }
        expectInsideBorder(parsed.items);
      },
    );

    it('a character no font has is caught: the check above sees a .notdef box', async () => {
      const teacherName = 'Ada \u{13000}'; // an Egyptian hieroglyph: no font of the certificate has it
      expect(uncovered(teacherName, certificateNameFonts(defaultNameFallbackFonts()))).toEqual(['\u{13000}']);
      const glyphs = await drawnGlyphs(await renderCertificatePdf({ ...base, teacherName }));
      expect(glyphs.filter((g) => g.code === 0)).toHaveLength(1);
    });

    it("a name mixing scripts sits on one baseline, each script's letters in its own font", async () => {
      const teacherName = 'محمد יעל देवनागरी 王小明 김민준 Zoë';
      const pdf = await renderCertificatePdf({ ...base, teacherName });
      const glyphs = await drawnGlyphs(pdf);
      expect(glyphs.filter((g) => g.code === 0)).toEqual([]);
      const drawn = nameGlyphs(glyphs);
      const fontOf = (word: string) =>
        new Set(drawn.filter((g) => word.includes(g.unicode)).map((g) => g.font.slice(7)));
      expect(fontOf('محمد')).toEqual(new Set(['NotoSansArabic-Bold']));
      expect(fontOf('יעל')).toEqual(new Set(['NotoSansHebrew-Bold']));
      expect(fontOf('वनगर')).toEqual(new Set(['NotoSansDevanagari-Bold']));
      expect(fontOf('王小明')).toEqual(new Set(['NotoSansSC-Bold']));
      expect(fontOf('김민준')).toEqual(new Set(['NotoSansKR-Bold']));
      expect(fontOf('Zoë')).toEqual(new Set(['DejaVuSerif-Bold']));
      // The bidi order: the left-to-right words in their order, then the right-to-left ones, right to left.
      // (Zoë, in DejaVu Serif, maps to its text as drawn and needs no ActualText.)
      expect(actualTexts(pdf)).toEqual(['देवनागरी', '王', '小明', '김민준', 'יעל', 'محمد']);
      const { items } = await parse(pdf);
      const nameItems = items.filter((item) => item.str.trim() && teacherName.includes(item.str.trim()));
      const xs = nameItems.map((item) => item.transform[4] as number);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      // One line: every piece on the same baseline (each font's own ascent would set Arabic lower).
      const baselines = new Set(nameItems.map((item) => (item.transform[5] as number).toFixed(2)));
      expect([...baselines]).toHaveLength(1);
      expectInsideBorder(items);
    });

    it('a long name mixing scripts still fits inside the border', async () => {
      const teacherName = 'Nguyễn Thị Minh Khai محمد بن عبد الله 王小明 Oyelaran-Whitfield שרה כהן अनन्या';
      const parsed = await parse(await renderCertificatePdf({ ...base, teacherName }));
      expect(parsed.pages).toBe(1);
      expectInsideBorder(parsed.items);
    });

    it('a Latin name keeps DejaVu Serif and embeds no fallback', async () => {
      const bytes = await renderCertificatePdf({ ...base, teacherName: 'Zoë Nguyễn' });
      const pdf = bytes.toString('latin1');
      expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Bold/);
      expect(pdf).not.toMatch(/\/BaseFont \/[A-Z]{6}\+Noto/);
      expect(actualTexts(bytes)).toEqual([]);
    });
  });

  it("draws with no font of the operating system: every file is the api's own or an npm package's", () => {
    const fonts = certificateNameFonts(defaultNameFallbackFonts());
    expect(fonts.length).toBeGreaterThan(20);
    for (const { path } of fonts) {
      expect(
        path.startsWith(certificateFontsDir) ||
          /\/node_modules\/@fontsource\/noto-sans[a-z-]*\/files\//.test(path),
        path,
      ).toBe(true);
    }
  });

  it('unpacks a WOFF file to the OpenType font it wraps, table for table', () => {
    const woff = defaultNameFallbackFonts().find((f) => f.name === 'noto-sans-sc-101');
    if (!woff) throw new Error('no noto-sans-sc-101');
    const raw = readFileSync(woff.path);
    const sfnt = sfntFromWoff(raw);
    expect(fontData(woff.path).equals(sfnt)).toBe(true);
    const numTables = raw.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(raw.readUInt32BE(4)); // the flavour
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    expect(sfnt.length).toBe(raw.readUInt32BE(16)); // totalSfntSize, as the WOFF header says
    expect(() => sfntFromWoff(Buffer.from('OTTO not a woff file at all, just some bytes here...'))).toThrow(
      'not a WOFF file',
    );
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const [a, b] = await Promise.all([renderCertificatePdf(base), renderCertificatePdf(base)]);
    expect(a.equals(b)).toBe(true);
  });
});

describe('formatCertificateDate', () => {
  it('writes the date out in US English, in the given time zone', () => {
    expect(formatCertificateDate(new Date('2026-11-21T15:30:00Z'))).toBe('November 21, 2026');
    expect(formatCertificateDate(new Date('2026-11-22T02:00:00Z'), 'America/Chicago')).toBe(
      'November 21, 2026',
    );
  });
});
