export { Role } from './first-load-contracts.js';

// The zod-free rules live in roles-core.ts (the app's first screen needs them without zod).
export { canManageSubscription, hasPremiumAccess, roleLabels, roles } from './roles-core.js';
