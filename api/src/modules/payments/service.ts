import { createHash } from 'node:crypto';
import {
  type CreateCheckoutSessionRequest,
  endpoints,
  endpointUrl,
  errorCodes,
  formatUsd,
  launchPromotion,
  limits,
  paths,
  plans,
  type PlanType,
  premiumMessages,
  type RedirectUrlResponse,
  type Role,
  subscriptionGivesPremium,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { CheckoutSessionRow, SubscriptionRow, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError, KnownUnavailable } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { changeRole, endSessions, findUser, userExists } from '../auth/service.js';
import { mailLinks, renewalReminderMail } from '../mail/templates.js';
import { DemoProvider, toSnapshot } from './providers/demo.js';
import { canStartCheckout, roleAfterPayments } from './policy.js';
import {
  type CheckoutSnapshot,
  type PaymentProvider,
  type ProviderEvent,
  ProviderError,
  type SubscriptionSnapshot,
} from './provider.js';
import * as store from './store.js';
import { StripeProvider } from './providers/stripe.js';

export type PaymentDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger' | 'sessionCache'>;

/** Stripe with a key; the demo provider without one outside production; none in production without a key. */
export function createProvider(deps: PaymentDeps): PaymentProvider | null {
  const { config } = deps;
  if (config.paymentsMode === 'stripe' && config.stripe) return new StripeProvider(config.stripe);
  if (config.paymentsMode === 'demo') return new DemoProvider(deps);
  return null;
}

export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  // Logged once at start (paymentRoutes); each answer is quiet (issue 30.11).
  if (!provider) {
    throw new KnownUnavailable(503, premiumMessages.paymentsNotConfigured, 'PAYMENTS_NOT_CONFIGURED');
  }
  return provider;
}

/** Stripe keeps an unpaid checkout session open 24 hours. */
const checkoutLifetimeMs = 24 * 60 * 60 * 1000;
/** Repeated identical create calls within this window answer the same Stripe session. */
const idempotencyWindowMs = 60_000;

function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    if (error.reason === 'portal-not-configured') throw new AppError(400, premiumMessages.portalBeingSetUp);
    if (error.reason === 'customer-missing') throw new AppError(400, premiumMessages.subscriptionNotFound);
    throw new AppError(502, premiumMessages.paymentProviderUnavailable, 'PAYMENT_PROVIDER_UNAVAILABLE');
  }
  throw error;
}

// ------------------------------------------------------------------------------------------------
// Fulfilment: the one path of webhooks, the success page's confirmation, the demo 'Pay' and portal.

export interface FulfilInput {
  /** The provider's event, recorded in the same transaction as its effect; null: no event (a re-sync). */
  event: { id: string; type: string } | null;
  subscriptionId: string;
  /** The checkout session that created the subscription, marked complete. */
  checkoutSessionId?: string | null;
  /** The subscription's current state, loaded under the subscription's lock (re-fetched from the provider). */
  load: (tx: Db) => Promise<SubscriptionSnapshot | null>;
  /**
   * A new subscription from a checkout we can still refuse (the demo provider's Pay): refused when
   * the user already has another one that gives premium (two checkouts paid at once).
   */
  refuseIfSubscribed?: boolean;
}

export type FulfilOutcome =
  | { outcome: 'applied'; userId: string; role: Role; status: string }
  | { outcome: 'duplicate' }
  /** `refused`: a new subscription turned down (refuseIfSubscribed), not a provider's event ignored. */
  | { outcome: 'ignored'; reason: string; refused?: true };

/**
 * The role follows the user's stored subscriptions; license_admin and superadmin never change. The
 * auth module writes it (the only writer of `users`, which keeps its session cache exact).
 */
async function applySubscriptionRole(
  deps: PaymentDeps,
  tx: Db,
  userId: string,
  now: Date,
): Promise<{ before: Role; after: Role }> {
  const changed = await changeRole(
    deps,
    tx,
    userId,
    async (before) => roleAfterPayments(before, await store.subscriptionsOf(tx, userId), now),
    now,
  );
  if (!changed) throw new Error(`user ${userId} vanished`);
  // A downgrade ends the user's sessions (issue 17, decision 074): they sign in again as free.
  if (changed.before === 'premium' && changed.after === 'free') await endSessions(deps, tx, userId);
  return changed;
}

async function ownerOf(tx: Db, snapshot: SubscriptionSnapshot): Promise<string | null> {
  const byCustomer = snapshot.customerId ? await store.findUserIdByCustomer(tx, snapshot.customerId) : null;
  if (byCustomer) return byCustomer;
  const fromMetadata = snapshot.metadataUserId;
  if (!fromMetadata || !isUuid(fromMetadata)) return null;
  return (await userExists(tx, fromMetadata)) ? fromMetadata : null;
}

export async function fulfil(
  deps: PaymentDeps,
  provider: PaymentProvider,
  input: FulfilInput,
): Promise<FulfilOutcome> {
  const { event, subscriptionId } = input;
  const outcome = await deps.db.transaction(async (tx): Promise<FulfilOutcome> => {
    const now = deps.clock();
    if (event && !(await store.recordEvent(tx, event.id, event.type, now))) return { outcome: 'duplicate' };
    // Events arrive in any order and may be handled in parallel: one at a time per subscription,
    // each storing the state it fetched after taking the lock, so the last one stores the newest.
    await store.lockSubscription(tx, subscriptionId);
    const snapshot = await input.load(tx);
    if (!snapshot) return { outcome: 'ignored', reason: 'subscription not found at the provider' };
    const userId = await ownerOf(tx, snapshot);
    if (!userId) return { outcome: 'ignored', reason: 'subscription of no known user' };
    await store.lockUserPayments(tx, userId);
    if (input.refuseIfSubscribed) {
      const others = (await store.subscriptionsOf(tx, userId)).filter((s) => s.id !== snapshot.id);
      if (others.some((s) => subscriptionGivesPremium(s, now)))
        return { outcome: 'ignored', reason: 'the user already has a subscription', refused: true };
    }
    const plan: PlanType | null =
      snapshot.plan ?? (await store.findSubscription(tx, snapshot.id))?.plan ?? null;
    if (!plan) return { outcome: 'ignored', reason: `unknown price ${snapshot.priceId}` };
    await store.upsertSubscription(
      tx,
      {
        id: snapshot.id,
        userId,
        provider: provider.kind,
        customerId: snapshot.customerId,
        status: snapshot.status,
        plan,
        priceId: snapshot.priceId,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      },
      now,
    );
    if (input.checkoutSessionId) await store.markCheckoutComplete(tx, input.checkoutSessionId, snapshot.id);
    const { after } = await applySubscriptionRole(deps, tx, userId, now);
    return { outcome: 'applied', userId, role: after, status: snapshot.status };
  });
  // Payments are logged: ids, status and role only (we never see card data).
  const log = outcome.outcome === 'ignored' ? deps.logger.warn : deps.logger.info;
  log('payment event', {
    provider: provider.kind,
    eventId: event?.id ?? null,
    type: event?.type ?? 'sync',
    subscriptionId,
    ...outcome,
  });
  return outcome;
}

// ------------------------------------------------------------------------------------------------
// Webhooks.

/** The events that change a subscription (configure these on the Stripe webhook endpoint). */
export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  // A full refund ends premium, as the Terms say (decision 095).
  'charge.refunded',
] as const;

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string') return id;
  }
  return null;
};

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/** Which subscription an event is about (the invoice field moved under `parent` in API 2025-03-31). */
export function subscriptionIdOfEvent(event: ProviderEvent): string | null {
  const o = event.object;
  if (event.type === 'checkout.session.completed') {
    return o.mode === 'subscription' ? idOf(o.subscription) : null;
  }
  if (event.type.startsWith('customer.subscription.')) return idOf(o.id);
  if (event.type.startsWith('invoice.')) {
    return idOf(o.subscription) ?? idOf(field(field(o.parent, 'subscription_details'), 'subscription'));
  }
  return null;
}

export async function handleWebhookEvent(
  deps: PaymentDeps,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<FulfilOutcome> {
  if (!(handledEventTypes as readonly string[]).includes(event.type)) {
    deps.logger.debug('payment event not handled', { eventId: event.id, type: event.type });
    return { outcome: 'ignored', reason: 'event type not handled' };
  }
  if (event.type === 'charge.refunded') return endPremiumOnRefund(deps, provider, event);
  const subscriptionId = subscriptionIdOfEvent(event);
  if (!subscriptionId) {
    const fresh = await store.recordEvent(deps.db, event.id, event.type, deps.clock());
    deps.logger.info('payment event', { eventId: event.id, type: event.type, outcome: 'no subscription' });
    return fresh ? { outcome: 'ignored', reason: 'no subscription' } : { outcome: 'duplicate' };
  }
  return fulfil(deps, provider, {
    event: { id: event.id, type: event.type },
    subscriptionId,
    checkoutSessionId: event.type === 'checkout.session.completed' ? idOf(event.object.id) : null,
    load: () => provider.retrieveSubscription(subscriptionId).catch(providerFailure),
  });
}

/**
 * A charge refunded in full (Stripe's `charge.refunded` with `refunded: true`) ends premium, as the
 * Terms say (decision 095): the customer's subscriptions that give premium are cancelled at the
 * provider now, then stored from the provider's state like any other change, so the role follows.
 * A partial refund (a goodwill credit) changes nothing. Cancelling is idempotent, so a retried event
 * cancels again harmlessly before the event is recorded once.
 */
async function endPremiumOnRefund(
  deps: PaymentDeps,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<FulfilOutcome> {
  const charge = event.object;
  const customerId = idOf(charge.customer);
  const userId =
    charge.refunded === true && customerId ? await store.findUserIdByCustomer(deps.db, customerId) : null;
  const now = deps.clock();
  const live = userId
    ? (await store.subscriptionsOf(deps.db, userId)).filter((s) => subscriptionGivesPremium(s, now))
    : [];
  if (live.length === 0) {
    const reason = charge.refunded === true ? 'refund of no live subscription' : 'partial refund';
    const fresh = await store.recordEvent(deps.db, event.id, event.type, now);
    deps.logger.info('payment event', { eventId: event.id, type: event.type, outcome: reason });
    return fresh ? { outcome: 'ignored', reason } : { outcome: 'duplicate' };
  }
  for (const subscription of live) await provider.cancelSubscription(subscription.id).catch(providerFailure);
  let outcome: FulfilOutcome = { outcome: 'duplicate' };
  for (const [index, subscription] of live.entries()) {
    const result = await fulfil(deps, provider, {
      event: index === 0 ? { id: event.id, type: event.type } : null,
      subscriptionId: subscription.id,
      load: () => provider.retrieveSubscription(subscription.id).catch(providerFailure),
    });
    if (index === 0 || result.outcome === 'applied') outcome = result;
  }
  return outcome;
}

// ------------------------------------------------------------------------------------------------
// Housekeeping: a subscription set to cancel stops giving premium at its period end.

/**
 * Turns free the users whose subscriptions were set to cancel and whose period has ended. Stripe
 * ends such a subscription itself (and sends customer.subscription.deleted); the demo provider's
 * subscriptions end here. Runs in the server's housekeeping and before payment calls.
 */
export async function expireEndedSubscriptions(deps: PaymentDeps, userId?: string): Promise<number> {
  const now = deps.clock();
  const ended = await store.endedButLive(deps.db, now, userId);
  const owners = [...new Set(ended.map((s) => s.userId))];
  for (const owner of owners) {
    await deps.db.transaction(async (tx) => {
      for (const sub of ended.filter((s) => s.userId === owner && s.provider === 'demo')) {
        await store.setSubscriptionStatus(tx, sub.id, 'canceled', now);
      }
      const { before, after } = await applySubscriptionRole(deps, tx, owner, now);
      if (before !== after) deps.logger.info('subscription period ended', { userId: owner, role: after });
    });
  }
  return owners.length;
}

/**
 * E-mails the owners of subscriptions that renew within `limits.renewalReminderDays` of their plan
 * (35 days for annual, 10 for quarterly; decision 095) a reminder with the date and the amount (the
 * Terms promise it), once per period: the claim and the queued e-mails are one transaction. Runs in
 * the server's housekeeping.
 */
export async function remindUpcomingRenewals(deps: PaymentDeps & Pick<AppDeps, 'mailer'>): Promise<number> {
  const now = deps.clock();
  const reminded = await deps.db.transaction(async (tx) => {
    let count = 0;
    for (const plan of ['annual', 'quarterly'] as const) {
      const until = new Date(now.getTime() + limits.renewalReminderDays[plan] * 24 * 60 * 60 * 1000);
      const amount = `${formatUsd(plans[plan].amountCents)} (USD)`;
      const due = await store.claimRenewalReminders(tx, plan, now, until);
      for (const sub of due) {
        const owner = await findUser({ ...deps, db: tx }, sub.userId);
        if (!owner) continue;
        await deps.mailer.enqueue(
          tx,
          renewalReminderMail(owner.email, owner.name, {
            date: sub.currentPeriodEnd,
            amount,
            plan,
            appUrl: mailLinks.home(deps.config.publicUrl),
          }),
        );
      }
      count += due.length;
    }
    return count;
  });
  if (reminded > 0) {
    deps.logger.info('renewal reminders queued', { count: reminded });
    deps.mailer.kick();
  }
  return reminded;
}

/**
 * Before an account is deleted (issue 14): every subscription of the user that still gives or may
 * give premium is cancelled now at its provider, then marked cancelled here. A provider that fails
 * stops the deletion with a message (nothing was deleted; the admin tries again).
 */
export async function cancelSubscriptionsOf(
  deps: PaymentDeps,
  userId: string,
  failed: string,
): Promise<number> {
  const live = (await store.subscriptionsOf(deps.db, userId)).filter(
    (s) => !['canceled', 'incomplete_expired'].includes(s.status),
  );
  if (live.length === 0) return 0;
  const provider = createProvider(deps);
  for (const sub of live) {
    try {
      if (sub.provider === 'stripe') {
        if (provider?.kind !== 'stripe') throw new ProviderError('unavailable', 'Stripe is not configured');
        await provider.cancelSubscription(sub.id);
      }
    } catch (error) {
      deps.logger.warn('cancelling a subscription failed', {
        subscriptionId: sub.id,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new AppError(502, failed, 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    await store.setSubscriptionStatus(deps.db, sub.id, 'canceled', deps.clock());
  }
  return live.length;
}

async function freshUser(deps: PaymentDeps, user: UserRow): Promise<UserRow> {
  await expireEndedSubscriptions(deps, user.id);
  return (await findUser(deps, user.id)) ?? user;
}

// ------------------------------------------------------------------------------------------------
// Checkout, portal, status.

/** One customer per user, created once at the provider and stored. */
export async function ensureCustomer(
  deps: PaymentDeps,
  provider: PaymentProvider,
  user: UserRow,
): Promise<string> {
  const existing = await store.findCustomer(deps.db, user.id);
  if (existing && existing.provider === provider.kind) return existing.customerId;
  const customerId = await provider
    .createCustomer({ id: user.id, email: user.email, name: user.name }, `customer-${user.id}`)
    .catch(providerFailure);
  const stored = await store.saveCustomer(
    deps.db,
    user.id,
    { customerId, provider: provider.kind },
    deps.clock(),
  );
  return stored.customerId;
}

function planOf(provider: PaymentProvider, input: CreateCheckoutSessionRequest): PlanType {
  const plan = input.planType ?? (input.priceId ? provider.planOfPrice(input.priceId) : null);
  if (!plan) throw new AppError(400, 'Please choose the quarterly or annual plan.', errorCodes.validation);
  return plan;
}

/** Stripe (and the demo provider) put the session's id where the success URL holds this, as written. */
const checkoutSessionIdPlaceholder = '{CHECKOUT_SESSION_ID}';

/** The success page's path for a checkout of `plan`, the session id left for the provider to fill in. */
function paymentSuccessPathOf(plan: PlanType): string {
  return paths
    .paymentSuccess({ sessionId: checkoutSessionIdPlaceholder, planType: plan })
    .replace(encodeURIComponent(checkoutSessionIdPlaceholder), checkoutSessionIdPlaceholder);
}

export async function createCheckoutSession(
  deps: PaymentDeps,
  provider: PaymentProvider,
  signedIn: UserRow,
  input: CreateCheckoutSessionRequest,
): Promise<RedirectUrlResponse> {
  const user = await freshUser(deps, signedIn);
  if (!canStartCheckout(user.role))
    throw new AppError(409, premiumMessages.alreadyPremium, errorCodes.conflict);
  const now0 = deps.clock();
  if ((await store.subscriptionsOf(deps.db, user.id)).some((s) => subscriptionGivesPremium(s, now0)))
    throw new AppError(409, premiumMessages.alreadySubscribed, errorCodes.conflict);
  const plan = planOf(provider, input);
  const priceId = provider.priceIdFor(plan);
  const customerId = await ensureCustomer(deps, provider, user);
  const { publicUrl } = deps.config;
  const successUrl = `${publicUrl}${paymentSuccessPathOf(plan)}`;
  const cancelUrl = `${publicUrl}${input.returnTo ?? paths.home()}`;
  const now = deps.clock();
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([customerId, priceId, successUrl, cancelUrl]))
    .digest('hex')
    .slice(0, 24);
  const idempotencyKey = `checkout-${user.id}-${fingerprint}-${Math.floor(now.getTime() / idempotencyWindowMs)}`;
  const session = await provider
    .createCheckoutSession({
      userId: user.id,
      customerId,
      plan,
      priceId,
      successUrl,
      cancelUrl,
      idempotencyKey,
    })
    .catch(providerFailure);
  await store.insertCheckoutSession(
    deps.db,
    {
      id: session.id,
      userId: user.id,
      provider: provider.kind,
      plan,
      priceId,
      successUrl,
      cancelUrl,
      expiresAt: new Date(now.getTime() + checkoutLifetimeMs),
    },
    now,
  );
  deps.logger.info('checkout session created', { provider: provider.kind, userId: user.id, plan });
  return { url: session.url };
}

export async function createPortalSession(
  deps: PaymentDeps,
  provider: PaymentProvider,
  user: UserRow,
): Promise<RedirectUrlResponse> {
  const customer = await store.findCustomer(deps.db, user.id);
  const subs = (await store.subscriptionsOf(deps.db, user.id)).filter((s) => s.provider === provider.kind);
  if (!customer || customer.provider !== provider.kind || subs.length === 0) {
    throw new AppError(400, premiumMessages.noActiveSubscription);
  }
  return provider
    .createPortalSession(customer.customerId, `${deps.config.publicUrl}${paths.home()}`)
    .catch(providerFailure);
}

/** A checkout session as its owner sees it (`presentCheckoutStatus`). */
export interface CheckoutStatus {
  snapshot: CheckoutSnapshot;
  plan: PlanType;
  role: Role;
}

/** The owner's view of a checkout session; a complete session whose webhook is late is fulfilled now. */
export async function checkoutSessionStatus(
  deps: PaymentDeps,
  provider: PaymentProvider,
  user: UserRow,
  sessionId: string,
): Promise<CheckoutStatus> {
  const row = await store.findCheckoutSession(deps.db, sessionId);
  if (!row || row.userId !== user.id || row.provider !== provider.kind) {
    throw new AppError(404, premiumMessages.checkoutSessionNotFound, errorCodes.notFound);
  }
  const snapshot = await provider.retrieveCheckoutSession(sessionId).catch(providerFailure);
  if (!snapshot) throw new AppError(404, premiumMessages.checkoutSessionNotFound, errorCodes.notFound);
  let role = (await freshUser(deps, user)).role;
  const subscriptionId = snapshot.subscriptionId;
  if (snapshot.status === 'complete' && subscriptionId && row.status !== 'complete') {
    const result = await fulfil(deps, provider, {
      event: null,
      subscriptionId,
      checkoutSessionId: row.id,
      load: () => provider.retrieveSubscription(subscriptionId).catch(providerFailure),
    });
    if (result.outcome === 'applied') role = result.role;
  }
  return { snapshot, plan: row.plan, role };
}

/** The user's newest subscription, or null. */
export async function currentSubscription(deps: PaymentDeps, user: UserRow): Promise<SubscriptionRow | null> {
  await expireEndedSubscriptions(deps, user.id);
  const [latest] = await store.subscriptionsOf(deps.db, user.id);
  return latest ?? null;
}

// ------------------------------------------------------------------------------------------------
// The demo provider's checkout page and portal (demo-routes.ts renders them).

export interface DemoCheckoutView {
  session: CheckoutSessionRow;
  status: 'open' | 'complete' | 'expired';
  alreadyPremium: boolean;
}

async function ownDemoSession(deps: PaymentDeps, user: UserRow, id: string): Promise<CheckoutSessionRow> {
  const row = await store.findCheckoutSession(deps.db, id);
  if (!row || row.userId !== user.id || row.provider !== 'demo') {
    throw new AppError(404, premiumMessages.checkoutSessionNotFound, errorCodes.notFound);
  }
  return row;
}

export async function demoCheckoutView(
  deps: PaymentDeps,
  provider: DemoProvider,
  user: UserRow,
  id: string,
): Promise<DemoCheckoutView> {
  const session = await ownDemoSession(deps, user, id);
  const fresh = await freshUser(deps, user);
  return {
    session,
    status: provider.checkoutSnapshot(session).status,
    alreadyPremium: !canStartCheckout(fresh.role),
  };
}

export const normalizePromotionCode = (code: string | undefined): string => (code ?? '').trim().toUpperCase();

export type DemoCheckoutAction = 'apply' | 'pay' | 'cancel';

/** Handles a button of the demo checkout page; answers where the browser goes next. */
export async function demoCheckoutAction(
  deps: PaymentDeps,
  provider: DemoProvider,
  user: UserRow,
  id: string,
  action: DemoCheckoutAction,
  promotionCodeInput: string | undefined,
): Promise<string> {
  const session = await ownDemoSession(deps, user, id);
  const page = `${deps.config.publicUrl}${endpointUrl(endpoints.demoCheckoutPage, { id })}`;
  const successUrl = session.successUrl.replace(checkoutSessionIdPlaceholder, encodeURIComponent(session.id));
  const status = provider.checkoutSnapshot(session).status;
  if (action === 'cancel') {
    if (status === 'open') await store.setCheckoutStatus(deps.db, id, 'expired');
    return session.cancelUrl;
  }
  if (status === 'complete') return successUrl;
  if (status !== 'open') return page;
  const code = normalizePromotionCode(promotionCodeInput);
  if (code && code !== launchPromotion.code) return `${page}?promo=invalid`;
  if (action === 'apply' || code) await store.setCheckoutStatus(deps.db, id, 'open', code || null);
  if (action === 'apply') return page;

  const fresh = await freshUser(deps, user);
  if (!canStartCheckout(fresh.role)) {
    // Premium already (another checkout was paid first): this one is closed and charges nothing.
    await store.setCheckoutStatus(deps.db, id, 'expired');
    const message =
      fresh.role === 'premium' ? premiumMessages.alreadySubscribed : premiumMessages.alreadyPremium;
    throw new AppError(409, message, errorCodes.conflict);
  }
  const customerId = await ensureCustomer(deps, provider, fresh);
  const subscription = provider.newSubscription(session, customerId, deps.clock());
  const paid = await fulfil(deps, provider, {
    // One event per checkout session: paying twice has no second effect.
    event: { id: `demo_evt_checkout_${session.id}`, type: 'checkout.session.completed' },
    subscriptionId: subscription.id,
    checkoutSessionId: session.id,
    load: async () => subscription,
    refuseIfSubscribed: true,
  });
  if (paid.outcome === 'ignored' && paid.refused) {
    // Another checkout of this user was paid at the same moment: this one charges nothing.
    await store.setCheckoutStatus(deps.db, id, 'expired');
    throw new AppError(409, premiumMessages.alreadySubscribed, errorCodes.conflict);
  }
  return successUrl;
}

/** The subscription the demo portal shows: the newest demo subscription of the user. */
export async function demoPortalSubscription(deps: PaymentDeps, user: UserRow) {
  await expireEndedSubscriptions(deps, user.id);
  const [latest] = (await store.subscriptionsOf(deps.db, user.id)).filter((s) => s.provider === 'demo');
  return latest ?? null;
}

/** 'Cancel subscription' in the demo portal: cancel at period end, as Stripe's portal does. */
export async function demoCancelSubscription(
  deps: PaymentDeps,
  provider: DemoProvider,
  user: UserRow,
): Promise<void> {
  const subscription = await demoPortalSubscription(deps, user);
  if (!subscription) throw new AppError(400, premiumMessages.noActiveSubscription);
  if (subscription.cancelAtPeriodEnd) return;
  await fulfil(deps, provider, {
    event: { id: provider.newEventId(), type: 'customer.subscription.updated' },
    subscriptionId: subscription.id,
    load: async (tx) => {
      const row = await store.findSubscription(tx, subscription.id);
      return row ? { ...toSnapshot(row), cancelAtPeriodEnd: true } : null;
    },
  });
}
