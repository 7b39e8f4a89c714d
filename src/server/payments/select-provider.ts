import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/**
 * Stripe when both keys are set, else the offline TEST MODE provider (DECISIONS.md). Tests may pass
 * another Stripe factory (one pointed at the local fake API).
 */
export type StripeProviderFactory = (config: Config) => PaymentProvider;

// The seam the Stripe provider plugs into.
const defaultStripeFactory: StripeProviderFactory | undefined = createStripeProvider;

export function selectPaymentProvider(opts: {
  config: Config;
  db: Db;
  createStripe?: StripeProviderFactory;
}): PaymentProvider {
  const { config } = opts;
  const createStripe = opts.createStripe ?? defaultStripeFactory;
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    if (!createStripe) throw new Error('Stripe keys are set but no Stripe provider is available in this build.');
    // Without the signing secret no webhook can be verified: payments would confirm only when the sweep re-checks.
    if (config.NODE_ENV === 'production' && !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error('Refusing to start: Stripe keys are set but STRIPE_WEBHOOK_SECRET is not (see docs/stripe.md).');
    }
    return createStripe(config);
  }
  if (config.NODE_ENV === 'production') {
    throw new Error(
      'Refusing to start: NODE_ENV=production but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not both set, ' +
        'so payments would use the offline TEST MODE provider. Set both Stripe keys (and STRIPE_WEBHOOK_SECRET).',
    );
  }
  return createTestProvider(opts.db);
}
