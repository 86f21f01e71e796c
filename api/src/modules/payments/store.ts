import { and, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { PlanType } from '@pd/domain';
import type { Db } from '../../db/client.js';
import {
  type CheckoutSessionRow,
  checkoutSessions,
  stripeCustomers,
  stripeEvents,
  type SubscriptionRow,
  subscriptions,
} from '../../db/schema.js';
import type { ProviderKind } from './provider.js';

export interface CustomerRow {
  customerId: string;
  provider: ProviderKind;
}

export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select({ customerId: stripeCustomers.customerId, provider: stripeCustomers.provider })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findUserIdByCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: stripeCustomers.userId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Stores the user's customer. A parallel first checkout keeps the first one stored; a customer of
 * the other provider (the demo before Stripe keys were set) is replaced.
 */
export async function saveCustomer(
  db: Db,
  userId: string,
  customer: CustomerRow,
  now: Date,
): Promise<CustomerRow> {
  await db
    .insert(stripeCustomers)
    .values({ userId, ...customer, createdAt: now })
    .onConflictDoUpdate({
      target: stripeCustomers.userId,
      set: { customerId: customer.customerId, provider: customer.provider, createdAt: now },
      setWhere: sql`${stripeCustomers.provider} <> ${customer.provider}`,
    });
  const stored = await findCustomer(db, userId);
  if (!stored) throw new Error('customer row missing after insert');
  return stored;
}

/** True when the event is new (and now recorded); false for a duplicate delivery. */
export async function recordEvent(db: Db, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type, processedAt: now })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function countEvents(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id));
  return row?.n ?? 0;
}

/** Serializes the handling of one subscription (until the transaction ends), even before its row exists. */
export async function lockSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`subscription:${subscriptionId}`}))`);
}

/**
 * One payment change per user at a time (issue 17): taken after the subscription's lock, always in
 * that order, so two subscriptions of one user are applied one after the other, never deadlocked.
 */
export async function lockUserPayments(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payments-user:${userId}`}))`);
}

export type SubscriptionValues = Omit<SubscriptionRow, 'updatedAt' | 'renewalRemindedFor'>;

export async function upsertSubscription(db: Db, values: SubscriptionValues, now: Date): Promise<void> {
  const { id: _id, ...changes } = values;
  await db
    .insert(subscriptions)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.id, set: { ...changes, updatedAt: now } });
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

/** A user's subscriptions, the most recently changed first. */
export async function subscriptionsOf(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.currentPeriodEnd));
}

const liveStatuses = ['active', 'trialing', 'past_due'];

/** Subscriptions still marked live although they were set to cancel and their period has ended. */
export async function endedButLive(db: Db, now: Date, userId?: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.cancelAtPeriodEnd, true),
        lte(subscriptions.currentPeriodEnd, now),
        inArray(subscriptions.status, liveStatuses),
        userId ? eq(subscriptions.userId, userId) : undefined,
      ),
    );
}

/**
 * Claims the reminders due: live subscriptions of `plan` that renew (not set to cancel) between `now`
 * and `until` and whose owner was not yet reminded of this period end. The claim marks them in the
 * same statement, so two processes never remind twice; run it in the transaction that queues the
 * e-mails.
 */
export async function claimRenewalReminders(
  tx: Db,
  plan: PlanType,
  now: Date,
  until: Date,
): Promise<SubscriptionRow[]> {
  return tx
    .update(subscriptions)
    .set({ renewalRemindedFor: sql`${subscriptions.currentPeriodEnd}` })
    .where(
      and(
        eq(subscriptions.plan, plan),
        eq(subscriptions.cancelAtPeriodEnd, false),
        inArray(subscriptions.status, ['active', 'trialing']),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, until),
        sql`${subscriptions.renewalRemindedFor} is distinct from ${subscriptions.currentPeriodEnd}`,
      ),
    )
    .returning();
}

export async function setSubscriptionStatus(db: Db, id: string, status: string, now: Date): Promise<void> {
  await db.update(subscriptions).set({ status, updatedAt: now }).where(eq(subscriptions.id, id));
}

export interface NewCheckoutSessionRow {
  id: string;
  userId: string;
  provider: ProviderKind;
  plan: PlanType;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** Idempotent: a replayed create (same idempotency key) answers the same session id. */
export async function insertCheckoutSession(db: Db, row: NewCheckoutSessionRow, now: Date): Promise<void> {
  await db
    .insert(checkoutSessions)
    .values({ ...row, createdAt: now })
    .onConflictDoNothing({ target: checkoutSessions.id });
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

export async function markCheckoutComplete(db: Db, id: string, subscriptionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'complete', subscriptionId })
    .where(eq(checkoutSessions.id, id));
}

export async function setCheckoutStatus(
  db: Db,
  id: string,
  status: 'open' | 'expired',
  promotionCode?: string | null,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status, ...(promotionCode !== undefined ? { promotionCode } : {}) })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

/** The checkout sessions created in [from, to): the purchase figures of the usage dashboard (report.ts). */
export async function checkoutSessionsBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<Pick<CheckoutSessionRow, 'userId' | 'plan' | 'status' | 'promotionCode'>[]> {
  return db
    .select({
      userId: checkoutSessions.userId,
      plan: checkoutSessions.plan,
      status: checkoutSessions.status,
      promotionCode: checkoutSessions.promotionCode,
    })
    .from(checkoutSessions)
    .where(and(gte(checkoutSessions.createdAt, from), lt(checkoutSessions.createdAt, to)));
}
