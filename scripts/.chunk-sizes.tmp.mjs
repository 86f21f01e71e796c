import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const sizes = new Map();
let prev = null;
map.eachMapping((m) => {
  if (prev) {
    const src = prev.source ?? '(none)';
    let len;
    if (m.generatedLine === prev.generatedLine) len = m.generatedColumn - prev.generatedColumn;
    else len = lines[prev.generatedLine - 1].length - prev.generatedColumn;
    sizes.set(src, (sizes.get(src) ?? 0) + len);
  }
  prev = m;
});
const groups = new Map();
for (const [src, n] of sizes) {
  const key = src.replace(/.*node_modules\//, 'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+\/).*/, '$1').replace(/.*\/pwa\/src\//, 'pwa/src/');
  groups.set(key, (groups.get(key) ?? 0) + n);
}
const arr = [...(process.argv[3] === 'files' ? sizes : groups)].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, n] of arr) console.log(String(n).padStart(8), k);
