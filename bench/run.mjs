// `npm run bench`: every benchmark, each printing its figures against its budget.
import { benchApiMe } from './api-me.mjs';

const results = { 'api /auth/me vs bare Koa': await benchApiMe() };
console.log('\nBudgets:');
for (const [name, ok] of Object.entries(results)) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`);
process.exit(Object.values(results).every(Boolean) ? 0 : 1);
