export { ApiErrorBody } from './first-load-contracts.js';

// The zod-free codes and helpers live in errors-core.ts (the app's first screen needs them without zod).
export { describeZodError, errorCodes } from './errors-core.js';
