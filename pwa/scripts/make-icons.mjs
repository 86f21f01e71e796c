// Draws the app icons (PNG) with Node's built-in modules only: `node pwa/scripts/make-icons.mjs`.
// A dark-blue tile with a white open book and an amber spark; the maskable variant is full-bleed
// with the mark inside the 80 % safe zone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });

const BLUE = [30, 58, 138];
const WHITE = [255, 255, 255];
const AMBER = [251, 191, 36];

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (const b of buf) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Colour of a point in unit coordinates (0..1), or null for transparent. */
function shade(x, y, { maskable }) {
  // Tile: full bleed for maskable, rounded square otherwise.
  if (!maskable) {
    const r = 0.18;
    const dx = Math.max(r - x, 0, x - (1 - r));
    const dy = Math.max(r - y, 0, y - (1 - r));
    if (dx * dx + dy * dy > r * r) return null;
  }
  // Scale the mark into the safe zone for maskable icons.
  const s = maskable ? 0.78 : 1;
  const u = (x - 0.5) / s + 0.5;
  const v = (y - 0.5) / s + 0.5;
  // Spark: amber disc above the book.
  if ((u - 0.5) ** 2 + (v - 0.27) ** 2 < 0.085 ** 2) return AMBER;
  // Open book: two pages, each a slanted quadrilateral, with a gap at the spine.
  if (v > 0.42 && v < 0.78) {
    const t = (v - 0.42) / 0.36;
    const leftTop = 0.2,
      rightBottom = 0.8;
    const dip = 0.06 * (1 - Math.abs(0.5 - (u < 0.5 ? u : 1 - u) - 0.25) / 0.25);
    const inPage = (u > leftTop && u < 0.485) || (u > 0.515 && u < rightBottom);
    const top = 0.42 + dip * 0.3;
    if (inPage && v > top && t <= 1) return WHITE;
  }
  return BLUE;
}

function draw(size, opts) {
  const rgba = Buffer.alloc(size * size * 4);
  const ss = 4; // supersampling per axis
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = shade((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size, opts);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      }
      const i = (py * size + px) * 4;
      const n = ss * ss;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / n) * 255);
    }
  }
  return png(size, rgba);
}

writeFileSync(new URL('icon-192.png', out), draw(192, { maskable: false }));
writeFileSync(new URL('icon-512.png', out), draw(512, { maskable: false }));
writeFileSync(new URL('maskable-512.png', out), draw(512, { maskable: true }));
writeFileSync(
  new URL('favicon.svg', out),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1e3a8a"/><circle cx="32" cy="17" r="5.5" fill="#fbbf24"/><path d="M13 28h18v22H13zM33 28h18v22H33z" fill="#fff"/></svg>\n`,
);
console.log('icons written to', out.pathname);
