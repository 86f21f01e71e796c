// The first screen's zod/mini contracts (decision 021). boot.ts imports this file to evaluate them,
// with zod/mini, in a task of their own (they share a file: vite.config.ts); the app itself imports
// them from '@pd/domain'. Not `import('zod/mini')`: its namespace would bring every locale of zod.
// zod's setting, before any schema that reads it is built (zod-jitless.ts).
import './zod-jitless';
export { CatalogueResponse } from '@pd/domain';
