import type { PayoutSource } from './payout-types';
import type { SubscriptionBilling } from './subscription-billing';
import type { PaymentTerminal } from './terminal';

/**
 * The one payment-provider interface (DECISIONS.md "Money and payments"; pretix's provider model):
 * creating a payment never moves money, the provider's own record is the truth about its state, and
 * every call that could move money carries an idempotency key so a retry cannot charge or refund twice.
 * Implementations: Stripe (stripe-provider.ts) and the offline TEST MODE provider (test-provider.ts).
 */
export type ProviderName = 'stripe' | 'test';

/** The provider-neutral payment states; Stripe's PaymentIntent states map onto these. */
export const providerPaymentStatuses = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type ProviderPaymentStatus = (typeof providerPaymentStatuses)[number];

export type CreatePaymentInput = {
  amountPence: number;
  /** The booking id: the same key never creates a second payment. */
  idempotencyKey: string;
  description: string;
  email: string;
  metadata: Record<string, string>;
};

/**
 * How a payment was paid and where its receipt is, as the provider reports them (Stripe: the latest
 * charge's payment_method_details.type and receipt_url). Null while it does not know (no charge yet),
 * and always from the TEST MODE provider, which has no charges and sends no receipts.
 */
export type PaymentDetails = { methodType: string | null; receiptUrl: string | null };

export interface PaymentProvider {
  name: ProviderName;
  createPayment(o: CreatePaymentInput): Promise<{ providerPaymentId: string; clientSecret: string }>;
  retrievePayment(id: string): Promise<{ status: ProviderPaymentStatus; amountPence: number; details: PaymentDetails }>;
  refund(o: { providerPaymentId: string; amountPence: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /** Stripe Billing subscriptions (subscription-billing.ts); absent in TEST MODE. */
  billing?: SubscriptionBilling;
  /** Card readers at the counter (terminal.ts): Stripe Terminal, or TEST MODE's simulated reader. */
  terminal?: PaymentTerminal;
  /** Stripe's payouts and balance transactions (accounts, issue 50); absent in TEST MODE. */
  payouts?: PayoutSource;
  /**
   * TEST MODE only: charges, at once and without the family, the card an earlier payment (`savedFrom`) was
   * made with, as Stripe Billing charges a saved card for a renewal. The same key charges the same payment:
   * a retry after a decline tries that payment again; a success is final.
   */
  chargeSavedCard?(
    o: CreatePaymentInput & { savedFrom: string },
  ): Promise<{ providerPaymentId: string; clientSecret: string; status: ProviderPaymentStatus }>;
}

/** A provider call that failed (network, provider outage): the caller answers 502 and changes nothing it cannot undo. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}
