export { Role } from './first-load-contracts.js';

// The zod-free rules live in roles-core.ts (the app's first screen needs them without zod).
export {
  canManageSubscription,
  hasPremiumAccess,
  roleLabelOf,
  roleLabels,
  roles,
  viewerHasPremium,
} from './roles-core.js';
export type { AccessViewer, SubscriptionAccess } from './roles-core.js';
