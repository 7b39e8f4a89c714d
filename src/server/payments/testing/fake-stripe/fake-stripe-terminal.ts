import { asString, asStringRecord, type FormValue } from './form-body';
import { fakeId, FakeStripeError, type FakeStripeState } from './fake-stripe-state';

/**
 * Stripe Terminal's server-driven integration on the fake Stripe peer, as the till calls it
 * (payments/stripe-terminal.ts) and as Stripe's own simulated readers behave:
 *   POST/GET /v1/terminal/locations
 *   POST /v1/terminal/readers (registration_code: 'simulated-wpe' / 'simulated-s700' make a simulated reader,
 *        a three-word code such as 'sepia-cerulean-aardvark' a "real" one), GET list and retrieve, DELETE
 *   POST /v1/terminal/readers/:id/process_payment_intent   (the reader's action: in_progress)
 *   POST /v1/terminal/readers/:id/cancel_action            (the action failed, failure_code 'canceled')
 *   POST /v1/payment_intents/:id/cancel
 *   POST /v1/test_helpers/terminal/readers/:id/present_payment_method   (simulated readers only)
 * Presenting a card completes the action: 4242 4242 4242 4242 (the default) approves, 4000 0000 0000 0002
 * declines (card_declined), 4000 0000 0000 9995 declines for insufficient funds; the events Stripe would send
 * (payment_intent.succeeded / payment_failed, terminal.reader.action_succeeded / action_failed,
 * payment_intent.canceled) go to `emit`.
 */
type Location = {
  id: string;
  object: 'terminal.location';
  display_name: string;
  address: Record<string, FormValue>;
  metadata: Record<string, string>;
  livemode: false;
};

type ReaderAction = {
  type: 'process_payment_intent';
  status: 'in_progress' | 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  api_error: { type: string; code: string; decline_code?: string; message: string } | null;
  process_payment_intent: { payment_intent: string };
};

export type FakeReader = {
  id: string;
  object: 'terminal.reader';
  action: ReaderAction | null;
  device_sw_version: string | null;
  device_type: string;
  ip_address: string | null;
  label: string;
  last_seen_at: number | null;
  livemode: false;
  location: string;
  metadata: Record<string, string>;
  serial_number: string;
  status: 'online' | 'offline';
};

/** The card_present test numbers, as Stripe's simulated reader answers them. */
const presentedCards: Record<string, { declineCode?: string; message?: string }> = {
  '4242424242424242': {},
  '4000000000000002': { declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new FakeStripeError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (what: string, id: string) =>
  new FakeStripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${what}: '${id}'`,
  });

type Reply = { status: number; body: unknown };
const ok = (body: unknown): Reply => ({ status: 200, body });
const list = (url: string, data: unknown[]) => ok({ object: 'list', url, has_more: false, data });

export function createFakeTerminal(state: FakeStripeState, emit: (type: string, objectId: string) => void) {
  const locations = new Map<string, Location>();
  const readers = new Map<string, FakeReader>();

  function reader(id: string): FakeReader {
    const found = readers.get(id);
    if (!found) throw missing('terminal.reader', id);
    return found;
  }

  function createReader(form: Record<string, FormValue>): FakeReader {
    const code = asString(form.registration_code) ?? '';
    const location = asString(form.location);
    if (!location) throw invalid('Missing required param: location.', { code: 'parameter_missing', param: 'location' });
    if (!locations.has(location)) throw missing('terminal.location', location);
    const simulated = { 'simulated-wpe': 'simulated_wisepos_e', 'simulated-s700': 'simulated_stripe_s700' }[code];
    if (!simulated && !/^[a-z]+-[a-z]+-[a-z]+$/.test(code))
      throw invalid('The registration code you provided is not valid.', { param: 'registration_code' });
    const created: FakeReader = {
      id: fakeId('tmr'),
      object: 'terminal.reader',
      action: null,
      device_sw_version: simulated ? null : '2.40.2.0',
      device_type: simulated ?? 'bbpos_wisepos_e',
      ip_address: '192.168.2.2',
      label: asString(form.label) || code,
      last_seen_at: Date.now(),
      livemode: false,
      location,
      metadata: asStringRecord(form.metadata),
      serial_number: `WSC513${String(readers.size + 100000)}`,
      status: 'online',
    };
    readers.set(created.id, created);
    return created;
  }

  function processPaymentIntent(r: FakeReader, form: Record<string, FormValue>): FakeReader {
    const id = asString(form.payment_intent);
    if (!id) throw invalid('Missing required param: payment_intent.', { code: 'parameter_missing' });
    const intent = state.pi(id);
    if (r.action?.status === 'in_progress')
      throw invalid('Reader is currently busy processing another request.', { code: 'terminal_reader_busy' });
    if (!intent.payment_method_types.includes('card_present'))
      throw invalid('This PaymentIntent does not allow card_present.', { code: 'payment_intent_invalid_parameter' });
    if (intent.status !== 'requires_payment_method')
      throw invalid(`This PaymentIntent's status is ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
    r.action = {
      type: 'process_payment_intent',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      api_error: null,
      process_payment_intent: { payment_intent: id },
    };
    return r;
  }

  /** The test helper: a card tapped on a simulated reader completes its action, as Stripe's simulator does. */
  function presentPaymentMethod(r: FakeReader, form: Record<string, FormValue>): FakeReader {
    if (!r.device_type.startsWith('simulated_'))
      throw invalid('This endpoint can only be used with simulated readers.');
    const action = r.action;
    if (!action || action.status !== 'in_progress')
      throw invalid('The reader has no action in progress to present a payment method to.', {
        code: 'terminal_reader_action_not_in_progress',
      });
    const cardPresent = form.card_present;
    const raw = cardPresent && typeof cardPresent === 'object' && !Array.isArray(cardPresent) ? cardPresent.number : '';
    const number = (asString(raw) || '4242424242424242').replace(/\s+/g, '');
    const card = presentedCards[number] ?? { declineCode: 'generic_decline', message: 'Your card was declined.' };
    const intentId = action.process_payment_intent.payment_intent;
    if (!card.declineCode) {
      state.controls.succeed(intentId, 'card_present');
      Object.assign(action, { status: 'succeeded' });
      emit('payment_intent.succeeded', intentId);
      emit('terminal.reader.action_succeeded', r.id);
      return r;
    }
    const error = { type: 'card_error', code: 'card_declined', decline_code: card.declineCode, message: card.message! };
    Object.assign(state.pi(intentId), { status: 'requires_payment_method', last_payment_error: error });
    Object.assign(action, {
      status: 'failed',
      failure_code: 'card_declined',
      failure_message: card.message,
      api_error: error,
    });
    emit('payment_intent.payment_failed', intentId);
    emit('terminal.reader.action_failed', r.id);
    return r;
  }

  function cancelAction(r: FakeReader): FakeReader {
    if (!r.action || r.action.status !== 'in_progress')
      throw invalid('This reader has no action in progress to cancel.', { code: 'terminal_reader_busy' });
    Object.assign(r.action, {
      status: 'failed',
      failure_code: 'canceled',
      failure_message: 'The action was canceled.',
    });
    emit('terminal.reader.action_failed', r.id);
    return r;
  }

  function cancelIntent(id: string): unknown {
    const intent = state.pi(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    state.controls.cancel(id);
    emit('payment_intent.canceled', id);
    return intent;
  }

  function route(method: string, path: string, form: Record<string, FormValue>): Reply | null {
    if (path === '/v1/terminal/locations') {
      if (method === 'GET') return list(path, [...locations.values()].reverse());
      const address = form.address;
      if (!asString(form.display_name) || !address || typeof address !== 'object' || Array.isArray(address))
        throw invalid('Missing required param: display_name and address.', { code: 'parameter_missing' });
      if (!asString(address.country))
        throw invalid('Missing required param: address[country].', { code: 'parameter_missing' });
      const location: Location = {
        id: fakeId('tml'),
        object: 'terminal.location',
        display_name: asString(form.display_name)!,
        address,
        metadata: asStringRecord(form.metadata),
        livemode: false,
      };
      locations.set(location.id, location);
      return ok(location);
    }
    if (path === '/v1/terminal/readers') {
      if (method === 'POST') return ok(createReader(form));
      const at = asString(form.location);
      return list(path, [...readers.values()].filter((r) => !at || r.location === at).reverse());
    }
    const one = /^\/v1\/terminal\/readers\/([^/]+)(?:\/(process_payment_intent|cancel_action))?$/.exec(path);
    if (one) {
      const r = reader(decodeURIComponent(one[1]!));
      if (method === 'GET' && !one[2]) return ok(r);
      if (method === 'DELETE' && !one[2]) {
        readers.delete(r.id);
        return ok({
          id: r.id,
          object: 'terminal.reader',
          deleted: true,
          device_type: r.device_type,
          serial_number: r.serial_number,
        });
      }
      if (method === 'POST' && one[2] === 'process_payment_intent') return ok(processPaymentIntent(r, form));
      if (method === 'POST' && one[2] === 'cancel_action') return ok(cancelAction(r));
    }
    const present = /^\/v1\/test_helpers\/terminal\/readers\/([^/]+)\/present_payment_method$/.exec(path);
    if (method === 'POST' && present) return ok(presentPaymentMethod(reader(decodeURIComponent(present[1]!)), form));
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) return ok(cancelIntent(decodeURIComponent(cancel[1]!)));
    return null;
  }

  /** Test control: the reader gives up on its action by itself (timed out, customer cancelled on the reader). */
  function failAction(readerId: string, code = 'terminal_reader_timeout', message = 'The reader timed out.') {
    const r = reader(readerId);
    if (r.action?.status !== 'in_progress') throw new Error(`reader ${readerId} has no action in progress`);
    Object.assign(r.action, { status: 'failed', failure_code: code, failure_message: message });
    emit('terminal.reader.action_failed', r.id);
    return r;
  }

  return { locations, readers, route, controls: { failAction } };
}
