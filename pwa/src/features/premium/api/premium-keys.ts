/** Hierarchical query keys of the premium calls. */
export const premiumKeys = {
  all: ['premium'] as const,
  checkoutSession: (sessionId: string) => [...premiumKeys.all, 'checkout-session', sessionId] as const,
  subscription: () => [...premiumKeys.all, 'subscription'] as const,
};
