// `npm run bench`: every benchmark, each printing its figures against its budget.
// `npm run bench -- lighthouse size` runs only those.
import { benchApiMe } from './api-me.mjs';
import { benchBundleSize } from './bundle-size.mjs';
import { benchLighthouse } from './lighthouse.mjs';

const all = {
  'api-me': ['GET /api/auth/me vs bare Koa', benchApiMe],
  size: ['initial JavaScript size', async () => benchBundleSize()],
  lighthouse: ['Lighthouse on catalogue and module page', benchLighthouse],
};
const only = process.argv.slice(2);
const results = [];
for (const [key, [name, run]] of Object.entries(all)) {
  if (only.length && !only.includes(key)) continue;
  results.push([name, await run()]);
}
console.log('\nBudgets:');
for (const [name, ok] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
