import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../shared/contracts/booking';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { requestAs, type Req } from '../catalogue/testing/admin-fixtures';
import { membershipUnpaidVisits } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { paymentDeps } from '../payments/payment-deps';
import { openStripeTestApp } from '../payments/testing/fake-stripe/stripe-test-kit';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { runMembershipRenewals } from './renew-memberships';
import { familyWithChildren, mailsTo, membershipPayments, membershipRow } from './testing/membership-fixtures';

// Wednesday 1 July 2026, 09:00 in London: the Monthly Play Pass paid to 1 August. Tuesday 11 August is an
// off-peak weekday in the month after, which an active monthly membership pays for on trust of its renewal.
const START = new Date('2026-07-01T08:00:00Z');
const VISIT = '2026-08-11';
const minutesAfter = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);

/**
 * Issue 46 with Stripe (the real SDK against the fake Stripe peer): a bank debit waiting to clear holds the
 * child; money for a membership that could not start goes back and its subscription is cancelled; an admin's
 * pause pauses collection; and what is done in Stripe's own screens takes our own path.
 */
describe.each(testDbKinds)('memberships with Stripe keep their money straight (%s)', (kind) => {
  let clock = START;
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  beforeAll(async () => {
    t = await openStripeTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  const renew = () => runMembershipRenewals({ ...paymentDeps(t.ctx), now: clock });
  const admin = async () => requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);

  async function join(family: Req, childIds: string[]) {
    const res = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    expect(res.statusCode, res.body).toBe(201);
    const { membershipId } = res.json() as JoinMembershipResponse;
    const m = await membershipRow(t.ctx.db, membershipId);
    const sub = t.fake.billing.subscriptions.get(m.providerSubscriptionId!)!;
    return { membershipId, sub, intentId: t.fake.billing.intentOfInvoice(sub.latest_invoice) };
  }
  async function pay(intentId: string) {
    t.fake.controls.succeed(intentId);
    const res = await t.deliver(t.fake.event('payment_intent.succeeded', intentId));
    expect(res.statusCode, res.body).toBe(200);
  }

  it('holds the child while a Bacs join processes (409 to a card join); a loser’s late money is refunded and its subscription cancelled', async () => {
    clock = START;
    const email = 'bacs-family@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Gus'], clock);
    // A first join whose card form is left open: it expires after 15 minutes.
    const loser = await join(family, childIds);
    clock = minutesAfter(START, 16);
    await renew();
    expect((await membershipRow(t.ctx.db, loser.membershipId)).statusReason).toBe('expired');

    // A second join paid by Bacs Direct Debit: processing for days.
    const bacs = await join(family, childIds);
    t.fake.controls.process(bacs.intentId);
    expect((await t.deliver(t.fake.event('payment_intent.processing', bacs.intentId))).statusCode).toBe(200);
    expect((await membershipPayments(t.ctx.db, bacs.membershipId))[0]!.status).toBe('processing');
    // An hour later a card join for the same child: refused while the bank debit is on its way.
    clock = minutesAfter(START, 80);
    await renew();
    expect((await membershipRow(t.ctx.db, bacs.membershipId)).status).toBe('pending');
    const card = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    expect([card.statusCode, card.json().error.code]).toEqual([409, 'already_member']);
    const subscriptionsBefore = t.fake.billing.subscriptions.size;
    expect(t.fake.billing.subscriptions.size).toBe(subscriptionsBefore);

    // The bank debit clears: that membership starts.
    await pay(bacs.intentId);
    expect((await membershipRow(t.ctx.db, bacs.membershipId)).status).toBe('active');

    // The first join's form is paid after all: its child is covered, so all of it goes back, and its
    // subscription is cancelled (no two live subscriptions for one child).
    await pay(loser.intentId);
    const refunded = [...t.fake.refunds.values()].filter((r) => r.payment_intent === loser.intentId);
    expect(refunded.map((r) => r.amount)).toEqual([2499]);
    expect((await membershipPayments(t.ctx.db, loser.membershipId))[0]).toMatchObject({
      status: 'refunded',
      refundPence: 2499,
    });
    expect(await membershipRow(t.ctx.db, loser.membershipId)).toMatchObject({ status: 'ended', periodsPaid: 0 });
    expect(loser.sub.status).toBe('canceled');
    expect(bacs.sub.status).toBe('active');
    expect(await mailsTo(t.ctx.db, email, 'membership-payment-refunded')).toHaveLength(1);
  });

  it('pauses Stripe’s collection when an admin pauses, and resumes it when the admin resumes', async () => {
    clock = START;
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'venue-pause@example.com', ['Hana'], clock);
    const joined = await join(family, childIds);
    await pay(joined.intentId);
    const url = `/api/admin/memberships/${joined.membershipId}`;
    const paused = await (await admin())('POST', `${url}/pause`, { reason: 'Chargeback' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(t.fake.billing.updates.at(-1)).toEqual({
      subscription: joined.sub.id,
      params: { pause_collection: { behavior: 'void' } },
    });
    expect(joined.sub.pause_collection).toMatchObject({ behavior: 'void' });
    // Stripe's invoice for the paused time is voided: nothing is charged.
    expect(t.fake.billing.invoices.get(t.fake.billing.nextInvoice(joined.sub.id))!.status).toBe('void');

    const resumed = await (await admin())('POST', `${url}/resume`, { reason: 'Resolved' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(t.fake.billing.updates.at(-1)).toEqual({ subscription: joined.sub.id, params: { pause_collection: '' } });
    expect(joined.sub.pause_collection).toBeNull();
    expect((await membershipRow(t.ctx.db, joined.membershipId)).status).toBe('active');
  });

  it('takes a cancel at the period’s end set in the Billing Portal our own way: cancelled, mailed, the visits after the end noticed', async () => {
    clock = START;
    const email = 'portal-cancel@example.com';
    const { childIds, ...first } = await familyWithChildren(t.app, t.ctx.db, email, ['Ivo'], clock);
    const joined = await join(first.family, childIds);
    await pay(joined.intentId);
    // 20 days on, a visit after the period paid, covered on trust of the renewal (£0: no payment step).
    clock = minutesAfter(START, 20 * 1440);
    const cookie = await familyCookieFor(t.ctx.db, email, clock);
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: email,
        selectedDate: VISIT,
        selectedTime: 'midday',
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 0,
        childIds,
      }),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as CreateBookingResponse;
    expect(booked).toMatchObject({ membershipCover: 950, finalAmount: 0 });
    const family = requestAs(t.app, cookie);

    t.fake.billing.setCancelAtPeriodEnd(joined.sub.id, true);
    const updated = await t.deliver(t.fake.event('customer.subscription.updated', joined.sub.id));
    expect(updated.json()).toEqual({ received: true, billing: 'updated' });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
    });
    const view = (await family('GET', '/api/family/memberships')).json() as {
      memberships: { id: string; status: string; cancelAtPeriodEnd: boolean }[];
    };
    expect(view.memberships.find((m) => m.id === joined.membershipId)).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
    });
    expect(await mailsTo(t.ctx.db, email, 'membership-cancelled')).toHaveLength(1);
    const [marker] = await t.ctx.db
      .select()
      .from(membershipUnpaidVisits)
      .where(eq(membershipUnpaidVisits.membershipId, joined.membershipId));
    expect(marker).toMatchObject({ bookingId: booked.bookingId, reason: 'ending', outcome: null });
    const [notice] = await mailsTo(t.ctx.db, email, 'membership-unpaid-visits');
    expect(notice!.text).toContain('It had paid for this visit after that date');
    // The same event again under another id: nothing more.
    expect((await t.deliver(t.fake.event('customer.subscription.updated', joined.sub.id))).json()).toEqual({
      received: true,
      billing: 'unchanged',
    });

    // Taken back in the portal: it renews again.
    t.fake.billing.setCancelAtPeriodEnd(joined.sub.id, false);
    expect((await t.deliver(t.fake.event('customer.subscription.updated', joined.sub.id))).json()).toEqual({
      received: true,
      billing: 'updated',
    });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(await mailsTo(t.ctx.db, email, 'membership-renews-again')).toHaveLength(1);

    // Deleted in the Dashboard while its period runs: cancelled to the period's end, as our own cancel.
    t.fake.billing.cancelSubscription(joined.sub.id);
    expect((await t.deliver(t.fake.event('customer.subscription.deleted', joined.sub.id))).json()).toEqual({
      received: true,
      billing: 'updated',
    });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
    });
    expect(await mailsTo(t.ctx.db, email, 'membership-cancelled')).toHaveLength(2);
  });
});
