// Zod-free on purpose: the pwa's first screen imports these without pulling in the schemas (roles.ts).

export const roles = ['free', 'premium', 'license_admin', 'superadmin'] as const;
/** A role name (the same type as `Role` of roles.ts). */
export type RoleName = (typeof roles)[number];

/** The badge text of spec section 2. */
export const roleLabels: Record<RoleName, string> = {
  superadmin: 'Super Admin',
  license_admin: 'License Admin',
  premium: 'Premium',
  free: 'Free',
};

/** Premium courses and prompts are open to these roles (spec section 6). */
export function hasPremiumAccess(role: RoleName | null | undefined): boolean {
  return role === 'premium' || role === 'license_admin' || role === 'superadmin';
}

/** 'Manage Subscription' is shown to these roles (spec section 2). */
export function canManageSubscription(role: RoleName | null | undefined): boolean {
  return hasPremiumAccess(role);
}
