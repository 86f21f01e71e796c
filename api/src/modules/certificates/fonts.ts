/**
 * The fonts a certificate draws a teacher's name with (issue 17.11, decision 076). DejaVu (in
 * api/assets/fonts) covers Latin, Greek and Cyrillic; names in other scripts fall back, character by
 * character, to the Noto fonts of the operating system (Debian: fonts-noto-core, fonts-noto-cjk;
 * the Dockerfile and .ci/run install them). A name is drawn as runs, each in the first font that has
 * its characters.
 */
import { existsSync } from 'node:fs';
import * as fontkit from 'fontkit';

export interface FontFile {
  /** The name it is registered under in the PDF document. */
  name: string;
  path: string;
  /** A font inside a collection (.ttc). */
  postscriptName?: string;
}

const notoDirs = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/opentype/noto'];
/** Noto fonts for the scripts teachers' names use, bold like the name, most common first. */
const notoFiles: { file: string; postscriptName?: string }[] = [
  { file: 'NotoSans-Bold.ttf' },
  { file: 'NotoSansArabic-Bold.ttf' },
  { file: 'NotoSansHebrew-Bold.ttf' },
  { file: 'NotoSansCJK-Bold.ttc', postscriptName: 'NotoSansCJKsc-Bold' },
  { file: 'NotoSansDevanagari-Bold.ttf' },
  { file: 'NotoSansBengali-Bold.ttf' },
  { file: 'NotoSansTamil-Bold.ttf' },
  { file: 'NotoSansTelugu-Bold.ttf' },
  { file: 'NotoSansGujarati-Bold.ttf' },
  { file: 'NotoSansGurmukhi-Bold.ttf' },
  { file: 'NotoSansKannada-Bold.ttf' },
  { file: 'NotoSansMalayalam-Bold.ttf' },
  { file: 'NotoSansThai-Bold.ttf' },
  { file: 'NotoSansLao-Bold.ttf' },
  { file: 'NotoSansKhmer-Bold.ttf' },
  { file: 'NotoSansMyanmar-Bold.ttf' },
  { file: 'NotoSansSinhala-Bold.ttf' },
  { file: 'NotoSansEthiopic-Bold.ttf' },
  { file: 'NotoSansArmenian-Bold.ttf' },
  { file: 'NotoSansGeorgian-Bold.ttf' },
];

/** The fallback fonts found on this machine, in order; `missing` names the files not found. */
export function systemNameFonts(dirs: readonly string[] = notoDirs): {
  fonts: FontFile[];
  missing: string[];
} {
  const fonts: FontFile[] = [];
  const missing: string[] = [];
  for (const { file, postscriptName } of notoFiles) {
    const dir = dirs.find((d) => existsSync(`${d}/${file}`));
    if (!dir) missing.push(file);
    else fonts.push({ name: `name-${file.replace(/\W/g, '')}`, path: `${dir}/${file}`, postscriptName });
  }
  return { fonts, missing };
}

interface Coverage {
  file: FontFile;
  has(codePoint: number): boolean;
}

const opened = new Map<string, Coverage>();
function coverage(file: FontFile): Coverage {
  const key = `${file.path}#${file.postscriptName ?? ''}`;
  let c = opened.get(key);
  if (!c) {
    const font = fontkit.openSync(file.path, file.postscriptName);
    if (!('hasGlyphForCodePoint' in font))
      throw new Error(`${file.path} is a collection: name one of its fonts`);
    c = { file, has: (cp) => font.hasGlyphForCodePoint(cp) };
    opened.set(key, c);
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
    if (last && (mark.test(ch) || (space.test(ch) && byName.get(last.font)?.has(cp)))) {
      last.text += ch;
      continue;
    }
    const font = (covers.find((c) => c.has(cp)) ?? covers[0])?.file.name ?? '';
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
    return !covers.some((c) => c.has(cp));
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
