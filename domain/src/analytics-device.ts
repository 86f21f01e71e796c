import * as z from 'zod/mini';

/**
 * What a device needs to record and send its usage events (issue 15): the batch limits, the
 * conversion rules, and the contracts of `POST /api/analytics/events`, written with `zod/mini` like
 * the first screen's (decision 021). The page's tracker runs on every visit, a first one included:
 * it loads this file, not classic zod and every event's property schemas (analytics.ts, which the
 * server checks each event with).
 */

/** Batch limits of `POST /api/analytics/events`. */
export const analyticsLimits = {
  maxEventsPerBatch: 100,
  maxBatchBytes: 64 * 1024,
  /**
   * A page (tab) sends at most this many batches in any 60 s, then leaves the rest queued for the
   * next trigger: a backlog of 1,000 events a minute. The api's limit per page session is derived
   * from it (decision 088), so an honest page never meets it.
   */
  maxBatchesPerMinute: 10,
  /** Client times older than this are moved up to it (offline events arrive late, not very late). */
  maxEventAgeMs: 30 * 24 * 60 * 60_000,
  /** The milestone conversion: 300 s or more of visible time, checked every 60 s (spec section 9). */
  milestoneSeconds: 300,
  milestoneCheckMs: 60_000,
  milestoneValue: 5,
  /** The analytics test page keeps this many entries (spec section 9). */
  testLogEntries: 10,
} as const;

/** The id of every event made while nobody is signed in (spec section 6). */
export const anonymousUserId = 'anonymous';

/** POST /api/analytics/events: each event is validated on its own (a bad one does not reject the batch). */
export const AnalyticsBatchRequest = z.object({
  events: z.array(z.unknown()).check(
    z.minLength(1, { error: 'Send at least one event' }),
    z.maxLength(analyticsLimits.maxEventsPerBatch, {
      error: `Send at most ${analyticsLimits.maxEventsPerBatch} events at a time`,
    }),
  ),
});
export type AnalyticsBatchRequest = z.infer<typeof AnalyticsBatchRequest>;

export const AnalyticsEventResult = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'duplicate', 'rejected']),
  reason: z.optional(z.string()),
});
export type AnalyticsEventResult = z.infer<typeof AnalyticsEventResult>;

/** `dropped`: true when the sender is a known bot (nothing stored; the device forgets the events). */
export const AnalyticsBatchResponse = z.object({
  results: z.array(AnalyticsEventResult),
  dropped: z.optional(z.boolean()),
});
export type AnalyticsBatchResponse = z.infer<typeof AnalyticsBatchResponse>;

// ---- Conversions (spec sections 7 and 9) -------------------------------------------------------

export const conversionTypes = ['purchase', 'course_enrollment', 'free_trial'] as const;

/** The purchase item name: '{product} {plan} Subscription'. */
export const purchaseItemName = (product: string, plan: 'quarterly' | 'annual'): string =>
  `${product} ${plan === 'annual' ? 'Annual' : 'Quarterly'} Subscription`;

export interface ConversionProps {
  type: (typeof conversionTypes)[number];
  value: number;
  currency: 'USD';
  items?: string[];
}

/**
 * The conversions of one page session: one per type and user (spec section 7). `record` answers the
 * conversion to send, or null when this type was already recorded for this user in this session.
 */
export class PageSessionConversions {
  private readonly seen: Set<string>;

  /** `recorded`: what this page session recorded before (kept by the device across reloads). */
  constructor(recorded: Iterable<string> = []) {
    this.seen = new Set(recorded);
  }

  /** The keys recorded so far, to keep for the rest of the page session. */
  get recorded(): string[] {
    return [...this.seen];
  }

  record(userId: string, conversion: ConversionProps): ConversionProps | null {
    const key = `${conversion.type}\u0000${userId}`;
    if (this.seen.has(key)) return null;
    this.seen.add(key);
    return conversion;
  }

  /**
   * An enrollment in a free course: course_enrollment, and on the user's first free enrollment also
   * free_trial. A user of role free enrolls for 0 (spec section 7); so does everyone else in a free course.
   */
  enrollment(userId: string, firstFreeEnrollment: boolean): ConversionProps[] {
    const out: ConversionProps[] = [];
    const enrollment = this.record(userId, { type: 'course_enrollment', value: 0, currency: 'USD' });
    if (enrollment) out.push(enrollment);
    if (firstFreeEnrollment) {
      const trial = this.record(userId, { type: 'free_trial', value: 0, currency: 'USD' });
      if (trial) out.push(trial);
    }
    return out;
  }

  /**
   * A purchase: worth the amount actually charged as the server knows it after any promo code
   * (decision 041), not the catalogue or the plan-value table.
   */
  purchase(userId: string, plan: 'quarterly' | 'annual', amountCharged: number, product: string) {
    return this.record(userId, {
      type: 'purchase',
      value: Math.round(amountCharged * 100) / 100,
      currency: 'USD',
      items: [purchaseItemName(product, plan)],
    });
  }
}

/** The 5-minute milestone (spec section 9): worth 5 USD once `visibleSeconds` reaches 300. */
export const milestoneReached = (visibleSeconds: number): boolean =>
  visibleSeconds >= analyticsLimits.milestoneSeconds;
