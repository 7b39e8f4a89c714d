import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../shared/contracts/booking';
import type { JoinMembershipResponse, UpdateCardResponse } from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { visitStart } from '../bookings/visit-time';
import { auditLog, bookings, membershipUnpaidVisits, payments, sessionOccupancy } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { paymentDeps } from '../payments/payment-deps';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { runMembershipRenewals } from './renew-memberships';
import {
  familyWithChildren,
  mailsTo,
  membershipPayments,
  membershipRow,
  payByTestCard,
} from './testing/membership-fixtures';
import { unpaidVisitDeadline } from './unpaid-visits';

// Wednesday 1 July 2026, 09:00 in London: the Monthly Play Pass paid to 1 August. Tuesday 11 August is an
// off-peak weekday in the month after, which an active monthly membership pays for on trust of its renewal.
const START = new Date('2026-07-01T08:00:00Z');
const VISIT = '2026-08-11';
const minutesAfter = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);
const daysAfter = (at: Date, d: number) => minutesAfter(at, d * 1440);

describe.each(testDbKinds)('visits a paused membership had paid for on trust (%s)', (kind) => {
  let clock = START;
  const t = useAdminApp(kind, { now: () => clock });
  const renew = () => runMembershipRenewals({ ...paymentDeps(t.ctx), now: clock });

  /** A family on the Monthly Play Pass paid with 0341 (later charges decline), and a visit on VISIT booked on it. */
  async function memberWithVisit(email: string) {
    clock = START;
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Nell'], clock);
    const joined = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    expect(joined.statusCode, joined.body).toBe(201);
    const { membershipId, clientSecret } = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, clientSecret, '4000000000000341')).json()).toEqual({ status: 'succeeded' });

    clock = daysAfter(START, 20);
    const cookie = await familyCookieFor(t.ctx.db, email, clock);
    // Nell's place is the membership's (on trust: after 1 August); the adult's £2.00 is paid.
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: email,
        selectedDate: VISIT,
        selectedTime: 'midday',
        ticketQuantities: { 'child-1-12': 1, adult: 1 },
        totalAmount: 200,
        childIds,
      }),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as CreateBookingResponse;
    expect(booked).toMatchObject({ membershipCover: 950, finalAmount: 200 });
    expect((await payByTestCard(t.app, booked.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const family2 = requestAs(t.app, cookie);
    const { reference } = await bookingOf(booked.bookingId);
    return { family: family2, membershipId, bookingId: booked.bookingId, reference };
  }

  /** The four tries (the period's end, then 1, 3 and 7 days after): paused after the last. */
  async function failAllTries(membershipId: string) {
    const periodEnd = (await membershipRow(t.ctx.db, membershipId)).currentPeriodEnd!;
    for (const day of [0, 1, 3, 7]) {
      clock = minutesAfter(daysAfter(periodEnd, day), 1);
      await renew();
    }
    expect(await membershipRow(t.ctx.db, membershipId)).toMatchObject({
      status: 'paused',
      statusReason: 'renewal_failed',
    });
  }

  const bookingOf = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const taken = async () =>
    (
      await t.ctx.db
        .select({ taken: sessionOccupancy.taken })
        .from(sessionOccupancy)
        .where(and(eq(sessionOccupancy.visitDate, VISIT), eq(sessionOccupancy.sessionId, 'midday')))
    )[0]?.taken ?? 0;
  const markers = (membershipId: string) =>
    t.ctx.db.select().from(membershipUnpaidVisits).where(eq(membershipUnpaidVisits.membershipId, membershipId));

  it('mails the visit at the pause, and cancels it at its deadline: place back, the adult refunded, mailed, audited; once', async () => {
    const email = 'unpaid@example.com';
    const { membershipId, bookingId, reference } = await memberWithVisit(email);
    const placesBefore = await taken();
    await failAllTries(membershipId);

    const [marker] = await markers(membershipId);
    // 48 hours before the midday session starts.
    const start = visitStart(VISIT, 'midday', await publicCatalogue(t.ctx.db, clock));
    expect(marker).toMatchObject({ bookingId, reason: 'paused', outcome: null });
    expect(marker!.deadline.getTime()).toBe(start.getTime() - 48 * 3_600_000);
    expect(unpaidVisitDeadline(start, marker!.noticedAt)).toEqual(marker!.deadline);
    const notice = await mailsTo(t.ctx.db, email, 'membership-unpaid-visits');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(reference);
    expect(notice[0]!.text).toContain('Tuesday 11 August 2026');
    expect(notice[0]!.text).toContain('Pay by Sunday 9 August 2026');
    expect(notice[0]!.text).toContain(`/my-bookings?membership=${membershipId}`);

    // The job again, and again later: nothing more is listed or mailed, and nothing is cancelled early.
    await renew();
    clock = minutesAfter(marker!.deadline, -1);
    expect(await renew()).toMatchObject({ visitsCancelled: 0, visitsKept: 0 });
    expect(await mailsTo(t.ctx.db, email, 'membership-unpaid-visits')).toHaveLength(1);
    expect((await bookingOf(bookingId)).status).toBe('confirmed');

    // The deadline passes; two processes run the job at once: cancelled once.
    clock = minutesAfter(marker!.deadline, 1);
    const [a, b] = await Promise.all([renew(), renew()]);
    expect(a.visitsCancelled + b.visitsCancelled).toBe(1);
    expect(await renew()).toMatchObject({ visitsCancelled: 0, visitsKept: 0 });
    expect((await bookingOf(bookingId)).status).toBe('cancelled');
    expect(await taken()).toBe(placesBefore - 1);
    expect((await markers(membershipId))[0]).toMatchObject({ outcome: 'cancelled' });
    const [paid] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(paid).toMatchObject({ amountPence: 200, refundPence: 200, refundReason: 'cancelled' });
    expect(paid!.refundStatus).toBe('succeeded');
    const cancelled = await mailsTo(t.ctx.db, email, 'booking-cancellation');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain('is paused because its payment did not go through');
    expect(cancelled[0]!.text).toContain('£2.00');
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, bookingId));
    expect(audit).toEqual([expect.objectContaining({ actor: 'system:memberships', action: 'booking_cancelled' })]);
  });

  it('keeps the visit when the family updates the card and pays before the deadline: active again, extended once', async () => {
    const email = 'payer@example.com';
    const { family, membershipId, bookingId } = await memberWithVisit(email);
    // While the renewal is being retried the card can be updated too; the answer is the overdue month's payment.
    const periodEnd = (await membershipRow(t.ctx.db, membershipId)).currentPeriodEnd!;
    await failAllTries(membershipId);
    const listed = await family('GET', '/api/family/memberships');
    expect(listed.json().memberships[0]).toMatchObject({ id: membershipId, status: 'paused', paymentDue: true });

    const res = await family('POST', `/api/family/memberships/${membershipId}/update-card`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as UpdateCardResponse;
    expect(answer).toMatchObject({ kind: 'card', amount: 2499 });
    if (answer.kind !== 'card') throw new Error('a card form was expected');
    // A declined card changes nothing; a good one pays the month.
    expect((await payByTestCard(t.app, answer.clientSecret, '4000000000000002')).json()).toMatchObject({
      status: 'failed',
    });
    expect((await membershipRow(t.ctx.db, membershipId)).status).toBe('paused');
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
    // The same confirmation again (a double press, a replay): still once.
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const after = await membershipRow(t.ctx.db, membershipId);
    expect(after).toMatchObject({ status: 'active', statusReason: null, periodsPaid: 2, renewalAttempts: 0 });
    expect(after.currentPeriodEnd!.toISOString()).toBe('2026-08-31T23:00:00.000Z');
    expect(after.currentPeriodStart).toEqual(periodEnd);
    expect((await membershipPayments(t.ctx.db, membershipId)).map((p) => [p.membershipPeriod, p.status])).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    // Nothing more is owed: a second press is refused.
    const again = await family('POST', `/api/family/memberships/${membershipId}/update-card`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'membership_state']);

    const [marker] = await markers(membershipId);
    clock = minutesAfter(marker!.deadline, 1);
    expect(await renew()).toMatchObject({ visitsCancelled: 0, visitsKept: 1 });
    expect(await renew()).toMatchObject({ visitsCancelled: 0, visitsKept: 0 });
    expect((await bookingOf(bookingId)).status).toBe('confirmed');
    expect(await mailsTo(t.ctx.db, email, 'booking-cancellation')).toHaveLength(0);

    // The next renewal is taken from the new card (4242), not the one that declined.
    clock = minutesAfter(after.currentPeriodEnd!, 1);
    expect(await renew()).toMatchObject({ renewed: 1, failed: 0 });
    expect(await membershipRow(t.ctx.db, membershipId)).toMatchObject({ status: 'active', periodsPaid: 3 });
  });

  it('answers 401 without a session and 404 for another family; an admin’s pause is not undone by paying', async () => {
    const email = 'paused-by-admin@example.com';
    const { family, membershipId } = await memberWithVisit(email);
    const periodEnd = (await membershipRow(t.ctx.db, membershipId)).currentPeriodEnd!;
    clock = minutesAfter(periodEnd, 1);
    expect(await renew()).toMatchObject({ failed: 1 });
    expect(await membershipRow(t.ctx.db, membershipId)).toMatchObject({ status: 'past_due' });

    const anon = await t.anon('POST', `/api/family/memberships/${membershipId}/update-card`);
    expect(anon.statusCode).toBe(401);
    const other = await familyWithChildren(t.app, t.ctx.db, 'someone-else@example.com', ['Zed'], clock);
    const stranger = await other.family('POST', `/api/family/memberships/${membershipId}/update-card`);
    expect([stranger.statusCode, stranger.json().error.code]).toEqual([404, 'not_found']);

    // The family starts paying while past due; then an admin pauses it before the card is confirmed.
    const started = (
      await family('POST', `/api/family/memberships/${membershipId}/update-card`)
    ).json() as UpdateCardResponse;
    if (started.kind !== 'card') throw new Error('a card form was expected');
    const admin = requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    const paused = await admin('POST', `/api/admin/memberships/${membershipId}/pause`, { reason: 'Asked by phone' });
    expect(paused.statusCode, paused.body).toBe(200);
    const refused = await family('POST', `/api/family/memberships/${membershipId}/update-card`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'membership_state']);
    expect((await family('GET', '/api/family/memberships')).json().memberships[0]).toMatchObject({
      status: 'paused',
      paymentDue: false,
    });
    // The month is paid, but the admin's pause and its reason stay.
    expect((await payByTestCard(t.app, started.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await membershipRow(t.ctx.db, membershipId)).toMatchObject({
      status: 'paused',
      statusReason: 'admin: Asked by phone',
      periodsPaid: 2,
    });
    // An admin's pause lists no visits (the admin decides): nothing to cancel.
    expect(await markers(membershipId)).toEqual([]);
  });

  it('lists visits after the end when the family cancels to the period’s end, and cancels them at the deadline', async () => {
    const email = 'leaving@example.com';
    const { family, membershipId, bookingId } = await memberWithVisit(email);
    const res = await family('POST', `/api/family/memberships/${membershipId}/cancel`, { mode: 'end_of_period' });
    expect(res.statusCode, res.body).toBe(200);
    const [marker] = await markers(membershipId);
    expect(marker).toMatchObject({ bookingId, reason: 'ending', outcome: null });
    const notice = await mailsTo(t.ctx.db, email, 'membership-unpaid-visits');
    expect(notice).toHaveLength(1);
    // The last day it covers (shared/memberships.ts lastDayPaid), not the day after.
    expect(notice[0]!.text).toContain('ends on Friday 31 July 2026');
    clock = minutesAfter(marker!.deadline, 1);
    expect(await renew()).toMatchObject({ visitsCancelled: 1 });
    expect((await bookingOf(bookingId)).status).toBe('cancelled');
  });
  it('erasing the family first cancels its visits waiting for their deadline, as at the deadline (issue 46)', async () => {
    const email = 'erase-me@example.com';
    const { family, membershipId, bookingId } = await memberWithVisit(email);
    const placesBefore = await taken();
    const res = await family('POST', `/api/family/memberships/${membershipId}/cancel`, { mode: 'end_of_period' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await markers(membershipId))[0]).toMatchObject({ bookingId, reason: 'ending', outcome: null });

    // Long before the deadline, an admin erases the family: the visit is settled first, not left to a deadline
    // that would cancel a booking naming no one (and refund a family the venue no longer knows).
    const admin = requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    const erased = await admin('POST', '/api/admin/privacy/erase', { email });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await markers(membershipId))[0]).toMatchObject({ outcome: 'cancelled' });
    expect((await bookingOf(bookingId)).status).toBe('cancelled');
    expect(await taken()).toBe(placesBefore - 1);
    const [paid] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(paid).toMatchObject({ amountPence: 200, refundPence: 200, refundReason: 'cancelled' });
    expect((await membershipRow(t.ctx.db, membershipId)).status).toBe('ended');
    clock = daysAfter(START, 45);
    expect(await renew()).toMatchObject({ visitsCancelled: 0, visitsKept: 0 });
  });
});
