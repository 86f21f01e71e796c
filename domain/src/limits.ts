/** Business constants of spec section 9. */
export const limits = {
  passwordMin: 8,
  nameMax: 120,
  emailMax: 255,
  /** Upper bound on password length, so hashing cannot be used to burn CPU. */
  passwordMax: 256,
  quizPassMark: 70,
  licenseGroupSizes: [10, 30, 50] as const,
  defaultLicenseGroupSize: 10,
  maxInvitesPerSend: 10,
  /** Links of earlier e-mails of one invitation that keep working after a resend (issue 26). */
  maxEarlierInviteCodes: 10,
  /** The least time between two e-mails of one invitation: a double click sends one (issue 26). */
  inviteResendGapMs: 60_000,
  /** Members per page of the License Management page's list, and the most one request may ask for. */
  membersPageDefault: 20,
  membersPageMax: 100,
  /**
   * Days before a subscription renews that its owner gets a reminder, by plan (the Terms promise it;
   * decision 095). Annual: 35, inside the windows of the state auto-renewal laws for terms of a year
   * (California 15-45 days, Colorado 25-40, Delaware 30-60). Quarterly: 10, ahead of each charge.
   */
  renewalReminderDays: { annual: 35, quarterly: 10 },
  /** Rows of one roster import (issue 27). */
  maxRosterRows: 2000,
  /** Join links (issue 27): uses, lifetime in days (default and most), allowed domains. */
  joinLinkMaxUses: 5000,
  joinLinkDefaultDays: 14,
  joinLinkMaxDays: 90,
  joinLinkMaxDomains: 10,
  /** Days after an invitation's last send that a pending one is reminded (issue 27); it expires on day 14. */
  inviteReminderDays: [3, 10] as const,
  usageHighPercent: 80,
  usageFullPercent: 100,
} as const;

/**
 * A new password's strength (issue 30.8, decision 091), judged by the api with zxcvbn-ts: its score
 * (0 to 4, log10 of the guesses needed roughly /2) at least 3, "safely unguessable" (10^8 guesses
 * or more); only the first 100 characters are judged (the estimate's time grows with the length).
 */
export const passwordStrength = { minScore: 3, maxJudgedLength: 100 } as const;

export const tokenLifetimes = {
  /** E-mail verification link. */
  verificationMs: 24 * 60 * 60 * 1000,
  /** Password reset link: 1 hour (spec section 9). */
  passwordResetMs: 60 * 60 * 1000,
} as const;

/** UI timings of spec section 9. */
export const timings = {
  toastDurationMs: 5000,
  toastViewportMaxWidthPx: 420,
  toastSwipeThresholdPx: 50,
  tooltipEnterDelayMs: 700,
  tooltipSkipDelayMs: 300,
  copiedIndicatorMs: 2000,
  reloadAfterHiddenMs: 30_000,
  reloadAfterPopstateMs: 5_000,
  scrollToTopDelayMs: 100,
  /** Celebration confetti: starts after 500 ms, runs 3 s, bursts every 250 ms. */
  confettiStartDelayMs: 500,
  confettiDurationMs: 3000,
  confettiBurstEveryMs: 250,
} as const;
