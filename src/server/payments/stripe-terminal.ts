import Stripe from 'stripe';
import { PaymentProviderError } from './provider';
import type { PaymentTerminal, ReaderPaymentState, RegisteredReader } from './terminal';

/**
 * Stripe Terminal, server-driven (docs/stripe.md "Card readers at the counter"): a card_present PaymentIntent
 * created here, handed to a reader with process_payment_intent, its result read back from Stripe. Readers
 * sit at one location this app made (metadata.app marks it, so a second registration reuses it).
 */
const APP_MARK = 'play-time-barn';

function fail(action: string, err: unknown): never {
  if (err instanceof Stripe.errors.StripeError)
    throw new PaymentProviderError(
      `Stripe: ${action} failed (${err.type}${err.code ? ` ${err.code}` : ''}): ${err.message}`,
      err,
    );
  throw new PaymentProviderError(`Stripe: ${action} failed: ${String(err)}`, err);
}

/** Stripe refused what was asked (a bad registration code, a busy reader), rather than being unreachable. */
export class StripeTerminalRefusal extends PaymentProviderError {
  constructor(
    message: string,
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(message, cause);
  }
}

function refuseOrFail(action: string, err: unknown): never {
  if (err instanceof Stripe.errors.StripeInvalidRequestError)
    throw new StripeTerminalRefusal(err.message, err.code, err);
  return fail(action, err);
}

const readerOf = (r: Stripe.Terminal.Reader): RegisteredReader => ({
  providerReaderId: r.id,
  label: r.label,
  deviceType: r.device_type,
  serialNumber: r.serial_number,
  locationId: typeof r.location === 'string' ? r.location : (r.location?.id ?? ''),
  status: r.status,
});

/** A PaymentIntent as the till sees it: a decline leaves requires_payment_method with the error. */
export function readerPaymentStateOf(intent: Stripe.PaymentIntent): ReaderPaymentState {
  const base = { amountPence: intent.amount, metadata: intent.metadata ?? {}, message: null };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: 'paid' };
    case 'canceled':
      return { ...base, status: 'cancelled' };
    case 'requires_payment_method':
      return intent.last_payment_error
        ? { ...base, status: 'declined', message: intent.last_payment_error.message ?? 'The card was declined.' }
        : { ...base, status: 'in_progress' };
    default: // processing, requires_capture (captured automatically at once), requires_action
      return { ...base, status: 'in_progress' };
  }
}

export function createStripeTerminal(stripe: Stripe): PaymentTerminal {
  const retrieve = async (id: string) =>
    readerPaymentStateOf(await stripe.paymentIntents.retrieve(id).catch((e: unknown) => fail(`retrieve ${id}`, e)));
  return {
    simulatedOnly: false,

    async ensureLocation(venue) {
      const existing = await stripe.terminal.locations
        .list({ limit: 100 })
        .catch((e: unknown) => fail('list Terminal locations', e));
      const ours = existing.data.find((l) => !('deleted' in l && l.deleted) && l.metadata?.app === APP_MARK);
      if (ours) return ours.id;
      const created = await stripe.terminal.locations
        .create(
          {
            display_name: venue.displayName,
            address: {
              line1: venue.address.line1,
              city: venue.address.city,
              postal_code: venue.address.postalCode,
              country: venue.address.country,
            },
            metadata: { app: APP_MARK },
          },
          // Two admins registering the first two readers at once make one location.
          { idempotencyKey: `terminal-location:${APP_MARK}` },
        )
        .catch((e: unknown) => fail('create a Terminal location', e));
      return created.id;
    },

    async registerReader({ registrationCode, label, locationId }) {
      const reader = await stripe.terminal.readers
        .create({ registration_code: registrationCode, label, location: locationId, metadata: { app: APP_MARK } })
        .catch((e: unknown) => refuseOrFail('register a reader', e));
      return readerOf(reader);
    },

    async retrieveReader(id) {
      try {
        const reader = await stripe.terminal.readers.retrieve(id);
        return reader.deleted ? null : readerOf(reader);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
        return fail(`retrieve reader ${id}`, err);
      }
    },

    async deleteReader(id) {
      await stripe.terminal.readers.del(id).catch((err: unknown) => {
        // Already gone at Stripe (deleted in the Dashboard): what was asked is done.
        if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return;
        fail(`delete reader ${id}`, err);
      });
    },

    async createReaderPayment({ amountPence, description, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: amountPence,
            currency: 'gbp',
            allowed_payment_method_types: ['card_present'],
            capture_method: 'automatic',
            description,
            metadata,
          },
          { idempotencyKey: `reader-payment:${idempotencyKey}` },
        )
        .catch((e: unknown) => fail('create a card_present PaymentIntent', e));
      return { paymentIntentId: intent.id };
    },

    async processOnReader({ providerReaderId, paymentIntentId }) {
      await stripe.terminal.readers
        .processPaymentIntent(providerReaderId, { payment_intent: paymentIntentId })
        .catch((e: unknown) => refuseOrFail(`process ${paymentIntentId} on ${providerReaderId}`, e));
    },

    async cancelReaderAction(providerReaderId) {
      await stripe.terminal.readers.cancelAction(providerReaderId).catch((err: unknown) => {
        // No action in progress (it finished, or was cancelled already): nothing to take off the screen.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        fail(`cancel the action on ${providerReaderId}`, err);
      });
    },

    async cancelReaderPayment(paymentIntentId) {
      try {
        return readerPaymentStateOf(await stripe.paymentIntents.cancel(paymentIntentId));
      } catch (err) {
        // Paid (or cancelled) a moment before: Stripe's state says which.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state')
          return retrieve(paymentIntentId);
        return fail(`cancel ${paymentIntentId}`, err);
      }
    },

    retrieveReaderPayment: retrieve,

    async readerAction(providerReaderId) {
      const reader = await stripe.terminal.readers
        .retrieve(providerReaderId)
        .catch((e: unknown) => fail(`retrieve reader ${providerReaderId}`, e));
      const action = reader.deleted ? null : reader.action;
      const intent = action?.process_payment_intent?.payment_intent;
      if (!action || !intent) return null;
      return {
        paymentIntentId: typeof intent === 'string' ? intent : intent.id,
        status: action.status as 'in_progress' | 'succeeded' | 'failed',
        failureCode: action.failure_code,
        failureMessage: action.failure_message,
      };
    },
  };
}
