/**
 * Draws a PD transcript as a PDF (issue 28 part 3): the teacher, the provider with its ids, every
 * completed course (dates, PD hours, certificate id), the hours of each school year and the total,
 * and a QR code to its public verification page. Pure, like the certificate's drawing: the same
 * transcript gives the same bytes (the PDF's dates are the transcript's issue time).
 *
 * The fonts are the certificate's (DejaVu from the api's assets; a name in another script falls back
 * to the Noto fonts from npm, run by run: certificates/fonts.ts). No font of the machine is read.
 */
import {
  formatPdHours,
  type PdProvider,
  providerIdsLine,
  type TranscriptCourse,
  type TranscriptYear,
} from '@pd/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  fontAscent,
  fontData,
  type FontFile,
  fontRuns,
  isRightToLeft,
  visualOrder,
} from '../certificates/fonts.js';
import {
  certificateFontsDir,
  certificateNameFonts,
  defaultNameFallbackFonts,
  foldedName,
  formatCertificateDate,
} from '../certificates/pdf.js';

export interface TranscriptPdfInput {
  id: string;
  teacherName: string;
  issuedAt: Date;
  schoolYearStart: string;
  timeZone: string;
  productName: string;
  provider: PdProvider;
  courses: readonly TranscriptCourse[];
  years: readonly TranscriptYear[];
  totalPdHours: number;
  verifyUrl: string;
}

/** US Letter, portrait (points). */
const PAGE = { width: 612, height: 792 };
const LEFT = 54;
const RIGHT = PAGE.width - 54;
const BOTTOM = PAGE.height - 60;
const INK = '#1a202c';
const NAVY = '#1f3a5f';
const MUTED = '#5a6473';

const sans = `${certificateFontsDir}DejaVuSans.ttf`;
const sansBold = `${certificateFontsDir}DejaVuSans-Bold.ttf`;

/** The columns of the course table: x and width. */
const COLUMNS = {
  course: { x: LEFT, width: 148 },
  started: { x: LEFT + 154, width: 64 },
  completed: { x: LEFT + 220, width: 64 },
  hours: { x: LEFT + 286, width: 40 },
  certificate: { x: LEFT + 328, width: RIGHT - LEFT - 328 },
};

const shortDate = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(
    new Date(iso),
  );

/** 'July 1' for '07-01'. */
const yearStartLabel = (start: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`2001-${start}T00:00:00Z`),
  );

export async function renderTranscriptPdf(input: TranscriptPdfInput): Promise<Buffer> {
  const issuedOn = formatCertificateDate(input.issuedAt, input.timeZone);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    font: sans,
    info: {
      Title: `Professional Development Transcript: ${foldedName(input.teacherName)}`,
      Author: input.provider.name,
      Subject: `PD transcript ${input.id}`,
      Creator: input.productName,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  doc.registerFont('sans', sans);
  doc.registerFont('sansBold', sansBold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = 54;
  doc.font('sansBold').fontSize(9).fillColor(MUTED).text(input.productName.toUpperCase(), LEFT, y, {
    characterSpacing: 2,
    lineBreak: false,
  });
  y += 18;
  doc.font('sansBold').fontSize(20).fillColor(NAVY).text('Professional Development Transcript', LEFT, y);
  y += 34;
  y = drawName(doc, foldedName(input.teacherName), y);

  const facts: [string, string][] = [
    ['Provider', input.provider.name],
    ...(input.provider.ids.length > 0
      ? ([['Approved provider', providerIdsLine(input.provider)]] as [string, string][])
      : []),
    ['Transcript ID', input.id],
    ['Issued', issuedOn],
    ['School year starts', `${yearStartLabel(input.schoolYearStart)} (dates in ${input.timeZone})`],
  ];
  for (const [label, value] of facts) {
    doc.font('sansBold').fontSize(9).fillColor(MUTED).text(label, LEFT, y, { width: 110 });
    doc
      .font('sans')
      .fontSize(9)
      .fillColor(INK)
      .text(value, LEFT + 112, y, { width: RIGHT - LEFT - 112 - 100 });
    y = Math.max(y + 14, doc.y + 2);
  }
  drawQrCode(doc, input.verifyUrl, RIGHT - 86, 100, 86);
  y = Math.max(y, 196) + 8;

  y = header(doc, y);
  if (input.courses.length === 0) {
    doc.font('sans').fontSize(9).fillColor(MUTED).text('No completed courses yet.', LEFT, y);
    y += 16;
  }
  for (const course of input.courses) {
    doc.font('sans').fontSize(8.5);
    const height = Math.max(doc.heightOfString(course.courseTitle, { width: COLUMNS.course.width }), 11) + 6;
    if (y + height > BOTTOM) {
      doc.addPage({ size: 'LETTER', margin: 0 });
      y = header(doc, 54);
    }
    doc.fillColor(INK).text(course.courseTitle, COLUMNS.course.x, y, { width: COLUMNS.course.width });
    cell(doc, course.startedAt ? shortDate(course.startedAt, input.timeZone) : '—', COLUMNS.started, y);
    cell(doc, shortDate(course.completedAt, input.timeZone), COLUMNS.completed, y);
    cell(doc, String(course.pdHours), COLUMNS.hours, y);
    doc
      .font('sans')
      .fontSize(6.5)
      .fillColor(INK)
      .text(course.certificateId, COLUMNS.certificate.x, y + 1, {
        width: COLUMNS.certificate.width,
        lineBreak: false,
      });
    y += height;
  }

  const totals: [string, string][] = [
    ...input.years.map((year): [string, string] => [
      `School year ${year.label} (${shortDate(`${year.from}T12:00:00Z`, 'UTC')} – ${shortDate(`${year.to}T12:00:00Z`, 'UTC')})`,
      formatPdHours(year.pdHours),
    ]),
    ['Total', formatPdHours(input.totalPdHours)],
  ];
  if (y + 20 + totals.length * 15 + 40 > BOTTOM) {
    doc.addPage({ size: 'LETTER', margin: 0 });
    y = 54;
  }
  y += 10;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.6).strokeColor(MUTED).stroke();
  y += 8;
  for (const [label, value] of totals) {
    const bold = label === 'Total';
    doc
      .font(bold ? 'sansBold' : 'sans')
      .fontSize(9.5)
      .fillColor(INK)
      .text(label, LEFT, y, { width: 360 });
    doc.font('sansBold').text(value, RIGHT - 150, y, { width: 150, align: 'right' });
    y += 15;
  }
  y += 14;
  doc
    .font('sans')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Verify at ${input.verifyUrl}`, LEFT, y, {
      width: RIGHT - LEFT,
    });
  doc.text(
    'PD hours are each course’s stated time in quarter hours, never more than the time between the ' +
      'course’s start and its completion.',
    LEFT,
    doc.y + 4,
    { width: RIGHT - LEFT },
  );

  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, y: number): number {
  doc.font('sansBold').fontSize(7.5).fillColor(MUTED);
  const labels: [keyof typeof COLUMNS, string][] = [
    ['course', 'COURSE'],
    ['started', 'STARTED'],
    ['completed', 'COMPLETED'],
    ['hours', 'HOURS'],
    ['certificate', 'CERTIFICATE ID'],
  ];
  for (const [column, label] of labels) {
    doc.text(label, COLUMNS[column].x, y, { width: COLUMNS[column].width, lineBreak: false });
  }
  doc
    .moveTo(LEFT, y + 12)
    .lineTo(RIGHT, y + 12)
    .lineWidth(0.6)
    .strokeColor(MUTED)
    .stroke();
  return y + 18;
}

function cell(doc: PDFKit.PDFDocument, text: string, column: { x: number; width: number }, y: number): void {
  doc
    .font('sans')
    .fontSize(8.5)
    .fillColor(INK)
    .text(text, column.x, y, { width: column.width, lineBreak: false });
}

/** The name, in the certificate's name fonts, run by run in the fonts that have its letters (left to right). */
function drawName(doc: PDFKit.PDFDocument, name: string, y: number): number {
  const fonts: FontFile[] = certificateNameFonts(defaultNameFallbackFonts());
  const size = 16;
  const registered = new Set<string>();
  const select = (font: string) => {
    const file = fonts.find((f) => f.name === font) ?? (fonts[0] as FontFile);
    if (!registered.has(file.name)) {
      doc.registerFont(file.name, fontData(file.path));
      registered.add(file.name);
    }
    return doc.font(file.name).fontSize(size);
  };
  // Words and spaces in their runs' fonts, in the bidi order of the line (as the certificate draws a
  // name: a right-to-left name reads right to left), every run on the first font's baseline.
  const pieces = visualOrder(
    fontRuns(name, fonts).flatMap((run) =>
      (run.text.match(/\s+|\S+/gu) ?? []).map((text) => ({
        text,
        font: run.font,
        space: /^\s/u.test(text),
        width: select(run.font).widthOfString(text),
      })),
    ),
    isRightToLeft(name),
  );
  const baseline = y + (fonts[0] ? fontAscent(fonts[0]) : 0) * size;
  doc.fillColor(INK);
  let x = LEFT;
  for (const piece of pieces) {
    if (!piece.space) {
      select(piece.font);
      // A word in a fallback font carries its text: a reader copies it as written, not as drawn.
      const fallback = piece.font !== fonts[0]?.name;
      if (fallback) doc.markContent('Span', { actual: piece.text });
      doc.text(piece.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      if (fallback) doc.endMarkedContent();
    }
    x += piece.width;
  }
  return y + 30;
}

function drawQrCode(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const unit = size / modules.size;
  doc.save().fillColor(INK);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * unit, y + row * unit, unit + 0.05, unit + 0.05);
    }
  }
  doc.fill();
  doc.restore();
}
