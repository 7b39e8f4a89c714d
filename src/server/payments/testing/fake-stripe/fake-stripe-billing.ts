import { asString, asStringArray, asStringRecord, type FormValue } from './form-body';
import { fakeId, FakeStripeError, type FakeStripeState } from './fake-stripe-state';

/**
 * Stripe Billing on the fake Stripe peer, as much as memberships call (payments/stripe-billing.ts), shaped as
 * API version 2026-10-28 answers: products, customers, subscriptions (payment_behavior default_incomplete:
 * the first invoice open, its PaymentIntent waiting for the customer) and invoices, whose PaymentIntent is in
 * `payments` and whose client secret is `confirmation_secret` (each only when expanded). Test controls make
 * the next period's invoice and pay or fail it, as Stripe's renewals and Smart Retries would.
 */
type Invoice = {
  id: string;
  object: 'invoice';
  status: 'open' | 'paid' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  currency: 'gbp';
  customer: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: 'list';
    data: { id: string; object: 'line_item'; amount: number; period: { start: number; end: number } }[];
  };
  paymentIntent: string;
  livemode: false;
};
type Subscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  /** Collection paused (the invoices of the paused time voided): null when collecting. */
  pause_collection: { behavior: 'void' | 'keep_as_draft' | 'mark_uncollectible'; resumes_at: null } | null;
  metadata: Record<string, string>;
  payment_settings: Record<string, FormValue>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { unit_amount: number; currency: string; product: string; recurring: { interval: string } };
    }[];
  };
  latest_invoice: string;
  livemode: false;
};

const MONTH = 30 * 86_400;
const notFound = (what: string, id: string) =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
  });

/** A new open invoice for one period of the subscription, paid by the PaymentIntent `intentId`. */
function invoiceFor(sub: Subscription, reason: Invoice['billing_reason'], start: number, intentId: string): Invoice {
  const item = sub.items.data[0]!;
  return {
    id: fakeId('in'),
    object: 'invoice',
    status: 'open',
    billing_reason: reason,
    amount_due: item.price.unit_amount,
    amount_paid: 0,
    attempt_count: 0,
    next_payment_attempt: null,
    currency: 'gbp',
    customer: sub.customer,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: 'list',
      data: [
        {
          id: fakeId('il'),
          object: 'line_item',
          amount: item.price.unit_amount,
          period: { start, end: start + MONTH },
        },
      ],
    },
    paymentIntent: intentId,
    livemode: false,
  };
}

/** The invoice as the API shows it: `confirmation_secret` and `payments` only when expanded. */
function invoiceView(inv: Invoice, intent: { id: string; client_secret: string; status: string }, expand: string[]) {
  const { paymentIntent: _intent, ...shown } = inv;
  return {
    ...shown,
    ...(expand.includes('confirmation_secret')
      ? { confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' } }
      : {}),
    ...(expand.includes('payments')
      ? {
          payments: {
            object: 'list',
            has_more: false,
            data: [
              {
                id: fakeId('inpay'),
                object: 'invoice_payment',
                status: intent.status === 'succeeded' ? 'paid' : 'open',
                payment: { type: 'payment_intent', payment_intent: intent.id },
              },
            ],
          },
        }
      : {}),
  };
}

/** A subscription as POST /v1/subscriptions starts it: incomplete until its first invoice is paid. */
function subscriptionFor(
  customer: string,
  form: Record<string, FormValue>,
  price: { product: string; amount: number; interval: string | undefined },
): Subscription {
  return {
    id: fakeId('sub'),
    object: 'subscription',
    customer,
    status: 'incomplete',
    cancel_at_period_end: false,
    pause_collection: null,
    metadata: asStringRecord(form.metadata),
    payment_settings: (form.payment_settings as Record<string, FormValue>) ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: fakeId('si'),
          object: 'subscription_item',
          current_period_start: 0,
          current_period_end: 0,
          price: {
            unit_amount: price.amount,
            currency: 'gbp',
            product: price.product,
            recurring: { interval: price.interval ?? 'month' },
          },
        },
      ],
    },
    latest_invoice: '',
    livemode: false,
  };
}

/** A Billing Portal session: where the customer is sent, and back to where. */
function portalSessionFor(customer: string, returnUrl: string) {
  const id = fakeId('bps');
  return {
    id,
    object: 'billing_portal.session' as const,
    customer,
    return_url: returnUrl,
    url: `https://billing.stripe.test/p/session/${id}`,
    livemode: false,
  };
}

/** `pause_collection[behavior]=void` pauses; an empty `pause_collection=` lifts it, as Stripe's API reads them. */
function pauseOf(v: FormValue): Subscription['pause_collection'] {
  if (v === '') return null;
  const behavior = typeof v === 'object' && !Array.isArray(v) ? asString(v.behavior) : undefined;
  if (behavior !== 'void' && behavior !== 'keep_as_draft' && behavior !== 'mark_uncollectible')
    throw new FakeStripeError(400, {
      type: 'invalid_request_error',
      param: 'pause_collection[behavior]',
      message: 'Invalid pause_collection[behavior]: must be one of keep_as_draft, mark_uncollectible, or void',
    });
  return { behavior, resumes_at: null };
}

export function createFakeBilling(state: FakeStripeState) {
  const products = new Map<string, { id: string; object: 'product'; name: string }>();
  const customers = new Map<
    string,
    { id: string; object: 'customer'; email: string; metadata: Record<string, string> }
  >();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const invoiceOfIntent = new Map<string, string>();
  /** Every POST /v1/subscriptions/:id, in order, with its decoded parameters (what the app asked Stripe to change). */
  const updates: { subscription: string; params: Record<string, FormValue> }[] = [];
  /** Billing Portal sessions made, in order: the customer and where Stripe sends them back. */
  const portalSessions: { id: string; customer: string; return_url: string; url: string }[] = [];

  function newInvoice(sub: Subscription, reason: Invoice['billing_reason'], start: number): Invoice {
    const item = sub.items.data[0]!;
    const intent = state.createPaymentIntent({
      amount: item.price.unit_amount,
      currency: 'gbp',
      metadata: {},
      allowed: ['card', 'bacs_debit'],
    });
    const invoice = invoiceFor(sub, reason, start, intent.id);
    invoices.set(invoice.id, invoice);
    invoiceOfIntent.set(intent.id, invoice.id);
    Object.assign(item, { current_period_start: start, current_period_end: start + MONTH });
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** The invoice as the API shows it: `confirmation_secret` and `payments` only when expanded. */
  function view(inv: Invoice, expand: string[]) {
    return invoiceView(inv, state.pi(inv.paymentIntent), expand);
  }

  function sub(id: string) {
    const s = subscriptions.get(id);
    if (!s) throw notFound('subscription', id);
    return s;
  }
  function invoice(id: string) {
    const i = invoices.get(id);
    if (!i) throw notFound('invoice', id);
    return i;
  }
  function subView(s: Subscription, expand: string[]) {
    const inner = expand.filter((e) => e.startsWith('latest_invoice.')).map((e) => e.slice('latest_invoice.'.length));
    return expand.some((e) => e.startsWith('latest_invoice'))
      ? { ...s, latest_invoice: view(invoice(s.latest_invoice), inner) }
      : s;
  }

  /** The HTTP API; null when the path is not billing's. */
  function route(
    method: string,
    path: string,
    form: Record<string, FormValue>,
  ): { status: number; body: unknown } | null {
    const ok = (body: unknown) => ({ status: 200, body });
    const expand = asStringArray(form.expand);
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/products') {
      const id = asString(form.id) ?? fakeId('prod');
      if (products.has(id))
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_already_exists',
          message: `Product already exists.`,
        });
      const product = { id, object: 'product' as const, name: asString(form.name) ?? '' };
      products.set(id, product);
      return ok(product);
    }
    if (method === 'GET' && (m = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      const p = products.get(decodeURIComponent(m[1]!));
      if (!p) throw notFound('product', m[1]!);
      return ok(p);
    }
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: fakeId('cus'),
        object: 'customer' as const,
        email: asString(form.email) ?? '',
        metadata: asStringRecord(form.metadata),
      };
      customers.set(c.id, c);
      return ok(c);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = asString(form.customer);
      if (!customer || !customers.has(customer)) throw notFound('customer', customer ?? '');
      const items = Array.isArray(form.items) ? form.items : [];
      const priceData = (items[0] as Record<string, FormValue> | undefined)?.price_data as
        Record<string, FormValue> | undefined;
      const product = asString(priceData?.product);
      const amount = Number(asString(priceData?.unit_amount));
      if (!product || !products.has(product)) throw notFound('product', product ?? '');
      if (asString(form.payment_behavior) !== 'default_incomplete')
        throw new FakeStripeError(400, {
          type: 'invalid_request_error',
          message: 'This fake only starts subscriptions default_incomplete.',
        });
      const s = subscriptionFor(customer, form, {
        product,
        amount,
        interval: asString((priceData?.recurring as Record<string, FormValue>)?.interval),
      });
      subscriptions.set(s.id, s);
      newInvoice(s, 'subscription_create', Math.floor(Date.now() / 1000));
      return ok(subView(s, expand));
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const s = sub(decodeURIComponent(m[1]!));
      if (method === 'GET') return ok(subView(s, expand));
      if (method === 'POST') {
        if (asString(form.cancel_at_period_end) !== undefined)
          s.cancel_at_period_end = asString(form.cancel_at_period_end) === 'true';
        if (form.pause_collection !== undefined) s.pause_collection = pauseOf(form.pause_collection);
        updates.push({ subscription: s.id, params: form });
        return ok(subView(s, expand));
      }
      if (method === 'DELETE') {
        if (s.status === 'canceled')
          throw new FakeStripeError(400, {
            type: 'invalid_request_error',
            message: `This subscription is already canceled.`,
          });
        s.status = 'canceled';
        return ok(s);
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = asString(form.customer);
      if (!customer || !customers.has(customer)) throw notFound('customer', customer ?? '');
      const session = portalSessionFor(customer, asString(form.return_url) ?? '');
      portalSessions.push(session);
      return ok(session);
    }
    if (method === 'GET' && (m = /^\/v1\/invoices\/([^/]+)$/.exec(path)))
      return ok(view(invoice(decodeURIComponent(m[1]!)), expand));
    return null;
  }

  /** A PaymentIntent that paid an invoice: the invoice is paid, its subscription active. */
  function intentSucceeded(intentId: string) {
    const inv = invoices.get(invoiceOfIntent.get(intentId) ?? '');
    if (!inv) return;
    Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due, next_payment_attempt: null });
    const s = subscriptions.get(inv.parent.subscription_details.subscription);
    if (s && s.status !== 'canceled') s.status = 'active';
  }

  const billingControls = {
    /** Stripe makes the next period's invoice at the period's end (billing_reason subscription_cycle). */
    nextInvoice(subscriptionId: string) {
      const s = sub(subscriptionId);
      const made = newInvoice(s, 'subscription_cycle', s.items.data[0]!.current_period_end);
      // Collection paused with 'void': Stripe voids the invoice at once and charges nothing.
      if (s.pause_collection?.behavior === 'void') made.status = 'void';
      return made.id;
    },
    payInvoice(invoiceId: string) {
      const inv = invoice(invoiceId);
      inv.attempt_count++;
      state.controls.succeed(inv.paymentIntent);
      intentSucceeded(inv.paymentIntent);
      return inv;
    },
    /** A failed try; `final`: Stripe will not try again (next_payment_attempt null). */
    failInvoice(invoiceId: string, opts: { final?: boolean } = {}) {
      const inv = invoice(invoiceId);
      inv.attempt_count++;
      inv.next_payment_attempt = opts.final ? null : Math.floor(Date.now() / 1000) + 3 * 86_400;
      state.controls.fail(inv.paymentIntent);
      const s = subscriptions.get(inv.parent.subscription_details.subscription);
      if (s && s.status !== 'canceled') s.status = 'past_due';
      return inv;
    },
    /** Stripe (or staff in the Dashboard) cancelled the subscription. */
    cancelSubscription(subscriptionId: string) {
      sub(subscriptionId).status = 'canceled';
    },
    /** The family (Billing Portal) or staff (Dashboard) set or unset the end at the period's end. */
    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      sub(subscriptionId).cancel_at_period_end = cancel;
    },
  };

  return {
    products,
    customers,
    subscriptions,
    invoices,
    portalSessions,
    updates,
    route,
    intentSucceeded,
    ...billingControls,
    /** The raw invoice: which PaymentIntent pays it. */
    intentOfInvoice: (id: string) => invoice(id).paymentIntent,
  };
}
