/**
 * A step of boot.ts: evaluates zod in a task of its own, before the module page's data reader
 * needs it. It re-exports one name on purpose: `import('zod')` would hand over zod's whole
 * namespace, which keeps every export in the bundle, its 60-odd locales too (~270 KB more to
 * download and compile on the module page).
 */
export { object } from 'zod';
