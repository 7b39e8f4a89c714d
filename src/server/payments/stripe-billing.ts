import Stripe from 'stripe';
import { PaymentProviderError } from './provider';
import type { BillingInvoice, SubscriptionBilling } from './subscription-billing';

function fail(action: string, err: unknown): never {
  if (err instanceof Stripe.errors.StripeError)
    throw new PaymentProviderError(
      `Stripe: ${action} failed (${err.type}${err.code ? ` ${err.code}` : ''}): ${err.message}`,
      err,
    );
  throw new PaymentProviderError(`Stripe: ${action} failed: ${String(err)}`, err);
}

const missing = (err: unknown) => err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Stripe Billing for monthly memberships, with the pinned API version of this SDK (2026-10-28): an invoice no
 * longer has `payment_intent`; its client secret is `confirmation_secret` and its PaymentIntent is in
 * `payments` (both included only when expanded). Periods live on the subscription's items and the invoice's
 * lines. The subscription starts `default_incomplete`: nothing is charged until the family confirms the
 * first invoice's PaymentIntent in the Payment Element, and `save_default_payment_method: on_subscription`
 * keeps that card (or Bacs mandate) for the renewals Stripe then charges itself.
 */
export function createStripeBilling(stripe: Stripe): SubscriptionBilling {
  function invoiceOf(invoice: Stripe.Invoice): BillingInvoice {
    const line = invoice.lines?.data?.[0];
    const payment =
      invoice.payments?.data?.find((p) => p.payment?.type === 'payment_intent') ?? invoice.payments?.data?.[0];
    return {
      id: invoice.id!,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      billingReason: invoice.billing_reason ?? null,
      status: invoice.status ?? null,
      amountPaidPence: invoice.amount_paid,
      amountDuePence: invoice.amount_due,
      paymentIntentId: idOf(payment?.payment?.payment_intent),
      periodStart: date(line?.period?.start),
      periodEnd: date(line?.period?.end),
      attemptCount: invoice.attempt_count ?? 0,
      nextPaymentAttempt: date(invoice.next_payment_attempt),
    };
  }

  return {
    async createSubscription(o) {
      // One product per plan, named by us: retrieved, or created the first time (a race creating it twice
      // answers "already exists", which is as good).
      await stripe.products.retrieve(o.productId).catch(async (err: unknown) => {
        if (!missing(err)) fail(`retrieve product ${o.productId}`, err);
        await stripe.products
          .create({ id: o.productId, name: o.productName }, { idempotencyKey: `product:${o.productId}` })
          .catch((e: unknown) => fail(`create product ${o.productId}`, e));
      });
      const customer = await stripe.customers
        .create({ email: o.email, metadata: o.metadata }, { idempotencyKey: `customer:${o.idempotencyKey}` })
        .catch((err: unknown) => fail('create customer', err));
      const subscription = await stripe.subscriptions
        .create(
          {
            customer: customer.id,
            items: [
              {
                price_data: {
                  currency: 'gbp',
                  product: o.productId,
                  unit_amount: o.amountPence,
                  recurring: { interval: o.interval },
                },
              },
            ],
            payment_behavior: 'default_incomplete',
            payment_settings: {
              save_default_payment_method: 'on_subscription',
              payment_method_types: ['card', 'bacs_debit'],
            },
            metadata: o.metadata,
            expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
          },
          { idempotencyKey: `subscription:${o.idempotencyKey}` },
        )
        .catch((err: unknown) => fail('create subscription', err));
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      const providerPaymentId = invoice ? invoiceOf(invoice).paymentIntentId : null;
      if (!clientSecret || !providerPaymentId)
        throw new PaymentProviderError('Stripe: the subscription has no first payment to confirm');
      return { customerId: customer.id, subscriptionId: subscription.id, providerPaymentId, clientSecret };
    },

    async retrieveInvoice(id) {
      const invoice = await stripe.invoices
        .retrieve(id, { expand: ['payments'] })
        .catch((err: unknown) => fail(`retrieve invoice ${id}`, err));
      return invoiceOf(invoice);
    },

    async retrieveSubscription(id) {
      const s = await stripe.subscriptions
        .retrieve(id)
        .catch((err: unknown) => fail(`retrieve subscription ${id}`, err));
      return {
        id: s.id,
        status: s.status,
        customerId: idOf(s.customer),
        cancelAtPeriodEnd: s.cancel_at_period_end,
      };
    },

    async cancelSubscription(id, { atPeriodEnd }) {
      if (atPeriodEnd) {
        await stripe.subscriptions
          .update(id, { cancel_at_period_end: true }, { idempotencyKey: `cancel-at-period-end:${id}` })
          .catch((err: unknown) => fail(`cancel ${id} at period end`, err));
        return;
      }
      await stripe.subscriptions.cancel(id).catch((err: unknown) => {
        // Already cancelled (by us, Stripe, or staff in the Dashboard): what was asked for is so.
        if (missing(err)) return;
        if (err instanceof Stripe.errors.StripeError && /cancell?ed/i.test(err.message)) return;
        fail(`cancel ${id}`, err);
      });
    },

    async pauseCollection(id, { paused }) {
      // 'void': the invoices Stripe makes while paused are voided, so nothing is owed for the paused time; '' lifts it.
      await stripe.subscriptions
        .update(id, { pause_collection: paused ? { behavior: 'void' } : '' })
        .catch((err: unknown) => fail(`${paused ? 'pause' : 'resume'} collection of ${id}`, err));
    },

    async createPortalSession({ customerId, returnUrl }) {
      // A session is short-lived and single-use: each press makes a new one (no idempotency key to reuse).
      const session = await stripe.billingPortal.sessions
        .create({ customer: customerId, return_url: returnUrl })
        .catch((err: unknown) => fail(`create billing portal session for ${customerId}`, err));
      return { url: session.url };
    },
  };
}
