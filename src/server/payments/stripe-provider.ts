import Stripe from 'stripe';
import type { Config } from '../config';
import { createStripeBilling } from './stripe-billing';
import { createStripeTerminal } from './stripe-terminal';
import { createStripePayouts } from './payouts';
import {
  PaymentProviderError,
  type PaymentDetails,
  type PaymentProvider,
  type ProviderPaymentStatus,
} from './provider';

/**
 * Stripe PaymentIntents behind the provider interface (DECISIONS.md "Money and payments").
 *
 * Payment methods: an explicit `allowed_payment_method_types: ['card', 'bacs_debit']` (this SDK's
 * pinned API version replaced the old `payment_method_types` create parameter with it) rather than
 * `automatic_payment_methods`, so the server, not Dashboard settings, decides what a family is
 * offered: cards, with Google Pay and Apple Pay riding on `card` as wallets, and Bacs Direct Debit.
 * Stripe silently drops a listed type the account cannot use (e.g. Bacs before it is activated).
 * The Payment Element orders them with `paymentMethodOrder: ['card', 'google_pay', 'bacs_debit']`
 * (docs/stripe.md).
 */
export type StripeProviderOptions = {
  /** Only for tests: a local fake API such as http://127.0.0.1:PORT. */
  apiBaseUrl?: string;
  /** The booking transaction waits on createPayment, so a slow Stripe must fail fast rather than hold locks. */
  timeoutMs?: number;
};

/** What Stripe's PaymentIntent says, plus what charge.refunded needs. */
export type StripePaymentState = {
  status: ProviderPaymentStatus;
  amountPence: number;
  amountRefundedPence: number;
  /** Our booking (or credit purchase) id from the metadata: says the PaymentIntent is ours. */
  bookingId?: string;
  /** metadata.seller: a seller that follows its PaymentIntents itself (the till's card readers). */
  seller?: string;
  /** Stripe's message for the last failed attempt ("Your card was declined."). */
  failureMessage?: string;
  details: PaymentDetails;
};

export interface StripePaymentProvider extends PaymentProvider {
  name: 'stripe';
  retrievePayment(id: string): Promise<StripePaymentState>;
}

/** Stripe answered that no such PaymentIntent exists (a bogus id, or live/test mode mixed up). */
export class UnknownStripePaymentError extends PaymentProviderError {}

export function createStripeClient(secretKey: string, opts: StripeProviderOptions = {}): Stripe {
  const base = opts.apiBaseUrl ? new URL(opts.apiBaseUrl) : undefined;
  return new Stripe(secretKey, {
    // Every call here is idempotent (keys on POSTs), so the SDK may retry a dropped connection.
    maxNetworkRetries: 2,
    timeout: opts.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'play-time-barn' },
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** PaymentIntent status to ours. A declined attempt leaves requires_payment_method plus an error; the customer may retry. */
export function mapIntentStatus(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>,
): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture': // authorised, money reserved (we capture automatically, so this is brief)
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'pending';
    default: // requires_action, requires_confirmation, and any state a later API version adds
      return 'pending';
  }
}

function wrap(action: string, err: unknown): never {
  if (err instanceof Stripe.errors.StripeError) {
    if (err.code === 'resource_missing') throw new UnknownStripePaymentError(`Stripe: ${action}: ${err.message}`, err);
    throw new PaymentProviderError(
      `Stripe: ${action} failed (${err.type}${err.code ? ` ${err.code}` : ''}): ${err.message}`,
      err,
    );
  }
  throw new PaymentProviderError(`Stripe: ${action} failed: ${String(err)}`, err);
}

export function isStripeProvider(p: PaymentProvider): p is StripePaymentProvider {
  return p.name === 'stripe';
}

/** Plugs into select-provider.ts (`(config) => PaymentProvider`); tests add a fake API's address. */
export function createStripeProvider(
  config: Pick<Config, 'STRIPE_SECRET_KEY'>,
  opts: StripeProviderOptions = {},
): StripePaymentProvider {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  const stripe = createStripeClient(config.STRIPE_SECRET_KEY, opts);
  return {
    name: 'stripe',
    billing: createStripeBilling(stripe),
    terminal: createStripeTerminal(stripe),
    payouts: createStripePayouts(stripe),

    async createPayment({ amountPence, idempotencyKey, description, metadata }) {
      // The customer's e-mail is not sent as receipt_email: our confirmation e-mail is the receipt,
      // and Stripe would send a second one in live mode.
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: amountPence,
            currency: 'gbp',
            // A party's deposit holds a room for minutes and its balance is due before the day: a bank
            // debit takes days to clear, so parties are paid by card only.
            allowed_payment_method_types: metadata.partyBookingId ? ['card'] : ['card', 'bacs_debit'],
            description,
            // A credit purchase carries creditPurchaseId instead, a party partyBookingId, a gift voucher
            // giftVoucherId, an annual membership membershipId; anything else is a booking.
            metadata:
              metadata.creditPurchaseId || metadata.partyBookingId || metadata.giftVoucherId || metadata.membershipId
                ? metadata
                : { ...metadata, bookingId: metadata.bookingId ?? idempotencyKey },
          },
          // Keys are per Stripe account and live 24 h: the prefix keeps "create for booking X" apart from any
          // other request a caller might key on the same booking id (a refund, say).
          { idempotencyKey: `create-payment:${idempotencyKey}` },
        )
        .catch((err: unknown) => wrap('create PaymentIntent', err));
      if (!intent.client_secret) throw new PaymentProviderError('Stripe: PaymentIntent without a client secret');
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePayment(id) {
      const intent = await stripe.paymentIntents
        .retrieve(id, { expand: ['latest_charge'] })
        .catch((err: unknown) => wrap(`retrieve ${id}`, err));
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return {
        status: mapIntentStatus(intent),
        amountPence: intent.amount,
        amountRefundedPence: charge?.amount_refunded ?? 0,
        // Any id of ours: see processStripeEvent.
        bookingId:
          intent.metadata?.bookingId ??
          intent.metadata?.creditPurchaseId ??
          intent.metadata?.partyBookingId ??
          intent.metadata?.giftVoucherId ??
          intent.metadata?.membershipId,
        seller: intent.metadata?.seller,
        failureMessage: intent.last_payment_error?.message ?? undefined,
        // The charge says how it was paid ('card' also for Google Pay and Apple Pay, 'bacs_debit') and keeps
        // its receipt page up to date with any refund. No charge yet (nothing attempted): both unknown.
        details: {
          methodType: charge?.payment_method_details?.type ?? null,
          receiptUrl: charge?.receipt_url ?? null,
        },
      };
    },

    async refund({ providerPaymentId, amountPence, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: providerPaymentId, amount: amountPence },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (err) {
        // Staff already refunded it in the Dashboard: the money is back with the family, so report that
        // refund rather than fail for ever (the sweep would retry a failing refund on every pass).
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') {
          const latest = await stripe.refunds
            .list({ payment_intent: providerPaymentId, limit: 1 })
            .catch((e: unknown) => wrap(`list refunds of ${providerPaymentId}`, e));
          if (latest.data[0]) return { refundId: latest.data[0].id };
        }
        return wrap(`refund ${providerPaymentId}`, err);
      }
    },
  };
}
