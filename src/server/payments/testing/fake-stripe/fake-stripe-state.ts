import { randomBytes } from 'node:crypto';

/**
 * The fake Stripe account's objects: just the fields our provider and webhook read, shaped as the
 * real API answers them, plus test controls that move a PaymentIntent the way a customer's card
 * or bank would.
 */
export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  capture_method: 'automatic';
  canceled_at: number | null;
  livemode: false;
  created: number;
};

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  /** A bank debit's charge is pending until the bank clears it. */
  status: 'pending' | 'succeeded';
  /** How it was paid: `type` names the method and a sub-object of that name holds its details. */
  payment_method_details: { type: FakePaymentMethod } & Partial<Record<FakePaymentMethod, object>>;
  /** Stripe's hosted receipt for this charge (kept up to date with refunds). */
  receipt_url: string;
  livemode: false;
  created: number;
};

/**
 * The methods our PaymentIntents allow (Google Pay and Apple Pay are 'card' with a wallet); 'card_present' is
 * a card on a Terminal reader (fake-stripe-terminal.ts).
 */
export type FakePaymentMethod = 'card' | 'bacs_debit' | 'card_present';

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
};

/** A Stripe-shaped API error: the SDK turns the body into its typed errors. */
export class FakeStripeError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createFakeStripeState() {
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();

  function pi(id: string): FakePaymentIntent {
    const found = paymentIntents.get(id);
    if (!found) {
      throw new FakeStripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return found;
  }

  function createPaymentIntent(p: {
    amount: number;
    currency: string;
    description?: string;
    metadata: Record<string, string>;
    allowed: string[];
  }) {
    const id = fakeId('pi');
    const types = p.allowed.length ? p.allowed : ['card'];
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: p.amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(10).toString('hex')}`,
      description: p.description ?? null,
      metadata: p.metadata,
      allowed_payment_method_types: p.allowed,
      payment_method_types: types,
      latest_charge: null,
      last_payment_error: null,
      capture_method: 'automatic',
      canceled_at: null,
      livemode: false,
      created: nowSeconds(),
    };
    paymentIntents.set(id, intent);
    return intent;
  }

  /** The charge an attempt makes, shaped as Stripe's (details of the method, a receipt page). */
  function newCharge(intent: FakePaymentIntent, method: FakePaymentMethod, status: FakeCharge['status']): FakeCharge {
    const details =
      method === 'card'
        ? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit', wallet: null }
        : method === 'card_present'
          ? {
              brand: 'visa',
              last4: '4242',
              exp_month: 12,
              exp_year: 2034,
              funding: 'credit',
              read_method: 'contactless_emv',
            }
          : { last4: '2345', sort_code: '108800', mandate: fakeId('mandate') };
    const charge: FakeCharge = {
      id: fakeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      status,
      payment_method_details: { type: method, [method]: details },
      receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(24).toString('base64url')}`,
      livemode: false,
      created: nowSeconds(),
    };
    charges.set(charge.id, charge);
    return charge;
  }

  /** What the customer's payment did, as tests and the control endpoint drive it. */
  const controls = {
    /** Paid: a card by default; a bank debit that was processing clears on the charge it already has. */
    succeed(id: string, method: FakePaymentMethod = 'card') {
      const intent = pi(id);
      const pending = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      const charge =
        pending?.status === 'pending'
          ? Object.assign(pending, { status: 'succeeded' as const })
          : newCharge(intent, method, 'succeeded');
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: charge.id,
        last_payment_error: null,
      });
      return intent;
    },
    /** A declined card: Stripe puts the PaymentIntent back to requires_payment_method with the error. */
    fail(id: string, message = 'Your card was declined.') {
      return Object.assign(pi(id), {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message },
      });
    },
    /** A bank debit (bacs_debit) submitted and not yet cleared. */
    process(id: string) {
      const intent = pi(id);
      const charge = newCharge(intent, 'bacs_debit', 'pending');
      return Object.assign(intent, { status: 'processing', latest_charge: charge.id, last_payment_error: null });
    },
    requireAction(id: string) {
      return Object.assign(pi(id), { status: 'requires_action' });
    },
    cancel(id: string) {
      return Object.assign(pi(id), { status: 'canceled', canceled_at: nowSeconds() });
    },
  };

  function createRefund(p: { paymentIntent: string; amount?: number; metadata: Record<string, string> }) {
    const intent = pi(p.paymentIntent);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining === 0) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = p.amount ?? remaining;
    if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = {
      id: fakeId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: charge.currency,
      status: 'succeeded',
      metadata: p.metadata,
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  return { paymentIntents, charges, refunds, pi, createPaymentIntent, createRefund, controls };
}

export type FakeStripeState = ReturnType<typeof createFakeStripeState>;
