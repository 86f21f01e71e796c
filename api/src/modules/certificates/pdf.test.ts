import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { describe, expect, it } from 'vitest';
import { uncovered } from './fonts.js';
import {
  type CertificatePdfInput,
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

async function parse(pdf: Buffer): Promise<ParsedPdf> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
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
      ['Arabic', 'فاطمة الزهراء', 'NotoSansArabic-Bold'],
      ['Hebrew', 'שרה כהן', 'NotoSansHebrew-Bold'],
      ['Chinese', '王小明', 'NotoSansCJKsc-Bold'],
      ['Japanese', '佐藤 花子', 'NotoSansCJKsc-Bold'],
      ['Korean', '김민준', 'NotoSansCJKsc-Bold'],
      ['Hindi', 'अनन्या शर्मा', 'NotoSansDevanagari-Bold'],
      ['Thai', 'สมชาย ใจดี', 'NotoSansThai-Bold'],
    ] as const;

    it.each(names)(
      '%s: every character has a glyph, the font is embedded and the name is real text',
      async (_, name, font) => {
        expect(uncovered(name, certificateNameFonts(defaultNameFallbackFonts()))).toEqual([]);
        const pdf = await renderCertificatePdf({ ...base, teacherName: name });
        expect(pdf.toString('latin1')).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}`));
        const parsed = await parse(pdf);
        // The name as real text: exactly its characters. (A PDF keeps glyphs in visual order, so a
        // reader lists right-to-left words left to right and a Devanagari reph after its syllable.)
        const compact = parsed.text.replace(/\s+/g, '');
        const after = 'Thiscertifiesthat';
        const printed = compact.slice(compact.indexOf(after) + after.length, compact.indexOf('hascompleted'));
        const chars = (s: string) => Array.from(s.normalize('NFC').replace(/\s+/g, '')).sort();
        expect(chars(printed)).toEqual(chars(name));
        for (const word of name.split(' '))
          if (!/[\u0900-\u097f]/u.test(word)) expect(printed).toContain(word);
        expectInsideBorder(parsed.items);
      },
    );

    it('a long name mixing scripts still fits inside the border', async () => {
      const teacherName = 'Nguyễn Thị Minh Khai محمد بن عبد الله 王小明 Oyelaran-Whitfield שרה כהן अनन्या';
      const parsed = await parse(await renderCertificatePdf({ ...base, teacherName }));
      expect(parsed.pages).toBe(1);
      expectInsideBorder(parsed.items);
    });

    it('a Latin name keeps DejaVu Serif and embeds no fallback', async () => {
      const pdf = (await renderCertificatePdf({ ...base, teacherName: 'Zoë Nguyễn' })).toString('latin1');
      expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Bold/);
      expect(pdf).not.toMatch(/\/BaseFont \/[A-Z]{6}\+Noto/);
    });
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
