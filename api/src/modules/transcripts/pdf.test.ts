import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { describe, expect, it } from 'vitest';
import { actualTexts } from '../../test/pdf.js';
import { renderTranscriptPdf, type TranscriptPdfInput } from './pdf.js';

/** Every page's text, as pdf.js reads it with no font of the machine's to fall back on. */
async function pages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  try {
    const texts: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      texts.push(
        content.items
          .filter((item): item is TextItem => 'str' in item)
          .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
          .join('')
          .normalize('NFC'),
      );
    }
    return texts;
  } finally {
    await doc.destroy();
  }
}

const id = '3f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';
const input = (courses: number, teacherName = 'Zoë Nguyễn-Okafor'): TranscriptPdfInput => ({
  id,
  teacherName,
  issuedAt: new Date('2026-11-27T10:00:00Z'),
  schoolYearStart: '07-01',
  timeZone: 'America/Chicago',
  productName: 'AI Classroom Academy',
  provider: { name: 'Bright Path PD', ids: [] },
  courses: Array.from({ length: courses }, (_, i) => ({
    courseSlug: `course-${i}`,
    courseTitle: `Course number ${i + 1} with a title long enough to take two lines of its column`,
    startedAt: null,
    completedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    pdHours: 0.75,
    certificateId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    schoolYear: '2025–26',
  })),
  years: [{ label: '2025–26', from: '2025-07-01', to: '2026-06-30', pdHours: 0.75 * courses }],
  totalPdHours: 0.75 * courses,
  verifyUrl: `https://academy.example/transcripts/verify/${id}`,
});

describe('renderTranscriptPdf', () => {
  it('goes on to more pages for a long transcript, every course and the totals drawn once', async () => {
    const pdf = await renderTranscriptPdf(input(40));
    const text = await pages(pdf);
    expect(text.length).toBeGreaterThan(1);
    const all = text.join('\n');
    for (let i = 0; i < 40; i++) {
      expect(all.split(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)).toHaveLength(2);
    }
    expect(all).toMatch(/Total\s+30 PD hours/);
    // Later pages repeat the column headings.
    expect(text[1]).toContain('CERTIFICATE ID');
  });

  it('draws the same bytes for the same transcript, and a name in another script from the Noto fonts', async () => {
    const a = await renderTranscriptPdf(input(2, 'محمد الأحمد'));
    const b = await renderTranscriptPdf(input(2, 'محمد الأحمد'));
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic-Bold/);
  });

  it('draws a right-to-left name right to left, as the certificate does, each word as real text', async () => {
    // The words of a fallback font carry their text (ActualText), in drawing order, left to right.
    expect(actualTexts(await renderTranscriptPdf(input(1, 'محمد الأحمد')))).toEqual(['الأحمد', 'محمد']);
    expect(actualTexts(await renderTranscriptPdf(input(1, 'יעל כהן')))).toEqual(['כהן', 'יעל']);
    // Left-to-right words keep their order, then the right-to-left ones (the bidi order of the line).
    expect(actualTexts(await renderTranscriptPdf(input(1, 'Ada محمد יעל')))).toEqual(['יעל', 'محمد']);
    // A word in two fonts (王 in one, 小明 in another) is two spans.
    expect(actualTexts(await renderTranscriptPdf(input(1, '王小明')))).toEqual(['王', '小明']);
  });
});
