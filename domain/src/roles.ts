import { z } from 'zod';

export const roles = ['free', 'premium', 'license_admin', 'superadmin'] as const;
export const Role = z.enum(roles, {
  message: 'Role must be one of free, premium, license_admin, superadmin',
});
export type Role = z.infer<typeof Role>;

/** The badge text of spec section 2. */
export const roleLabels: Record<Role, string> = {
  superadmin: 'Super Admin',
  license_admin: 'License Admin',
  premium: 'Premium',
  free: 'Free',
};

/** Premium courses and prompts are open to these roles (spec section 6). */
export function hasPremiumAccess(role: Role | null | undefined): boolean {
  return role === 'premium' || role === 'license_admin' || role === 'superadmin';
}

/** 'Manage Subscription' is shown to these roles (spec section 2). */
export function canManageSubscription(role: Role | null | undefined): boolean {
  return hasPremiumAccess(role);
}
