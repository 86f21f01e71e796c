import { brand, endpoints, launchPromotion, type PlanType, planTypes, plans } from '@pd/domain';
import Stripe from 'stripe';
import { handledEventTypes } from './service.js';

/** Our product's fixed id: looking it up by id makes the setup idempotent without the search API. */
export const premiumProductId = 'ai_classroom_academy_premium';

export interface StripeSetupResult {
  productId: string;
  prices: Record<PlanType, string>;
  couponId: string;
  promotionCodeId: string;
  /** What this run created (empty on a second run). */
  created: string[];
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

/**
 * `npm run stripe:setup`: creates, once, the product, the quarterly and annual prices (found again by
 * their lookup_key), and the LAUNCH30 coupon (30% off, first invoice) with its promotion code.
 * Running it again changes nothing; a price whose amount changed is replaced (its lookup_key moves).
 */
export async function setupStripe(stripe: Stripe): Promise<StripeSetupResult> {
  const created: string[] = [];

  let product: Stripe.Product;
  try {
    product = await stripe.products.retrieve(premiumProductId);
  } catch (error) {
    if (!isMissing(error)) throw error;
    product = await stripe.products.create({
      id: premiumProductId,
      name: `${brand.productName} Premium`,
      description: 'Every premium course and prompt of the professional-development platform.',
      metadata: { app: 'ai-classroom-academy' },
    });
    created.push(`product ${product.id}`);
  }

  const existing = await stripe.prices.list({
    lookup_keys: planTypes.map((p) => plans[p].lookupKey),
    active: true,
    limit: 10,
  });
  const prices = {} as Record<PlanType, string>;
  for (const planType of planTypes) {
    const plan = plans[planType];
    const found = existing.data.find((price) => price.lookup_key === plan.lookupKey);
    const matches =
      found &&
      found.unit_amount === plan.amountCents &&
      found.currency === plan.currency &&
      found.recurring?.interval === plan.interval &&
      found.recurring.interval_count === plan.intervalCount;
    if (found && matches) {
      prices[planType] = found.id;
      continue;
    }
    const price = await stripe.prices.create({
      product: product.id,
      currency: plan.currency,
      unit_amount: plan.amountCents,
      recurring: { interval: plan.interval, interval_count: plan.intervalCount },
      lookup_key: plan.lookupKey,
      transfer_lookup_key: Boolean(found),
      nickname: `${plan.displayName} (${plan.priceLabel})`,
      metadata: { planType },
    });
    prices[planType] = price.id;
    created.push(`price ${price.id} (${planType})`);
  }

  let couponId: string = launchPromotion.code;
  try {
    couponId = (await stripe.coupons.retrieve(launchPromotion.code)).id;
  } catch (error) {
    if (!isMissing(error)) throw error;
    const coupon = await stripe.coupons.create({
      id: launchPromotion.code,
      name: `Launch ${launchPromotion.percentOff}% off`,
      percent_off: launchPromotion.percentOff,
      duration: launchPromotion.duration,
    });
    couponId = coupon.id;
    created.push(`coupon ${coupon.id}`);
  }

  const codes = await stripe.promotionCodes.list({ code: launchPromotion.code, active: true, limit: 1 });
  let promotionCodeId = codes.data[0]?.id;
  if (!promotionCodeId) {
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: couponId },
      code: launchPromotion.code,
    });
    promotionCodeId = code.id;
    created.push(`promotion code ${code.code}`);
  }

  return { productId: product.id, prices, couponId, promotionCodeId, created };
}

/** What to put in the environment, and what to configure in the Dashboard. */
export function setupReport(result: StripeSetupResult, publicUrl: string): string {
  const webhookUrl = `${publicUrl}${endpoints.stripeWebhook.path}`;
  return [
    result.created.length > 0
      ? `Created: ${result.created.join(', ')}`
      : 'Everything already existed; nothing created.',
    '',
    'Put these in the environment:',
    `STRIPE_PRICE_QUARTERLY=${result.prices.quarterly}`,
    `STRIPE_PRICE_ANNUAL=${result.prices.annual}`,
    '',
    `Then add a webhook endpoint at ${webhookUrl} for these events:`,
    `  ${handledEventTypes.join(', ')}`,
    'and set STRIPE_WEBHOOK_SECRET=whsec_... to its signing secret',
    `(locally: stripe listen --forward-to ${webhookUrl} prints one).`,
    'Save the customer portal settings once in the Dashboard (Settings > Billing > Customer portal).',
  ].join('\n');
}
