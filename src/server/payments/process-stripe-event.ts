import { eq } from 'drizzle-orm';
import type { StripeEventIds } from '../../shared/contracts/booking';
import { processedWebhookEvents } from '../db/schema';
import { AppError } from '../http/errors';
import { applyPaymentStatus } from './apply-payment-status';
import type { ApplyPaymentResult } from './payment-transitions';
import type { PaymentDeps } from './payment-deps';
import type { BillingEventHandler, FollowedIntentHandler } from './sellers';
import type { IncomingPaymentStatus } from './payment-transitions';
import { PaymentProviderError } from './provider';
import { isStripeProvider, UnknownStripePaymentError } from './stripe-provider';

/**
 * What a verified Stripe event may change (documenso, pretix: trust nothing in the payload beyond
 * ids). The event only says which PaymentIntent to look at; its state is fetched again from Stripe
 * and handed to the one confirm function, so repeats, stale and out-of-order events all end in the
 * state Stripe holds now. Event ids are recorded after success, so a repeat does nothing and a
 * failure part-way (busy lock, Stripe outage) is redelivered by Stripe and done then.
 */
export const handledStripeEvents = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
] as const;

/** A card reader's action finished: the seller that follows reader events asks the reader about it. */
const readerEvents = ['terminal.reader.action_succeeded', 'terminal.reader.action_failed'];

export type StripeEventOutcome =
  | { received: true; duplicate: true }
  | { received: true; billing: 'updated' | 'unchanged' | 'not_ours' }
  | { received: true; followed: 'updated' | 'unchanged' | 'not_ours' }
  | { received: true; ignored: 'event_type' | 'no_payment_intent' | 'not_our_payment' }
  | {
      received: true;
      outcome: Exclude<ApplyPaymentResult['outcome'], 'unknown_payment'>;
      paymentStatus: string;
      bookingStatus: string | null;
    };

export async function processStripeEvent(
  opts: PaymentDeps & { event: StripeEventIds; now: Date },
): Promise<StripeEventOutcome> {
  const { db, event, provider, log } = opts;
  const billingHandler = opts.sellers.billingHandlerFor(event.type);
  if (billingHandler) return processBillingEvent(opts, billingHandler);
  const readerFollower = readerEvents.includes(event.type) ? opts.sellers.readerEventFollower() : null;
  if (readerFollower)
    return processFollowedEvent(opts, readerFollower, { paymentIntentId: null, readerId: event.data.object.id });
  if (!(handledStripeEvents as readonly string[]).includes(event.type))
    return { received: true, ignored: 'event_type' };
  if (!isStripeProvider(provider)) throw new AppError('not_found', 'Stripe is not configured on this server.');

  const [seen] = await db
    .select({ id: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.eventId, event.id));
  if (seen) return { received: true, duplicate: true };

  const object = event.data.object;
  const paymentIntentId =
    event.type === 'charge.refunded'
      ? object.payment_intent
      : object.object === 'payment_intent'
        ? object.id
        : undefined;
  if (!paymentIntentId) return { received: true, ignored: 'no_payment_intent' };

  const intent = await provider.retrievePayment(paymentIntentId).catch((err: unknown) => {
    if (err instanceof UnknownStripePaymentError) {
      throw new AppError('unknown_payment_intent', `Stripe has no PaymentIntent ${paymentIntentId}.`);
    }
    log?.warn({ err, paymentIntentId }, 'Stripe unreachable while handling a webhook; Stripe will retry');
    if (err instanceof PaymentProviderError)
      throw new AppError('provider_unavailable', 'Stripe could not be reached. Please retry.');
    throw err;
  });

  // A PaymentIntent its seller follows itself (the till's card readers: no payments row) goes to that seller.
  // A refund's charge.refunded takes the usual path: the seller's payments row (if any) records refunds.
  const follower = event.type === 'charge.refunded' ? null : opts.sellers.intentFollowerOf(intent.seller);
  if (follower) return processFollowedEvent(opts, follower, { paymentIntentId, readerId: null });

  // The event type only said which PaymentIntent to look at: what is applied is Stripe's state now. A
  // fully refunded payment is reported as paid, then refunded, so a charge.refunded that overtakes
  // payment_intent.succeeded still ends where the two in order would (confirmed, then refunded).
  const statuses: IncomingPaymentStatus[] = [intent.status];
  if (intent.status === 'succeeded' && intent.amountRefundedPence >= intent.amountPence) statuses.push('refunded');
  else if (intent.amountRefundedPence > 0)
    log?.info(
      { paymentIntentId, refunded: intent.amountRefundedPence },
      'partial refund at Stripe: the booking stands',
    );

  let result: ApplyPaymentResult = { outcome: 'unknown_payment' };
  let changed = false;
  for (const status of statuses) {
    result = await applyPaymentStatus({ ...opts, providerPaymentId: paymentIntentId, status, details: intent.details });
    changed ||= result.outcome === 'updated';
  }
  if (result.outcome === 'unknown_payment') {
    // One of ours (it carries our booking id) that we have no record of is an inconsistency worth a
    // retry and a red mark in Stripe's dashboard; another integration's payment on the same account
    // is none of our business, and a 4xx would make Stripe retry it for days.
    if (intent.bookingId)
      throw new AppError('unknown_payment_intent', `No payment here for PaymentIntent ${paymentIntentId}.`);
    log?.info({ paymentIntentId, eventId: event.id }, 'webhook for a PaymentIntent that is not ours: ignored');
    await record(opts);
    return { received: true, ignored: 'not_our_payment' };
  }
  await record(opts);
  return {
    received: true,
    outcome: changed ? 'updated' : 'unchanged',
    paymentStatus: result.paymentStatus,
    bookingStatus: result.bookingStatus,
  };
}

/**
 * A subscription or invoice event (invoice.paid, ...): handed to the seller that registered for its type,
 * with only the object's id; the seller fetches it again from Stripe. Recorded after success, as above.
 */
async function processBillingEvent(
  opts: PaymentDeps & { event: StripeEventIds; now: Date },
  handle: BillingEventHandler,
): Promise<StripeEventOutcome> {
  const { db, event, provider, log } = opts;
  if (!isStripeProvider(provider) || !provider.billing)
    throw new AppError('not_found', 'Stripe is not configured on this server.');
  const [seen] = await db
    .select({ id: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.eventId, event.id));
  if (seen) return { received: true, duplicate: true };
  const billing = await handle(
    { db, billing: provider.billing, now: opts.now, publicUrl: opts.publicUrl, log },
    { id: event.id, type: event.type, objectId: event.data.object.id },
  ).catch((err: unknown) => {
    if (!(err instanceof PaymentProviderError)) throw err;
    log?.warn({ err, eventId: event.id }, 'Stripe unreachable while handling a billing webhook; Stripe will retry');
    throw new AppError('provider_unavailable', 'Stripe could not be reached. Please retry.');
  });
  await record(opts);
  return { received: true, billing };
}

/** A followed PaymentIntent's or reader's event, handed over with its ids; recorded after success, as above. */
async function processFollowedEvent(
  opts: PaymentDeps & { event: StripeEventIds; now: Date },
  handle: FollowedIntentHandler,
  about: { paymentIntentId: string | null; readerId: string | null },
): Promise<StripeEventOutcome> {
  const { db, event, log } = opts;
  const [seen] = await db
    .select({ id: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.eventId, event.id));
  if (seen) return { received: true, duplicate: true };
  const followed = await handle({ id: event.id, type: event.type, ...about }).catch((err: unknown) => {
    if (!(err instanceof PaymentProviderError)) throw err;
    log?.warn({ err, eventId: event.id }, 'Stripe unreachable while handling a followed event; Stripe will retry');
    throw new AppError('provider_unavailable', 'Stripe could not be reached. Please retry.');
  });
  await record(opts);
  return { received: true, followed };
}

async function record(opts: Pick<PaymentDeps, 'db'> & { event: StripeEventIds; now: Date }): Promise<void> {
  await opts.db
    .insert(processedWebhookEvents)
    .values({ eventId: opts.event.id, type: opts.event.type, processedAt: opts.now })
    .onConflictDoNothing();
}
