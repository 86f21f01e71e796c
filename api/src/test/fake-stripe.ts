import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@pd/domain';
import Stripe from 'stripe';
import { findUserById } from '../modules/auth/store.js';
import type { PaymentDeps } from '../modules/payments/service.js';
import { startTestApp, type TestApp, type TestAppOptions } from './app.js';
import type { TestClient } from './client.js';
import { createMemoryLogger } from './logger.js';

/**
 * A small fake of the Stripe API on 127.0.0.1, enough for our calls: customers, checkout sessions,
 * subscriptions, the billing portal, and what `npm run stripe:setup` creates. The real SDK is
 * pointed at it (STRIPE_API_BASE), so the requests it records are what Stripe would receive.
 */

type Json = Record<string, unknown>;
/** A form-encoded Stripe parameter tree: strings at the leaves ('true', '3000'). */
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export const fakeSecretKey = 'sk_test_fake_0123456789';
export const fakeWebhookSecret = 'whsec_fake_0123456789abcdef';
export const fakePrices = { quarterly: 'price_fake_quarterly', annual: 'price_fake_annual' } as const;

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `line_items[0][price]=p` -> {line_items: [{price: 'p'}]}; `expand[]=a` -> {expand: ['a']}. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Params | ParamValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1] ?? '');
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Params | ParamValue[];
        return;
      }
      if (last) node[part] = value;
      else node = (node[part] ??= nextIsIndex ? [] : {}) as Params | ParamValue[];
    });
  }
  return root;
}

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

const str = (v: ParamValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: ParamValue | undefined): Params => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly coupons = new Map<string, Json>();
  readonly promotionCodes = new Map<string, Json>();
  /** Stripe refuses portal sessions until a portal configuration is saved in the dashboard. */
  portalConfigured = true;
  /** When true, cancelling a subscription fails (a provider that refuses, for issue 14's deletion). */
  refuseCancellation = false;
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  private server: Server | null = null;
  url = '';

  constructor() {
    for (const [plan, id] of Object.entries(fakePrices)) {
      this.prices.set(id, {
        id,
        object: 'price',
        active: true,
        currency: 'usd',
        lookup_key: `premium_${plan}`,
        unit_amount: plan === 'annual' ? 9900 : 3000,
        recurring:
          plan === 'annual'
            ? { interval: 'year', interval_count: 1 }
            : { interval: 'month', interval_count: 3 },
        product: 'prod_fake',
      });
    }
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points the api at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: fakeSecretKey,
      STRIPE_WEBHOOK_SECRET: fakeWebhookSecret,
      STRIPE_PRICE_QUARTERLY: fakePrices.quarterly,
      STRIPE_PRICE_ANNUAL: fakePrices.annual,
      STRIPE_API_BASE: this.url,
    };
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  // ---------------------------------------------------------------------------------------------
  // What a customer does at Stripe, and what Stripe then does.

  /**
   * The customer pays (with a promotion code of `percentOff`, if given): an active subscription is
   * created and the session completes with the amount charged.
   */
  completeCheckout(sessionId: string, { percentOff = 0 }: { percentOff?: number } = {}): Json {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const priceId = session.price as string;
    const subscription = this.createSubscription({
      customer: session.customer as string,
      priceId,
      metadata: (session.subscription_metadata as Json | undefined) ?? {},
    });
    const full = Number(session.amount_total ?? 0);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      amount_total: Math.round((full * (100 - percentOff)) / 100),
    });
    return session;
  }

  createSubscription(options: { customer: string; priceId: string; metadata?: Json; status?: string }): Json {
    const price = this.prices.get(options.priceId);
    if (!price) throw new Error(`no price ${options.priceId}`);
    const recurring = price.recurring as { interval: string; interval_count: number };
    const start = nowSeconds();
    const end = new Date(start * 1000);
    if (recurring.interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + recurring.interval_count);
    else end.setUTCMonth(end.getUTCMonth() + recurring.interval_count);
    const id = newId('sub');
    const subscription: Json = {
      id,
      object: 'subscription',
      customer: options.customer,
      status: options.status ?? 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      metadata: options.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: Math.floor(end.getTime() / 1000),
          },
        ],
      },
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** Changes a subscription as Stripe would (status, cancel at period end, a new period). */
  updateSubscription(
    id: string,
    patch: { status?: string; cancel_at_period_end?: boolean; current_period_end?: Date },
  ): Json {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    if (patch.status !== undefined) subscription.status = patch.status;
    if (patch.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = patch.cancel_at_period_end;
    if (patch.current_period_end) {
      const item = (subscription.items as { data: Json[] }).data[0];
      if (item) item.current_period_end = Math.floor(patch.current_period_end.getTime() / 1000);
    }
    return subscription;
  }

  /** A webhook event around a snapshot of `object` (handlers must re-fetch the current state). */
  event(type: string, object: Json): Json {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object) },
    };
  }

  /** An invoice event of a subscription, in the current API shape (parent.subscription_details). */
  invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', subscriptionId: string): Json {
    const subscription = this.subscriptions.get(subscriptionId);
    return this.event(type, {
      id: newId('in'),
      object: 'invoice',
      customer: subscription?.customer ?? null,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    });
  }

  // ---------------------------------------------------------------------------------------------
  // The HTTP side.

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = parseStripeForm(
      req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
    };
    this.requests.push(recorded);
    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    const cacheKey = recorded.method === 'POST' && recorded.idempotencyKey ? recorded.idempotencyKey : null;
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    if (cached) return send(cached.status, cached.body);
    let status = 200;
    let body: Json;
    try {
      if (recorded.authorization !== `Bearer ${fakeSecretKey}`) {
        throw new FakeError(401, 'api_key_invalid', 'Invalid API Key provided', 'authentication_error');
      }
      body = this.route(recorded);
    } catch (error) {
      if (!(error instanceof FakeError)) throw error;
      status = error.status;
      body = { error: { type: error.type, code: error.code, message: error.message } };
    }
    if (cacheKey) this.idempotent.set(cacheKey, { status, body });
    send(status, body);
  }

  private get<T extends Json>(map: Map<string, T>, id: string, what: string): T {
    const found = map.get(id);
    if (!found) throw new FakeError(404, 'resource_missing', `No such ${what}: '${id}'`);
    return found;
  }

  private route(r: RecordedRequest): Json {
    const p = r.params;
    const [, , resource, id, ...rest] = r.path.split('/');
    const key = `${r.method} ${resource === 'checkout' || resource === 'billing_portal' ? `${resource}/${id}` : resource}`;
    const subId = resource === 'checkout' || resource === 'billing_portal' ? rest[0] : id;
    switch (key) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: str(p.email),
          name: str(p.name),
          metadata: obj(p.metadata),
        };
        this.customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers':
        return this.get(this.customers, id ?? '', 'customer');
      case 'POST checkout/sessions': {
        if (str(p.mode) !== 'subscription')
          throw new FakeError(400, 'parameter_invalid', 'mode must be subscription');
        if (p.customer !== undefined) this.get(this.customers, str(p.customer) ?? '', 'customer');
        const item = obj((p.line_items as ParamValue[] | undefined)?.[0]);
        const price = this.get(this.prices, str(item.price) ?? '', 'price');
        const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: Json = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer: str(p.customer) ?? null,
          client_reference_id: str(p.client_reference_id) ?? null,
          metadata: obj(p.metadata),
          allow_promotion_codes: str(p.allow_promotion_codes) === 'true',
          success_url: str(p.success_url),
          cancel_url: str(p.cancel_url),
          subscription: null,
          amount_total: price.unit_amount ?? null,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          price: str(item.price),
          subscription_metadata: obj(obj(p.subscription_data).metadata),
        };
        this.checkoutSessions.set(sessionId, session);
        return session;
      }
      case 'GET checkout/sessions':
        return this.get(this.checkoutSessions, subId ?? '', 'checkout.session');
      case 'GET subscriptions':
        return this.get(this.subscriptions, id ?? '', 'subscription');
      case 'DELETE subscriptions': {
        if (this.refuseCancellation)
          throw new FakeError(400, 'subscription_locked', 'This subscription cannot be cancelled now');
        const subscription = this.get(this.subscriptions, id ?? '', 'subscription');
        subscription.status = 'canceled';
        return subscription;
      }
      case 'POST billing_portal/sessions': {
        this.get(this.customers, str(p.customer) ?? '', 'customer');
        if (!this.portalConfigured) {
          throw new FakeError(
            400,
            'parameter_missing',
            'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
          );
        }
        return {
          id: newId('bps'),
          object: 'billing_portal.session',
          customer: str(p.customer),
          return_url: str(p.return_url),
          url: `https://billing.stripe.test/p/session/${randomBytes(8).toString('hex')}`,
        };
      }
      case 'GET products':
        return this.get(this.products, id ?? '', 'product');
      case 'POST products': {
        const productId = str(p.id) ?? newId('prod');
        if (this.products.has(productId))
          throw new FakeError(400, 'resource_already_exists', 'Product already exists.');
        const product = {
          id: productId,
          object: 'product',
          name: str(p.name),
          active: true,
          metadata: obj(p.metadata),
        };
        this.products.set(productId, product);
        return product;
      }
      case 'GET prices': {
        const lookupKeys = (p.lookup_keys as string[] | undefined) ?? [];
        const data = [...this.prices.values()].filter(
          (price) =>
            (lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key as string)) &&
            (str(p.active) === undefined || String(price.active) === str(p.active)),
        );
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      }
      case 'POST prices': {
        const lookupKey = str(p.lookup_key);
        const holder = [...this.prices.values()].find((price) => price.lookup_key === lookupKey);
        if (holder && lookupKey) {
          if (str(p.transfer_lookup_key) !== 'true')
            throw new FakeError(400, 'lookup_key_in_use', 'A price with this lookup_key already exists.');
          holder.lookup_key = null;
        }
        const recurring = obj(p.recurring);
        const price = {
          id: newId('price'),
          object: 'price',
          active: true,
          currency: str(p.currency),
          unit_amount: Number(str(p.unit_amount)),
          lookup_key: lookupKey ?? null,
          product: str(p.product),
          recurring: {
            interval: str(recurring.interval),
            interval_count: Number(str(recurring.interval_count) ?? 1),
          },
          metadata: obj(p.metadata),
        };
        this.prices.set(price.id, price);
        return price;
      }
      case 'GET coupons':
        return this.get(this.coupons, id ?? '', 'coupon');
      case 'POST coupons': {
        const couponId = str(p.id) ?? newId('coupon');
        if (this.coupons.has(couponId))
          throw new FakeError(400, 'resource_already_exists', 'Coupon already exists.');
        const coupon = {
          id: couponId,
          object: 'coupon',
          percent_off: Number(str(p.percent_off)),
          duration: str(p.duration),
          name: str(p.name),
          valid: true,
        };
        this.coupons.set(couponId, coupon);
        return coupon;
      }
      case 'GET promotion_codes': {
        const data = [...this.promotionCodes.values()].filter(
          (code) =>
            (str(p.code) === undefined || code.code === str(p.code)) &&
            (str(p.active) === undefined || String(code.active) === str(p.active)),
        );
        return { object: 'list', data, has_more: false, url: '/v1/promotion_codes' };
      }
      case 'POST promotion_codes': {
        const promotion = obj(p.promotion);
        const coupon = this.get(this.coupons, str(promotion.coupon) ?? '', 'coupon');
        const code = {
          id: newId('promo'),
          object: 'promotion_code',
          code: str(p.code),
          active: true,
          promotion: { type: 'coupon', coupon },
        };
        this.promotionCodes.set(code.id, code);
        return code;
      }
      default:
        throw new FakeError(404, 'resource_missing', `Unrecognized request URL (${r.method}: ${r.path}).`);
    }
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}

const signer = new Stripe(fakeSecretKey);

/** Signs a payload as Stripe does (Stripe-Signature: t=...,v1=...). */
export function signPayload(payload: string, secret = fakeWebhookSecret, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Posts an event to the app's webhook the way Stripe does: raw JSON, signature, no Origin, no cookie. */
export async function deliverEvent(
  appUrl: string,
  event: Json,
  options: { secret?: string; signature?: string | null } = {},
): Promise<{ status: number; body: Json }> {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined ? signPayload(payload, options.secret) : options.signature;
  const res = await fetch(new URL('/api/stripe/webhook', appUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

// -------------------------------------------------------------------------------------------------
// Test bed: the app pointed at a fresh fake Stripe.

export interface PaymentsTestBed {
  app: TestApp;
  stripe: FakeStripe;
  close(): Promise<void>;
}

export async function startPaymentsTestBed(options: TestAppOptions = {}): Promise<PaymentsTestBed> {
  const stripe = await startFakeStripe();
  const app = await startTestApp({ ...options, env: { ...stripe.env(), ...options.env } });
  return {
    app,
    stripe,
    close: async () => {
      await app.close();
      await stripe.close();
    },
  };
}

export const sessionIdOfUrl = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

/** The teacher checks out, pays at (fake) Stripe, and Stripe delivers checkout.session.completed. */
/** A checkout that Stripe has completed; its `checkout.session.completed` event not delivered yet. */
export async function completedCheckout(
  bed: PaymentsTestBed,
  client: TestClient,
  planType: 'quarterly' | 'annual' = 'annual',
) {
  const res = await client.post<{ url: string }>('/api/stripe/create-checkout-session', { planType });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`);
  const sessionId = sessionIdOfUrl(res.body.url);
  const session = bed.stripe.completeCheckout(sessionId);
  return { sessionId, session, subscriptionId: session.subscription as string };
}

export async function subscribe(
  bed: PaymentsTestBed,
  client: TestClient,
  planType: 'quarterly' | 'annual' = 'annual',
): Promise<{ sessionId: string; subscriptionId: string }> {
  const { sessionId, session, subscriptionId } = await completedCheckout(bed, client, planType);
  const delivered = await deliverEvent(bed.app.url, bed.stripe.event('checkout.session.completed', session));
  if (delivered.status !== 200) throw new Error(`webhook failed: ${delivered.status}`);
  return { sessionId, subscriptionId };
}

export async function roleOf(app: TestApp, userId: string): Promise<Role | undefined> {
  return (await findUserById(app.db, userId))?.role;
}

/** What the payment service needs, taken from a test app (its clock, a quiet logger). */
export function paymentDeps(app: TestApp): PaymentDeps {
  return {
    db: app.db,
    config: app.config,
    clock: app.clock.now,
    logger: createMemoryLogger(),
    sessionCache: app.sessionCache,
  };
}
