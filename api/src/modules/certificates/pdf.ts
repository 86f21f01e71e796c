/**
 * Renders a certificate of completion as a one-page PDF (docs/ARCHITECTURE.md, P10).
 *
 * Pure: no database, no clock, no randomness. The same input gives the same bytes (the PDF's
 * CreationDate is the completion time and pdfkit derives the file id and font subset tags from
 * the document, not from chance), so a certificate can be re-rendered on every download.
 *
 * Text uses embedded DejaVu TTFs (api/assets/fonts): pdfkit's built-in fonts cannot draw names
 * such as Zoë, José or Nguyễn Thị Minh Khai (TOOLCHAIN.md). A name in another script (Arabic,
 * Hebrew, Chinese, Devanagari...) falls back to the Noto fonts of the api's npm dependencies, run
 * by run (fonts.ts). No font of the operating system is ever read.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  type FontFile,
  fontAscent,
  fontData,
  fontRuns,
  isRightToLeft,
  notoNameFonts,
  visualOrder,
} from './fonts.js';

export interface CertificatePdfInput {
  teacherName: string;
  courseTitle: string;
  /** Already formatted, e.g. '1.0 PD hour' or '1.5 PD hours'. */
  pdHoursLabel: string;
  completedAt: Date;
  certificateId: string;
  /** The issuing organisation (the PD provider's name). */
  issuer: string;
  /** The PD provider's ids with the states that approved it, e.g. 'TX-SBEC #902345'; '' for none. */
  providerIds?: string;
  productName: string;
  /** Public verification page, encoded in the QR code and printed under it. */
  verifyUrl: string;
  /** IANA time zone used to write the completion date; defaults to UTC. */
  timeZone?: string;
  /** Fonts for names beyond DejaVu's scripts; defaults to the Noto fonts (fonts.ts). */
  nameFallbackFonts?: readonly FontFile[];
}

let notoFonts: readonly FontFile[] | undefined;
/** The Noto fonts for names, their files resolved once per process. */
export function defaultNameFallbackFonts(): readonly FontFile[] {
  notoFonts ??= notoNameFonts();
  return notoFonts;
}

/**
 * Folder of the TTFs, found from this module's own location: api/src/modules/certificates
 * (tests, tsx) and api/dist/modules/certificates (built) both sit three levels below api/.
 */
export const certificateFontsDir = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));

const FONTS = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
} as const;
type FontName = keyof typeof FONTS;

const COLORS = {
  navy: '#1f3a5f',
  gold: '#b08d57',
  ink: '#1a202c',
  muted: '#5a6473',
  faint: '#8a93a0',
};

/** US Letter, landscape (points). */
const PAGE = { width: 792, height: 612 };
/** Content column inside the borders. */
const CONTENT = { left: 72, right: PAGE.width - 72 };
const CONTENT_WIDTH = CONTENT.right - CONTENT.left;
/** Line height as a multiple of the font size (DejaVu's ascent + descent is about 1.16 em). */
const LINE_HEIGHT = 1.2;

/** Writes a date the way a US district expects it: 'November 21, 2026'. */
export function formatCertificateDate(date: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(date);
}

/**
 * A stored name with line breaks or other control characters (from before sign-up refused them:
 * issue 30.9) is drawn as one line: each run of them becomes one space.
 */
export function foldedName(name: string): string {
  return name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s{2,}/gu, ' ')
    .trim();
}

/** pdfkit's version, from its package.json (found beside its entry: the package exports no such path). */
function pdfkitVersionOf(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('pdfkit'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

let drawnWith: string | undefined;
/**
 * What draws a certificate (issue 30.9): pdfkit's version and every font file the drawing may use,
 * by name and size, as a short hash. It keys the kept PDFs (`certificatePdf` in service.ts): a PDF
 * kept from before a font was there (its empty boxes) is drawn again once the font is.
 */
export function certificateRendererFingerprint(): string {
  if (drawnWith === undefined) {
    const files = [
      ...Object.values(FONTS).map((file) => join(certificateFontsDir, file)),
      ...defaultNameFallbackFonts().map((font) => font.path),
    ];
    const hash = createHash('sha256').update(`pdfkit ${pdfkitVersionOf()}\n`);
    for (const file of [...new Set(files)].sort()) {
      hash.update(`${basename(file)} ${existsSync(file) ? statSync(file).size : 'missing'}\n`);
    }
    drawnWith = hash.digest('hex').slice(0, 16);
  }
  return drawnWith;
}

export async function renderCertificatePdf(given: CertificatePdfInput): Promise<Buffer> {
  const input = { ...given, teacherName: foldedName(given.teacherName) };
  const completedOn = formatCertificateDate(input.completedAt, input.timeZone);
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: true,
    font: fontPath('sans'),
    info: {
      Title: `Certificate of Completion: ${input.courseTitle}`,
      Author: input.issuer,
      Subject: `${input.teacherName} completed "${input.courseTitle}" (${input.pdHoursLabel}) on ${completedOn}. Certificate ${input.certificateId}.`,
      Keywords: 'certificate, professional development',
      Creator: input.productName,
      CreationDate: input.completedAt,
      ModDate: input.completedAt,
    },
  });
  for (const name of Object.keys(FONTS) as FontName[]) doc.registerFont(name, fontPath(name));
  const nameFonts = certificateNameFonts(input.nameFallbackFonts ?? defaultNameFallbackFonts());

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawBorder(doc);
  drawBody(doc, input, nameFonts);
  drawFooter(doc, input, completedOn);

  doc.end();
  return done;
}

function fontPath(name: FontName): string {
  return certificateFontsDir + FONTS[name];
}

/**
 * The name's fonts in order: DejaVu Serif Bold, the fallbacks (Noto: their Arabic and Hebrew are
 * shaped better than DejaVu Sans's), then DejaVu Sans Bold for the symbols they lack.
 */
export function certificateNameFonts(fallbacks: readonly FontFile[]): FontFile[] {
  return [
    { name: 'serifBold', path: fontPath('serifBold') },
    ...fallbacks,
    { name: 'sansBold', path: fontPath('sansBold') },
  ];
}

function drawBorder(doc: PDFKit.PDFDocument): void {
  const outer = 20;
  const inner = 30;
  doc.save();
  doc
    .lineWidth(4)
    .strokeColor(COLORS.navy)
    .rect(outer, outer, PAGE.width - 2 * outer, PAGE.height - 2 * outer)
    .stroke();
  doc
    .lineWidth(0.8)
    .strokeColor(COLORS.gold)
    .rect(inner, inner, PAGE.width - 2 * inner, PAGE.height - 2 * inner)
    .stroke();
  // A small gold diamond at each inner corner.
  const corners: [number, number][] = [
    [inner, inner],
    [PAGE.width - inner, inner],
    [inner, PAGE.height - inner],
    [PAGE.width - inner, PAGE.height - inner],
  ];
  for (const [x, y] of corners) {
    doc
      .polygon([x, y - 6], [x + 6, y], [x, y + 6], [x - 6, y])
      .fillColor(COLORS.gold)
      .fill();
  }
  doc.restore();
}

function drawBody(doc: PDFKit.PDFDocument, input: CertificatePdfInput, nameFonts: readonly FontFile[]): void {
  // Product name, spaced capitals.
  const product = input.productName.toUpperCase();
  const productFit = fitLines(doc, product, 'sansBold', 10, 7, CONTENT_WIDTH, 1, 2.5);
  drawLines(doc, productFit, 'sansBold', COLORS.gold, 62, 2.5);

  centered(doc, 'Certificate of Completion', 'serifBold', 36, COLORS.navy, 84);
  rule(doc, PAGE.width / 2 - 60, PAGE.width / 2 + 60, 136, COLORS.gold, 1.2);

  centered(doc, 'This certifies that', 'sans', 13, COLORS.muted, 156);

  // The teacher's name: large, shrinks, up to two lines, centred vertically in its box.
  const nameBox = { top: 180, height: 74 };
  const nameMeasure = runsMeasure(doc, nameFonts);
  const nameFit = fitWith(input.teacherName, nameMeasure, 34, 14, CONTENT_WIDTH - 80, 2);
  drawRuns(doc, nameFit, nameFonts, COLORS.ink, centreIn(nameBox, nameFit));
  rule(doc, PAGE.width / 2 - 210, PAGE.width / 2 + 210, nameBox.top + nameBox.height + 4, COLORS.gold, 0.8);

  centered(doc, 'has completed the professional development course', 'sans', 13, COLORS.muted, 272);

  const courseBox = { top: 294, height: 58 };
  const courseFit = fitLines(doc, input.courseTitle, 'sansBold', 22, 9, CONTENT_WIDTH - 40, 2);
  drawLines(doc, courseFit, 'sansBold', COLORS.navy, centreIn(courseBox, courseFit));

  const hoursFit = fitLines(doc, input.pdHoursLabel, 'sansBold', 14, 9, CONTENT_WIDTH, 1);
  drawLines(doc, hoursFit, 'sansBold', COLORS.gold, 362);

  if (input.providerIds) {
    const ids = fitLines(doc, `Approved provider: ${input.providerIds}`, 'sans', 9, 6, CONTENT_WIDTH, 1);
    drawLines(doc, ids, 'sans', COLORS.muted, 386);
  }
}

function drawFooter(doc: PDFKit.PDFDocument, input: CertificatePdfInput, completedOn: string): void {
  const top = 446;

  // Left: date and certificate id.
  const left = { x: CONTENT.left + 8, width: 206 };
  field(doc, 'DATE OF COMPLETION', completedOn, left.x, top, left.width);
  field(doc, 'CERTIFICATE ID', input.certificateId, left.x, top + 48, left.width);

  // Centre: the issuer above a signature-style line.
  const centre = { x: PAGE.width / 2 - 105, width: 210 };
  const lineY = top + 56;
  const issuerFit = fitLines(doc, input.issuer, 'serifBold', 14, 7, centre.width, 2);
  const issuerHeight = issuerFit.lines.length * issuerFit.size * LINE_HEIGHT;
  drawLines(doc, issuerFit, 'serifBold', COLORS.ink, lineY - 6 - issuerHeight, 0, centre);
  rule(doc, centre.x, centre.x + centre.width, lineY, COLORS.muted, 0.6);
  const caption = fitLines(doc, 'Issuing organization', 'sans', 8, 6, centre.width, 1);
  drawLines(doc, caption, 'sans', COLORS.faint, lineY + 6, 0, centre);

  // Right: the QR code to the public verification page, the address printed under it
  // (right-aligned to the code, below the issuer block, one line unless absurdly long).
  const qrSize = 92;
  const qrTop = top - 12;
  const qrX = CONTENT.right - 8 - qrSize;
  drawQrCode(doc, input.verifyUrl, qrX, qrTop, qrSize);
  const verifyBox = { x: CONTENT.right - 8 - 400, width: 400 };
  const verify = fitLines(doc, `Verify at ${input.verifyUrl}`, 'sans', 8, 5.5, verifyBox.width, 2);
  drawLines(doc, verify, 'sans', COLORS.muted, qrTop + qrSize + 12, 0, verifyBox, 'right');
}

/** A small spaced-capitals label with a value under it, both left-aligned. */
function field(
  doc: PDFKit.PDFDocument,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
): void {
  const box = { x, width };
  drawLines(
    doc,
    fitLines(doc, label, 'sansBold', 7, 5, width, 1, 1.2),
    'sansBold',
    COLORS.faint,
    y,
    1.2,
    box,
    'left',
  );
  drawLines(doc, fitLines(doc, value, 'sans', 12, 6, width, 2), 'sans', COLORS.ink, y + 13, 0, box, 'left');
}

interface Fit {
  lines: string[];
  size: number;
}

/**
 * The largest font size (from max down to min, half a point at a time) at which the text fits
 * the width on one line, or on up to maxLines balanced lines once the size has come down a
 * little (a long name reads better on two lines than on one tiny one). If nothing fits at min,
 * the text is cut to maxLines at min with an ellipsis: it never overflows.
 */
function fitLines(
  doc: PDFKit.PDFDocument,
  text: string,
  font: FontName,
  max: number,
  min: number,
  width: number,
  maxLines: number,
  characterSpacing = 0,
): Fit {
  return fitWith(text, widthMeasure(doc, font, characterSpacing), max, min, width, maxLines);
}

/** `fitLines` with any width measure (a name drawn in runs of several fonts). */
function fitWith(
  text: string,
  measure: (s: string, size: number) => number,
  max: number,
  min: number,
  width: number,
  maxLines: number,
): Fit {
  const clean = text.replace(/\s+/g, ' ').trim();
  const split = maxLines >= 2 ? balancedSplit(clean, (s) => measure(s, max)) : null;
  const twoLineFrom = max * 0.8;
  for (let size = max; size >= min; size -= 0.5) {
    if (measure(clean, size) <= width) return { lines: [clean], size };
    if (split && size <= twoLineFrom && split.every((line) => measure(line, size) <= width)) {
      return { lines: split, size };
    }
  }
  return { lines: truncateToLines(clean, maxLines, width, (s) => measure(s, min)), size: min };
}

/**
 * Width of a string at a size, as pdfkit's widthOfString computes it: glyph advances (which
 * scale with the size, so they are measured once) plus the spacing between characters.
 */
function widthMeasure(doc: PDFKit.PDFDocument, font: FontName, characterSpacing: number) {
  const perPoint = new Map<string, number>();
  return (s: string, size: number): number => {
    let unit = perPoint.get(s);
    if (unit === undefined) {
      unit = doc.font(font).fontSize(100).widthOfString(s) / 100;
      perPoint.set(s, unit);
    }
    return unit * size + characterSpacing * Math.max(0, s.length - 1);
  };
}

const fontsByName = new WeakMap<readonly FontFile[], Map<string, FontFile>>();
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();
/**
 * Selects one of the name's fonts, registering its file with the document the first time the
 * document uses it: of the hundreds of fallback files, a name needs a few.
 */
function nameFont(doc: PDFKit.PDFDocument, fonts: readonly FontFile[], name: string): PDFKit.PDFDocument {
  let byName = fontsByName.get(fonts);
  if (!byName) {
    byName = new Map(fonts.map((f) => [f.name, f]));
    fontsByName.set(fonts, byName);
  }
  let names = registered.get(doc);
  if (!names) {
    names = new Set(Object.keys(FONTS));
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    const file = byName.get(name);
    if (!file) throw new Error(`no name font ${name}`);
    doc.registerFont(name, fontData(file.path));
    names.add(name);
  }
  return doc.font(name);
}

/**
 * A line's words and spaces in drawing order, each in its run's font: the bidi order of a name
 * (`visualOrder`; fontkit shapes each word, right-to-left glyphs included).
 */
function visualPieces(doc: PDFKit.PDFDocument, line: string, fonts: readonly FontFile[], size: number) {
  const pieces = fontRuns(line, fonts).flatMap((run) =>
    (run.text.match(/\s+|\S+/gu) ?? []).map((text) => ({
      text,
      font: run.font,
      space: /^\s/u.test(text),
      width: nameFont(doc, fonts, run.font).fontSize(size).widthOfString(text),
    })),
  );
  return visualOrder(pieces, isRightToLeft(line));
}

/** Width of a string drawn as font runs (each string measured once, at 100 pt). */
function runsMeasure(doc: PDFKit.PDFDocument, fonts: readonly FontFile[]) {
  const perPoint = new Map<string, number>();
  return (s: string, size: number): number => {
    let unit = perPoint.get(s);
    if (unit === undefined) {
      unit = visualPieces(doc, s, fonts, 100).reduce((sum, piece) => sum + piece.width, 0) / 100;
      perPoint.set(s, unit);
    }
    return unit * size;
  };
}

/**
 * Draws centred lines as font runs in their visual order (`visualPieces`), every run on the first
 * font's baseline (each font's own ascent would set Arabic lower than the Latin beside it). A word
 * in a fallback font carries its text as ActualText: a reader copies it as written, not as its
 * glyphs map to text (in visual order; Indic vowels reordered; Noto Arabic draws a letter's dots as
 * glyphs of their own, its reh glyph standing for both ر and ز).
 */
function drawRuns(
  doc: PDFKit.PDFDocument,
  fit: Fit,
  fonts: readonly FontFile[],
  color: string,
  top: number,
): void {
  doc.fillColor(color);
  const ascent = fonts[0] ? fontAscent(fonts[0]) : 0;
  fit.lines.forEach((line, i) => {
    const pieces = visualPieces(doc, line, fonts, fit.size);
    const baseline = top + i * fit.size * LINE_HEIGHT + ascent * fit.size;
    let x = CONTENT.left + (CONTENT_WIDTH - pieces.reduce((sum, p) => sum + p.width, 0)) / 2;
    for (const piece of pieces) {
      if (!piece.space) {
        nameFont(doc, fonts, piece.font).fontSize(fit.size);
        const fallback = piece.font !== fonts[0]?.name;
        if (fallback) doc.markContent('Span', { actual: piece.text });
        doc.text(piece.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
        if (fallback) doc.endMarkedContent();
      }
      x += piece.width;
    }
  });
}

/** Splits at the space that makes the longer of the two lines shortest; null for one word. */
function balancedSplit(text: string, width: (s: string) => number): [string, string] | null {
  const words = text.split(' ');
  if (words.length < 2) return null;
  let best: [string, string] | null = null;
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const w = Math.max(width(pair[0]), width(pair[1]));
    if (w < bestWidth) {
      bestWidth = w;
      best = pair;
    }
  }
  return best;
}

/** Greedy wrapping (breaking inside a word when it alone is too wide), last line ellipsised. */
function truncateToLines(
  text: string,
  maxLines: number,
  maxWidth: number,
  width: (s: string) => number,
): string[] {
  const chars = Array.from(text);
  const piece = (from: number, to: number) => chars.slice(from, to).join('');
  /** The largest end such that chars[start, end) plus a suffix fits (at least start + 1). */
  const longestFit = (start: number, suffix: string) => {
    let lo = start + 1;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (width(piece(start, mid).trimEnd() + suffix) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const lines: string[] = [];
  let start = 0;
  while (start < chars.length) {
    if (lines.length === maxLines - 1) {
      const rest = piece(start, chars.length);
      if (width(rest) <= maxWidth) lines.push(rest);
      else lines.push(piece(start, longestFit(start, '…')).trimEnd() + '…');
      return lines;
    }
    let end = longestFit(start, '');
    if (end < chars.length) {
      const space = chars.lastIndexOf(' ', end);
      if (space > start) end = space;
    }
    lines.push(piece(start, end).trim());
    start = end;
    while (chars[start] === ' ') start++;
  }
  return lines;
}

function centreIn(box: { top: number; height: number }, fit: Fit): number {
  const height = fit.lines.length * fit.size * LINE_HEIGHT;
  return box.top + (box.height - height) / 2;
}

function drawLines(
  doc: PDFKit.PDFDocument,
  fit: Fit,
  font: FontName,
  color: string,
  top: number,
  characterSpacing = 0,
  box: { x: number; width: number } = { x: CONTENT.left, width: CONTENT_WIDTH },
  align: 'center' | 'left' | 'right' = 'center',
): void {
  doc.font(font).fontSize(fit.size).fillColor(color);
  fit.lines.forEach((line, i) => {
    const lineWidth = doc.widthOfString(line, { characterSpacing });
    const x =
      align === 'left'
        ? box.x
        : align === 'right'
          ? box.x + box.width - lineWidth
          : box.x + (box.width - lineWidth) / 2;
    doc.text(line, x, top + i * fit.size * LINE_HEIGHT, { lineBreak: false, characterSpacing });
  });
}

function centered(
  doc: PDFKit.PDFDocument,
  text: string,
  font: FontName,
  size: number,
  color: string,
  top: number,
) {
  drawLines(doc, fitLines(doc, text, font, size, size / 2, CONTENT_WIDTH, 1), font, color, top);
}

function rule(
  doc: PDFKit.PDFDocument,
  x1: number,
  x2: number,
  y: number,
  color: string,
  width: number,
): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** Draws the QR code as vector squares (sharp at any zoom, no image to embed). */
function drawQrCode(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor(COLORS.ink);
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      // A hair of overlap hides the seams some viewers draw between adjacent squares.
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fill();
  doc.restore();
}
