import { z } from 'zod';
import { roles } from './roles-core.js';

export const Role = z.enum(roles, {
  message: 'Role must be one of free, premium, license_admin, superadmin',
});
export type Role = z.infer<typeof Role>;

// The zod-free rules live in roles-core.ts (the app's first screen needs them without zod).
export { canManageSubscription, hasPremiumAccess, roleLabels, roles } from './roles-core.js';
