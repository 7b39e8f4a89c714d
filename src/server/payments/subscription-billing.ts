/**
 * Recurring billing, as payments knows it (DECISIONS.md "Memberships": monthly plans are Stripe Billing
 * subscriptions). Payments knows subscriptions, invoices and customers, never what they buy: a seller
 * (memberships) asks for a subscription and is told of its invoices through `billingEvents` (sellers.ts).
 * Only the Stripe provider has this; the offline TEST MODE provider renews through `chargeSavedCard`.
 */
export type CreateSubscriptionInput = {
  email: string;
  /** The seller's row (a membership id): the same key never creates a second customer or subscription. */
  idempotencyKey: string;
  /** A stable product id per plan ("membership-monthly-play-pass"), created on first use. */
  productId: string;
  productName: string;
  amountPence: number;
  interval: 'month' | 'year';
  metadata: Record<string, string>;
};

export type CreatedSubscription = {
  customerId: string;
  subscriptionId: string;
  /** The first invoice's PaymentIntent: the payment row's provider payment id, confirmed like any other. */
  providerPaymentId: string;
  clientSecret: string;
};

/** What an invoice says, fetched again from the provider (a webhook's payload is never trusted). */
export type BillingInvoice = {
  id: string;
  subscriptionId: string | null;
  /** 'subscription_create' (the first), 'subscription_cycle' (a renewal), ... */
  billingReason: string | null;
  status: string | null;
  amountPaidPence: number;
  amountDuePence: number;
  paymentIntentId: string | null;
  /** The period the invoice's line pays for. */
  periodStart: Date | null;
  periodEnd: Date | null;
  attemptCount: number;
  /** When the provider will try again; null after its last try (or once paid). */
  nextPaymentAttempt: Date | null;
};

export type BillingSubscription = {
  id: string;
  status: string;
  customerId: string | null;
  /** Set to end at the period's end (by us, or in the provider's own screens: the Billing Portal, the Dashboard). */
  cancelAtPeriodEnd: boolean;
};

export interface SubscriptionBilling {
  createSubscription(o: CreateSubscriptionInput): Promise<CreatedSubscription>;
  retrieveInvoice(id: string): Promise<BillingInvoice>;
  retrieveSubscription(id: string): Promise<BillingSubscription>;
  /** At the period's end (no more renewals) or at once. Idempotent: cancelling twice changes nothing. */
  cancelSubscription(id: string, o: { atPeriodEnd: boolean }): Promise<void>;
  /**
   * Stops taking money (`paused: true`: the invoices of a paused time are voided, nothing is charged) or starts
   * again (`paused: false`: the next invoice is the next one due, never one for the paused time). Idempotent.
   */
  pauseCollection(id: string, o: { paused: boolean }): Promise<void>;
  /**
   * A page of the provider's where the customer changes the card (or mandate) renewals are taken from and
   * pays what is overdue (Stripe's Billing Portal); the customer comes back to `returnUrl`.
   */
  createPortalSession(o: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}

/** A verified provider event about a subscription or invoice, handed to the seller that registered for its type. */
export type BillingEvent = { id: string; type: string; objectId: string };
