import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseStripeForm } from './form-body';
import { createFakeBilling } from './fake-stripe-billing';
import { createFakePayouts } from './fake-stripe-payouts';
import { routePaymentIntentsAndRefunds, type Reply } from './fake-stripe-payment-routes';
import { createFakeTerminal } from './fake-stripe-terminal';
import { createFakeStripeState, fakeId, FakeStripeError } from './fake-stripe-state';

/**
 * A small local stand-in for api.stripe.com on 127.0.0.1, for tests only (ARCHITECTURE.md: outside
 * services are real clients talking to local peers). It answers exactly what our provider calls,
 * in the shapes and with the errors the real API uses, so the real `stripe` SDK runs unmodified:
 *   POST /v1/payment_intents        (Idempotency-Key honoured: same key, same PaymentIntent)
 *   GET  /v1/payment_intents/:id    (expand[]=latest_charge)
 *   POST /v1/refunds                (Idempotency-Key honoured)
 *   GET  /v1/refunds?payment_intent=
 *   Stripe Billing (fake-stripe-billing.ts): products, customers, subscriptions, invoices
 *   Stripe Terminal (fake-stripe-terminal.ts): locations, readers and their actions, PaymentIntent cancel
 *   Payouts and balance transactions (fake-stripe-payouts.ts; `payouts.payout` makes one)
 * Events the fake sends by itself (a card presented on a simulated reader, a cancelled action) go to the
 * webhook sink a test sets (`setWebhookSink`), as Stripe posts them to the endpoint; `settleWebhooks` waits
 * until every one sent so far is answered.
 * Test controls: the returned `controls` (succeed, fail, process, requireAction, cancel), also
 * reachable over HTTP as POST /_fake/payment_intents/:id/:action for a server in another process.
 */
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** An event as the fake sends it (the shape `event` builds). */
export type FakeEvent = { id: string; type: string; data: { object: unknown } };

export async function startFakeStripe() {
  const state = createFakeStripeState();
  const billing = createFakeBilling(state);
  const payouts = createFakePayouts(state);
  /** Events sent, in order; each also goes to the sink when one is set. */
  const sentEvents: FakeEvent[] = [];
  let webhookSink: ((event: FakeEvent) => Promise<unknown>) | null = null;
  const deliveries: Promise<unknown>[] = [];
  const terminal = createFakeTerminal(state, (type, objectId) => {
    const sent = event(type, objectId);
    sentEvents.push(sent);
    if (webhookSink) deliveries.push(webhookSink(sent).catch(() => undefined));
  });
  // A PaymentIntent that pays an invoice pays the invoice too, as Stripe's does.
  const controls = {
    ...state.controls,
    succeed: (id: string, method?: Parameters<typeof state.controls.succeed>[1]) => {
      const intent = state.controls.succeed(id, method);
      billing.intentSucceeded(id);
      return intent;
    },
  };
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  /** Answers the next N API calls with a 500, as a Stripe outage would. */
  let failNext = 0;

  function route(method: string, path: string, query: string, body: string): Reply {
    const control = /^\/_fake\/payment_intents\/([\w]+)\/(succeed|fail|process|requireAction|cancel)$/.exec(path);
    if (method === 'POST' && control) return { status: 200, body: controls[control[2] as 'succeed'](control[1]!) };

    const form = parseStripeForm(method === 'GET' || method === 'DELETE' ? query || body : body);
    const billed =
      billing.route(method, path, form) ?? terminal.route(method, path, form) ?? payouts.route(method, path, form);
    if (billed) return billed;
    const core = routePaymentIntentsAndRefunds(state, method, path, form);
    if (core) return core;
    throw new FakeStripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function handle(req: http.IncomingMessage, body: string): Reply {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey });
    if (url.pathname.startsWith('/v1/')) {
      if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? '')) {
        return {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
        };
      }
      if (failNext > 0) {
        failNext--;
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'An unknown error occurred (fake outage).' } },
        };
      }
    }
    // Stripe replays the first answer to a key (errors included) and refuses the key with other parameters.
    const fingerprint = `${method} ${url.pathname} ${body}`;
    const seen = idempotencyKey && method === 'POST' ? idempotent.get(idempotencyKey) : undefined;
    if (seen) {
      if (seen.fingerprint === fingerprint) return seen.reply;
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        },
      };
    }
    let reply: Reply;
    try {
      reply = route(method, url.pathname, url.search.slice(1), body);
    } catch (err) {
      if (!(err instanceof FakeStripeError)) throw err;
      reply = { status: err.httpStatus, body: { error: err.body } };
    }
    // Stripe stores the answer (including errors) so a replay answers the same; a copy keeps later state changes out of it.
    if (idempotencyKey && method === 'POST' && reply.status < 500)
      idempotent.set(idempotencyKey, { fingerprint, reply: JSON.parse(JSON.stringify(reply)) as Reply });
    return reply;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let reply: Reply;
      try {
        reply = handle(req, Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        reply = { status: 500, body: { error: { type: 'api_error', message: String(err) } } };
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': fakeId('req') });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** An event as Stripe would deliver it for this object's current state (the payload our webhook must not trust). */
  function event(type: string, objectId: string, opts: { id?: string } = {}) {
    const object = objectId.startsWith('ch_')
      ? state.charges.get(objectId)
      : objectId.startsWith('tmr_')
        ? terminal.readers.get(objectId)
        : objectId.startsWith('in_')
          ? billing.invoices.get(objectId)
          : objectId.startsWith('sub_')
            ? billing.subscriptions.get(objectId)
            : state.paymentIntents.get(objectId);
    return {
      id: opts.id ?? fakeId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: object
          ? structuredClone(object)
          : {
              id: objectId,
              object: objectId.startsWith('ch_') ? 'charge' : objectId.startsWith('in_') ? 'invoice' : 'payment_intent',
            },
      },
    };
  }

  return {
    port,
    host: '127.0.0.1',
    url: `http://127.0.0.1:${port}`,
    ...state,
    controls,
    billing,
    terminal,
    payouts,
    requests,
    event,
    sentEvents,
    /** Where the events the fake sends by itself go (the test kit signs them and posts them to the app). */
    setWebhookSink(sink: ((event: FakeEvent) => Promise<unknown>) | null) {
      webhookSink = sink;
    },
    /** Waits until every event sent so far has been delivered (and answered). */
    async settleWebhooks() {
      while (deliveries.length) await Promise.all(deliveries.splice(0));
    },
    failNextRequests(n: number) {
      failNext = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
