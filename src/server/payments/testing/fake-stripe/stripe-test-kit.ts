import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createBooking } from '../../../bookings/create-booking';
import { addDays, dayOfWeek, todayInLondon } from '../../../../shared/dates';
import { bookings, outbox, payments, processedWebhookEvents } from '../../../db/schema';
import { openTestApp } from '../../../testing/test-app';
import type { TestDbKind } from '../../../testing/test-database';
import { paymentDeps } from '../../payment-deps';
import { createStripeProvider } from '../../stripe-provider';
import { startFakeStripe } from './fake-stripe-server';

export const WEBHOOK_SECRET = 'whsec_test_playtimebarn';

/** The next Tuesday to Thursday at least three days ahead: a weekday all-day visit that is always bookable. */
export function weekdayAhead(now = new Date()): string {
  for (let i = 3; ; i++) {
    const date = addDays(todayInLondon(now), i);
    if ([2, 3, 4].includes(dayOfWeek(date))) return date;
  }
}

/**
 * The real app on a fresh database with the Stripe provider (real SDK) pointed at a local fake Stripe
 * API, plus helpers to book, to deliver signed webhooks, and to read what changed.
 */
export async function openStripeTestApp(kind: TestDbKind, opts: { now?: () => Date } = {}) {
  const fake = await startFakeStripe();
  const provider = createStripeProvider(
    { STRIPE_SECRET_KEY: 'sk_test_kit' },
    { apiBaseUrl: fake.url, timeoutMs: 3000 },
  );
  const t = await openTestApp(kind, {
    now: opts.now,
    payments: provider,
    config: {
      STRIPE_SECRET_KEY: 'sk_test_kit',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kit',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  const db = t.ctx.db;

  /** Two children and an adult on a weekday: £21.00. */
  async function book(email = 'jo@example.com') {
    const res = await createBooking({
      ...paymentDeps(t.ctx),
      now: new Date(),
      creditsAllowed: true,
      input: {
        customerName: 'Jo Bloggs',
        customerEmail: email,
        customerPhone: '07700 900123',
        selectedDate: weekdayAhead(),
        ticketQuantities: { 'child-1-12': 2, adult: 1 },
        totalAmount: 2100,
        agreeToTerms: true,
        loyaltyOptIn: false,
      },
    });
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, res.bookingId));
    return { bookingId: res.bookingId, clientSecret: res.clientSecret, paymentIntentId: payment!.providerPaymentId! };
  }

  type DeliverOpts = { secret?: string; timestamp?: number; signature?: string | null; contentType?: string };
  /** Posts a webhook as Stripe does: the exact JSON bytes, signed with the endpoint's secret. */
  function deliver(event: object | string, opts: DeliverOpts = {}) {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    const signature =
      opts.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: opts.secret ?? WEBHOOK_SECRET,
            timestamp: opts.timestamp,
          })
        : opts.signature;
    const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'application/json; charset=utf-8' };
    if (signature !== null) headers['stripe-signature'] = signature;
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload });
  }

  /** Everything a webhook may change, for before/after comparisons. */
  async function snapshot(bookingId: string) {
    const [b] = await db
      .select({ status: bookings.status, placesHeld: bookings.placesHeld })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const [p] = await db
      .select({ status: payments.status, refundStatus: payments.refundStatus, refundPence: payments.refundPence })
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    const mails = (await db.select({ subject: outbox.subject, key: outbox.dedupeKey }).from(outbox))
      .filter((m) => m.key?.endsWith(bookingId))
      .map((m) => m.key!.split(':')[0])
      .sort();
    return { booking: b, payment: p, mails };
  }

  const processedEvents = async () => (await db.select().from(processedWebhookEvents)).map((e) => e.eventId).sort();

  return {
    ...t,
    fake,
    provider,
    book,
    deliver,
    snapshot,
    processedEvents,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
