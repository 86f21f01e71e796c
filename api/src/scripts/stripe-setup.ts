import { z } from 'zod';
import { stripeApiTarget } from '../config.js';
import { createStripeClient } from '../modules/payments/providers/stripe.js';
import { setupReport, setupStripe } from '../modules/payments/setup.js';

/**
 * `npm run stripe:setup`: creates the product, the two prices and the LAUNCH30 promotion code in the
 * Stripe account of STRIPE_SECRET_KEY (idempotent), then prints the environment lines.
 */
const Env = z.object({
  STRIPE_SECRET_KEY: z
    .string({ message: 'is required (sk_test_... from the Stripe Dashboard, Developers > API keys)' })
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)'),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_URL: z.url().optional(),
  PORT: z.string().optional(),
});

async function main(): Promise<void> {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    process.stderr.write(`Invalid configuration:\n${lines.join('\n')}\n`);
    process.exit(1);
  }
  const env = parsed.data;
  const api = env.STRIPE_API_BASE ? stripeApiTarget(env.STRIPE_API_BASE) : undefined;
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, api });
  const result = await setupStripe(stripe);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, '');
  process.stdout.write(`${setupReport(result, publicUrl)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`stripe:setup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
