import type { Role } from '@pd/domain';

/** Who may use the Super Admin Dashboard's calls (spec section 6): superadmins only. */
export const canAdminister = (actor: { role: Role }): boolean => actor.role === 'superadmin';

/** An admin never changes, verifies or deletes their own account from the dashboard. */
export const isOwnAccount = (actor: { id: string }, userId: string): boolean => actor.id === userId;
