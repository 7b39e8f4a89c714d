import { asString, asStringArray, asStringRecord, type FormValue } from './form-body';
import { FakeStripeError, type FakeStripeState } from './fake-stripe-state';

/** A reply of the fake: HTTP status and JSON body. */
export type Reply = { status: number; body: unknown };

/** PaymentIntents (create, retrieve with expand[]=latest_charge) and refunds (create, list): the core API. */
export function routePaymentIntentsAndRefunds(
  state: FakeStripeState,
  method: string,
  path: string,
  form: Record<string, FormValue>,
): Reply | undefined {
  if (method === 'POST' && path === '/v1/payment_intents') {
    const amount = Number(asString(form.amount));
    const currency = asString(form.currency);
    if (!currency)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    if (!Number.isInteger(amount) || amount < 30) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least £0.30 gbp',
      });
    }
    const intent = state.createPaymentIntent({
      amount,
      currency,
      description: asString(form.description),
      metadata: asStringRecord(form.metadata),
      allowed: asStringArray(form.allowed_payment_method_types),
    });
    return { status: 200, body: intent };
  }
  const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
  if (method === 'GET' && retrieve) {
    const intent = state.pi(decodeURIComponent(retrieve[1]!));
    const expand = asStringArray(form.expand);
    const charge =
      intent.latest_charge && expand.includes('latest_charge') ? state.charges.get(intent.latest_charge) : undefined;
    return { status: 200, body: charge ? { ...intent, latest_charge: charge } : intent };
  }
  if (method === 'POST' && path === '/v1/refunds') {
    const paymentIntent = asString(form.payment_intent);
    if (!paymentIntent)
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'payment_intent',
        message: 'Missing required param: payment_intent.',
      });
    const amount = asString(form.amount);
    return {
      status: 200,
      body: state.createRefund({
        paymentIntent,
        amount: amount === undefined ? undefined : Number(amount),
        metadata: asStringRecord(form.metadata),
      }),
    };
  }
  if (method === 'GET' && path === '/v1/refunds') {
    const paymentIntent = asString(form.payment_intent);
    const data = [...state.refunds.values()]
      .filter((r) => !paymentIntent || r.payment_intent === paymentIntent)
      .reverse();
    return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
  }
  return undefined;
}
