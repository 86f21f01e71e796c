/**
 * The fonts a certificate draws a teacher's name with (issue 17.11, decisions 076 and 080). DejaVu
 * (in api/assets/fonts) covers Latin, Greek and Cyrillic; names in other scripts fall back,
 * character by character, to the Noto fonts of the api's npm dependencies (@fontsource/noto-sans-*),
 * never to the operating system's. A name is drawn as runs, each in the first font that has its
 * characters.
 *
 * Fontsource ships each font as web-font files split by unicode-range (a file for Arabic, about a
 * hundred for Chinese): every file is a font of its own here, with the range it is meant for, and a
 * character goes to the file whose range holds it and whose glyphs include it. The files are WOFF,
 * unpacked here to plain OpenType with Node's zlib (`sfntFromWoff`): fontkit's WOFF2 subsets come out
 * empty in a PDF, and the inflate fontkit uses for WOFF fails on one of the Chinese files' tables.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

export interface FontFile {
  /** The name it is registered under in the PDF document. */
  name: string;
  path: string;
  /** The code points the file is made for (a web font's unicode-range); without it, all. */
  ranges?: readonly (readonly [number, number])[];
  /** Only for the characters this matches (a family kept for one script). */
  only?: RegExp;
}

interface NotoFamily {
  /** A Fontsource package, `@fontsource/${id}`. */
  id: string;
  /** Its unicode-range subsets to use: named ones, or all its numbered slices (the CJK fonts). */
  subsets: readonly string[] | 'numbered';
  only?: RegExp;
}

/** The weight the name is drawn in (bold, like DejaVu Serif Bold). */
const weight = 700;

/**
 * Noto families for the scripts teachers' names use, most common first. Korean first for Hangul
 * (the Chinese font has a few syllables of its own), then Chinese for Han and kana, then Japanese
 * for the kanji the Chinese font lacks.
 */
const notoFamilies: readonly NotoFamily[] = [
  {
    id: 'noto-sans',
    subsets: ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'],
  },
  { id: 'noto-sans-arabic', subsets: ['arabic'] },
  { id: 'noto-sans-hebrew', subsets: ['hebrew'] },
  { id: 'noto-sans-kr', subsets: 'numbered', only: /\p{Script=Hangul}/u },
  { id: 'noto-sans-sc', subsets: 'numbered' },
  { id: 'noto-sans-jp', subsets: 'numbered' },
  { id: 'noto-sans-devanagari', subsets: ['devanagari'] },
  { id: 'noto-sans-bengali', subsets: ['bengali'] },
  { id: 'noto-sans-tamil', subsets: ['tamil'] },
  { id: 'noto-sans-telugu', subsets: ['telugu'] },
  { id: 'noto-sans-gujarati', subsets: ['gujarati'] },
  { id: 'noto-sans-gurmukhi', subsets: ['gurmukhi'] },
  { id: 'noto-sans-kannada', subsets: ['kannada'] },
  { id: 'noto-sans-malayalam', subsets: ['malayalam'] },
  { id: 'noto-sans-thai', subsets: ['thai'] },
  { id: 'noto-sans-lao', subsets: ['lao'] },
  { id: 'noto-sans-khmer', subsets: ['khmer'] },
  { id: 'noto-sans-myanmar', subsets: ['myanmar'] },
  { id: 'noto-sans-sinhala', subsets: ['sinhala'] },
  { id: 'noto-sans-ethiopic', subsets: ['ethiopic'] },
  { id: 'noto-sans-armenian', subsets: ['armenian'] },
  { id: 'noto-sans-georgian', subsets: ['georgian'] },
];

const require = createRequire(import.meta.url);

/** 'U+0600-06FF,U+200C' as code point ranges. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

/** One family's files, through Node's module resolution (the package's own `exports`). */
function familyFonts(family: NotoFamily): FontFile[] {
  const ranges = require(`@fontsource/${family.id}/unicode.json`) as Record<string, string>;
  const keys =
    family.subsets === 'numbered'
      ? Object.keys(ranges).filter((key) => /^\[\d+\]$/.test(key))
      : family.subsets;
  return keys.map((key) => {
    const range = ranges[key];
    if (range === undefined) throw new Error(`@fontsource/${family.id} has no subset ${key}`);
    const subset = key.replace(/^\[(\d+)\]$/, '$1');
    const file = `${family.id}-${subset}-${weight}-normal.woff`;
    return {
      name: `${family.id}-${subset}`,
      path: require.resolve(`@fontsource/${family.id}/files/${file}`),
      ranges: parseUnicodeRange(range),
      only: family.only,
    };
  });
}

/** The Noto fallback fonts, in order (every file resolved; a missing one throws). */
export function notoNameFonts(): FontFile[] {
  return notoFamilies.flatMap(familyFonts);
}

/**
 * A WOFF 1.0 file as the OpenType font it wraps (W3C WOFF 1.0, section 4): the same tables,
 * inflated, behind an OpenType table directory.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const packed = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(packed) : packed;
    if (data.length !== origLength) throw new Error('a WOFF table has the wrong length');
    return { tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const head = Buffer.alloc(12 + numTables * 16);
  woff.copy(head, 0, 4, 8); // the flavour: the OpenType file's version tag
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(searchRange, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(head, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const loaded = new Map<string, Buffer>();
/** A font file's bytes as pdfkit and fontkit read them (a WOFF unpacked), read once per process. */
export function fontData(path: string): Buffer {
  let data = loaded.get(path);
  if (!data) {
    const raw = readFileSync(path);
    data = path.endsWith('.woff') ? sfntFromWoff(raw) : raw;
    loaded.set(path, data);
  }
  return data;
}

const parsed = new Map<string, fontkit.Font>();
/** The font in a file, parsed once per process. */
function openFont(path: string): fontkit.Font {
  let font = parsed.get(path);
  if (!font) {
    const f = fontkit.create(fontData(path));
    if (!('hasGlyphForCodePoint' in f)) throw new Error(`${path} is a font collection`);
    font = f;
    parsed.set(path, font);
  }
  return font;
}

/** The font's ascent as a fraction of its size (how far below a line's top its baseline is). */
export function fontAscent(file: FontFile): number {
  const font = openFont(file.path);
  return font.ascent / font.unitsPerEm;
}

interface Coverage {
  file: FontFile;
  has(codePoint: number, ch: string): boolean;
}

const coverages = new Map<string, Coverage>();
/** A font's coverage: its range and pattern first, its glyphs (the file opened once) after. */
function coverage(file: FontFile): Coverage {
  const key = `${file.name} ${file.path}`;
  let c = coverages.get(key);
  if (!c) {
    const inRange = (cp: number) => !file.ranges || file.ranges.some(([from, to]) => cp >= from && cp <= to);
    c = {
      file,
      has: (cp, ch) =>
        (!file.only || file.only.test(ch)) && inRange(cp) && openFont(file.path).hasGlyphForCodePoint(cp),
    };
    coverages.set(key, c);
  }
  return c;
}

/** A piece of text drawn in one font. */
export interface Run {
  text: string;
  font: string;
}

const mark = /\p{M}|\u200d|\ufe0f/u;
const space = /\s/u;

/**
 * Splits text into runs, each in the first font of `fonts` that has its characters (combining marks
 * stay with their base; a space joins the run before it when its font has one). A character no font
 * has stays in the first.
 */
export function fontRuns(text: string, fonts: readonly FontFile[]): Run[] {
  const covers = fonts.map(coverage);
  const byName = new Map(covers.map((c) => [c.file.name, c]));
  const runs: Run[] = [];
  for (const ch of Array.from(text)) {
    const last = runs.at(-1);
    const cp = ch.codePointAt(0) ?? 0;
    // A combining mark stays with its base; a space stays in the run before it if that font has one.
    if (last && (mark.test(ch) || (space.test(ch) && byName.get(last.font)?.has(cp, ch)))) {
      last.text += ch;
      continue;
    }
    const font = (covers.find((c) => c.has(cp, ch)) ?? covers[0])?.file.name ?? '';
    if (last && last.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}

/** Characters of `text` that none of `fonts` can draw (they would print as empty boxes). */
export function uncovered(text: string, fonts: readonly FontFile[]): string[] {
  const covers = fonts.map(coverage);
  return Array.from(text).filter((ch) => {
    if (space.test(ch) || /\p{Cc}|\p{Cf}/u.test(ch)) return false;
    const cp = ch.codePointAt(0) ?? 0;
    return !covers.some((c) => c.has(cp, ch));
  });
}

const rtlLetter = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const letter = /\p{L}/u;

/** The line's direction by its first strong character (the bidi algorithm's paragraph level). */
export function isRightToLeft(text: string): boolean {
  for (const ch of Array.from(text)) {
    if (rtlLetter.test(ch)) return true;
    if (letter.test(ch)) return false;
  }
  return false;
}

/**
 * Words (no spaces inside; each shaped as a whole by fontkit) in drawing order, left to right: the
 * bidi algorithm's levels and reordering (UAX 9, rules N1, N2 and L2) at the grain of words. A
 * word is right-to-left by its first strong character; a word with none (a space, a dash) takes
 * the direction of the words on both sides when they agree, else the line's.
 */
export function visualOrder<T extends { text: string }>(words: readonly T[], rightToLeftLine: boolean): T[] {
  const strong = words.map((w) => (letter.test(w.text) ? isRightToLeft(w.text) : null));
  const line = rightToLeftLine;
  const direction = strong.map((rtl, i) => {
    if (rtl !== null) return rtl;
    const before = strong.slice(0, i).findLast((d) => d !== null) ?? line;
    const after = strong.slice(i + 1).find((d) => d !== null) ?? line;
    return before === after ? before : line;
  });
  // Levels: 0 left-to-right on a left-to-right line, 1 right-to-left, 2 left-to-right inside a
  // right-to-left line. From the highest level down to 1, each stretch at that level or above is reversed.
  const levels = direction.map((rtl) => (rtl ? 1 : line ? 2 : 0));
  const order = words.map((_, i) => i);
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let i = 0; i < order.length;) {
      if ((levels[order[i] ?? 0] ?? 0) < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < order.length && (levels[order[end] ?? 0] ?? 0) >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order.map((i) => words[i] as T);
}
