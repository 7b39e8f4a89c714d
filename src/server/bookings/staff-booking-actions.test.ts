import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { bookings, payments } from '../db/schema';
import { paymentDeps } from '../payments/payment-deps';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { createTestProvider } from '../payments/test-provider';
import { reportPayment } from '../payments/testing/report-payment';
import { runSweep } from '../sweep';
import { bookingPayload, payWith, postJson, taken } from './testing/booking-fixtures';
import { ledgerKinds, seedCredits } from '../credits/testing/credit-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import type { BookingManagerDetail } from '../../shared/contracts/booking-manager';
import { mailsTo } from './testing/booking-fixtures';
import { book } from '../testing/dashboard-fixtures';
import { auditRows } from '../testing/staff-fixtures';
import { expectStaffOnly, movableClock, useStaffBookingApp } from './testing/staff-booking-fixtures';
import { testDbKinds } from '../testing/test-database';

const clock = movableClock();

describe.each(testDbKinds)('staff booking manager: resend (%s)', (kind) => {
  const t = useStaffBookingApp(kind, clock.now);

  it('queues the confirmation again to the booking’s address and audits who sent it', async () => {
    const b = await book(t.app, { customerEmail: 'resend@example.com' });
    expect(await mailsTo(t.ctx.db, 'resend@example.com')).toHaveLength(1);
    clock.tick();
    const res = await t.req('POST', `/api/admin/bookings/${b.bookingId}/resend-confirmation`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mails = await mailsTo(t.ctx.db, 'resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.template).toBe('booking-confirmation');
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([
      expect.objectContaining({ actor: t.username, action: 'confirmation_resent' }),
    ]);
    const detail = (await t.req('GET', `/api/admin/bookings/${b.bookingId}`)).json() as {
      booking: BookingManagerDetail;
    };
    expect(detail.booking.mails).toHaveLength(2);
    expect(detail.booking.audit.map((a) => a.action)).toEqual(['confirmation_resent']);
  });

  it('refuses a booking that is not confirmed or does not exist (409 not_confirmed), auditing nothing', async () => {
    const unpaid = await book(t.app, { customerEmail: 'unpaid@example.com' }, { pay: false });
    const res = await t.req('POST', `/api/admin/bookings/${unpaid.bookingId}/resend-confirmation`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_confirmed');
    expect(await auditRows(t.ctx.db, unpaid.bookingId)).toEqual([]);
    const missing = await t.req(
      'POST',
      '/api/admin/bookings/00000000-0000-4000-8000-000000000000/resend-confirmation',
      {},
    );
    expect(missing.statusCode).toBe(409);
  });

  it('is for staff only: 401 without a session, 403 for a kiosk device', async () => {
    const b = await book(t.app, { customerEmail: 'guard@example.com' });
    const url = `/api/admin/bookings/${b.bookingId}/resend-confirmation`;
    await expectStaffOnly(t, url, {});
    expect(await mailsTo(t.ctx.db, 'guard@example.com')).toHaveLength(1);
  });
});

/** The test provider, with a switch that makes refunds fail as a provider outage would. */
function flakyProvider(inner: PaymentProvider) {
  const flags = { failRefund: false };
  const provider: PaymentProvider = {
    name: 'test',
    createPayment: (o) => inner.createPayment(o),
    retrievePayment: (id) => inner.retrievePayment(id),
    refund: async (o) => {
      if (flags.failRefund) throw new PaymentProviderError('provider down');
      return inner.refund(o);
    },
  };
  return { provider, flags };
}

describe.each(testDbKinds)('staff booking manager: cancel with a reason and a refund (%s)', (kind) => {
  const t = useStaffBookingApp(kind, clock.now);
  let flaky: ReturnType<typeof flakyProvider>;
  beforeAll(() => {
    flaky = flakyProvider(createTestProvider(t.ctx.db));
    t.ctx.payments = flaky.provider;
  });

  /** What the provider itself refunded for the booking's payment (its own ledger), and our payment row. */
  async function refunds(bookingId: string) {
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const [provider] = rowsOf<{ refunded_pence: number }>(
      await t.ctx.db.execute(sql`select refunded_pence from test_provider_payments where id = ${p!.providerPaymentId}`),
    );
    return { provider: provider!.refunded_pence, ours: p! };
  }
  const cancel = (id: string, body: unknown) => t.req('POST', `/api/admin/bookings/${id}/cancel`, body);
  // 2 children + 1 adult, morning of Wednesday 22 October: £21.00, loyalty opted in.
  const PAID = 2 * 950 + 200;

  it('full refund: places, points and the whole payment go back, the family gets one mail, audited', async () => {
    const before = await taken(t.ctx.db, '2025-10-22', 'morning');
    const b = await book(t.app, { customerEmail: 'full@example.com' });
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(before + 2);
    const res = await cancel(b.bookingId, { reason: 'Family phoned: child is ill', refund: 'full' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancelled', refundPence: PAID, alreadyCancelled: false });
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(before);
    const r = await refunds(b.bookingId);
    expect(r.provider).toBe(PAID);
    expect(r.ours).toMatchObject({ refundStatus: 'succeeded', refundPence: PAID, refundReason: 'cancelled' });
    const points = rowsOf<{ kind: string; points: number }>(
      await t.ctx.db.execute(
        sql`select kind, points from loyalty_ledger where booking_id = ${b.bookingId} order by created_at`,
      ),
    );
    expect(points.map((p) => p.kind)).toEqual(['earn', 'reverse']);
    expect(points.reduce((n, p) => n + p.points, 0)).toBe(0);
    const mails = await mailsTo(t.ctx.db, 'full@example.com');
    // One cancellation, one mail: it says what is refunded; the refund itself sends none of its own.
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
    expect(mails[1]!.text).toContain('A full refund of £21.00 is on its way to the card you paid with.');
    expect(mails[1]!.text).not.toContain('another e-mail');
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([
      expect.objectContaining({
        actor: t.username,
        action: 'booking_cancelled',
        details: { reason: 'Family phoned: child is ill', refund: 'full', refundPence: PAID, paidPence: PAID },
      }),
    ]);
  });

  it('at any time: a visit that has started can still be cancelled by staff', async () => {
    const b = await book(t.app, {
      customerEmail: 'late@example.com',
      selectedDate: '2025-10-21',
      selectedTime: 'afternoon',
    });
    const res = await cancel(b.bookingId, { reason: 'Left early, goodwill', refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refundPence).toBe(0);
  });

  it('partial refund of any amount up to what was paid; more is refused with a clear 400', async () => {
    const b = await book(t.app, { customerEmail: 'partial@example.com' });
    const tooMuch = await cancel(b.bookingId, { reason: 'Goodwill', refund: 'partial', refundPence: PAID + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatchObject({
      code: 'refund_too_large',
      message: 'At most £21.00 can be refunded on this booking.',
    });
    const [still] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, b.bookingId));
    expect(still!.status).toBe('confirmed');
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([]);
    // Not whole pence, or none at all for a partial refund: refused by the schema.
    expect((await cancel(b.bookingId, { reason: 'Goodwill', refund: 'partial', refundPence: 10.5 })).statusCode).toBe(
      400,
    );
    expect((await cancel(b.bookingId, { reason: 'Goodwill', refund: 'partial' })).statusCode).toBe(400);
    expect((await cancel(b.bookingId, { reason: '', refund: 'none' })).statusCode).toBe(400);

    const res = await cancel(b.bookingId, { reason: 'Half, as agreed', refund: 'partial', refundPence: 1050 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancelled', refundPence: 1050, alreadyCancelled: false });
    const r = await refunds(b.bookingId);
    expect(r.provider).toBe(1050);
    expect(r.ours).toMatchObject({ refundStatus: 'succeeded', refundPence: 1050 });
    const mails = await mailsTo(t.ctx.db, 'partial@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
    expect(mails[1]!.text).toContain('A partial refund of £10.50');
    const detail = (await t.req('GET', `/api/admin/bookings/${b.bookingId}`)).json() as {
      booking: BookingManagerDetail;
    };
    expect(detail.booking).toMatchObject({ status: 'cancelled', refundablePence: 0 });
    expect(detail.booking.payments[0]).toMatchObject({ refundPence: 1050, refundStatus: 'succeeded' });
    expect(detail.booking.audit[0]!.details).toMatchObject({ reason: 'Half, as agreed', refundPence: 1050 });
  });

  it('session credits spent on the booking come back, as when a family cancels', async () => {
    await seedCredits(t.ctx.db, 'credits@example.com', 1);
    const res0 = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'credits@example.com' }),
      await familyCookieFor(t.ctx.db, 'credits@example.com'),
    );
    expect(res0.statusCode, res0.body).toBe(201);
    const created = res0.json() as { clientSecret: string; bookingId: string; finalAmount: number };
    expect(created.finalAmount).toBe(950 + 200); // one child on the credit
    expect((await payWith(t.app, created.clientSecret)).json().status).toBe('succeeded');
    const tooMuch = await cancel(created.bookingId, { reason: 'Goodwill', refund: 'partial', refundPence: 1151 });
    expect(tooMuch.json().error.message).toBe('At most £11.50 can be refunded on this booking.');
    const res = await cancel(created.bookingId, { reason: 'Venue closed', refund: 'partial', refundPence: 500 });
    expect(res.json()).toMatchObject({ refundPence: 500 });
    expect(await ledgerKinds(t.ctx.db, 'credits@example.com')).toEqual(['grant:1', 'hold:1', 'use:1', 'refund:1']);
    const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(b!.creditsState).toBe('restored');
    const cancelled = (await mailsTo(t.ctx.db, 'credits@example.com')).find(
      (m) => m.template === 'booking-cancellation',
    );
    expect(cancelled!.text).toContain('A partial refund of £5.00');
    expect(cancelled!.text).toContain('Your 1 session credit is back in your account.');
  });

  it('no refund: cancelled, places back, nothing refunded, the family told', async () => {
    const b = await book(t.app, { customerEmail: 'none@example.com' });
    const res = await cancel(b.bookingId, { reason: 'No-show policy', refund: 'none' });
    expect(res.json()).toEqual({ status: 'cancelled', refundPence: 0, alreadyCancelled: false });
    const r = await refunds(b.bookingId);
    expect(r.provider).toBe(0);
    expect(r.ours).toMatchObject({ refundStatus: null, refundPence: 0, status: 'succeeded' });
    const mails = await mailsTo(t.ctx.db, 'none@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
  });

  it('a double click refunds once: two cancels at the same moment, and again later', async () => {
    const b = await book(t.app, { customerEmail: 'twice@example.com' });
    const both = await Promise.all([
      cancel(b.bookingId, { reason: 'Double click', refund: 'full' }),
      cancel(b.bookingId, { reason: 'Double click', refund: 'full' }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().alreadyCancelled).sort()).toEqual([false, true]);
    const again = await cancel(b.bookingId, { reason: 'Again', refund: 'partial', refundPence: 100 });
    expect(again.json()).toEqual({ status: 'cancelled', refundPence: 0, alreadyCancelled: true });
    expect((await refunds(b.bookingId)).provider).toBe(PAID);
    expect(await auditRows(t.ctx.db, b.bookingId)).toHaveLength(1);
    const mails = await mailsTo(t.ctx.db, 'twice@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
  });

  it('provider down: the cancel stands with its refund pending, and the sweep refunds once it is back', async () => {
    const b = await book(t.app, { customerEmail: 'down@example.com' });
    flaky.flags.failRefund = true;
    const res = await cancel(b.bookingId, { reason: 'Closed for repairs', refund: 'partial', refundPence: 500 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refunds(b.bookingId)).ours).toMatchObject({ refundStatus: 'pending', refundPence: 500 });
    await runSweep({ ...paymentDeps(t.ctx), now: clock.now() });
    expect((await refunds(b.bookingId)).provider).toBe(0);
    flaky.flags.failRefund = false;
    await runSweep({ ...paymentDeps(t.ctx), now: clock.now() });
    const r = await refunds(b.bookingId);
    expect(r.provider).toBe(500);
    expect(r.ours).toMatchObject({ refundStatus: 'succeeded', refundPence: 500 });
    // The retried refund sends no mail of its own: the cancellation mail told it.
    const mails = await mailsTo(t.ctx.db, 'down@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
  });

  it('a cancellation refund the provider reports before we record it sends no second mail', async () => {
    const b = await book(t.app, { customerEmail: 'race@example.com' });
    flaky.flags.failRefund = true;
    await cancel(b.bookingId, { reason: 'Closed for repairs', refund: 'full' });
    flaky.flags.failRefund = false;
    const { ours } = await refunds(b.bookingId);
    expect(ours).toMatchObject({ refundStatus: 'pending', refundReason: 'cancelled' });
    // The provider's report (a webhook) overtakes our own record of the refund, then the sweep finds it done.
    await reportPayment(t.ctx, ours.providerPaymentId!, 'refunded', clock.now());
    await runSweep({ ...paymentDeps(t.ctx), now: clock.now() });
    expect((await refunds(b.bookingId)).ours).toMatchObject({ refundStatus: 'succeeded', refundPence: PAID });
    const mails = await mailsTo(t.ctx.db, 'race@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
  });

  it('a refund that is no cancellation’s (made later at the provider) still sends the refund mail', async () => {
    const b = await book(t.app, { customerEmail: 'later@example.com' });
    await cancel(b.bookingId, { reason: 'No-show policy', refund: 'none' });
    const { ours } = await refunds(b.bookingId);
    // Staff change their mind and refund it in the provider's dashboard.
    await reportPayment(t.ctx, ours.providerPaymentId!, 'refunded', clock.now());
    const mails = await mailsTo(t.ctx.db, 'later@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation', 'booking-refund']);
    expect(mails[2]!.subject).toContain(`Refund of £21.00`);
  });

  it('refuses a booking never paid (409), an unknown one (404), non-staff (401) and kiosks (403)', async () => {
    const unpaid = await book(t.app, { customerEmail: 'unpaid2@example.com' }, { pay: false });
    const res = await cancel(unpaid.bookingId, { reason: 'x-x-x', refund: 'none' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_cancellable');
    expect((await cancel('00000000-0000-4000-8000-000000000000', { reason: 'xyz', refund: 'none' })).statusCode).toBe(
      404,
    );
    const b = await book(t.app, { customerEmail: 'guard2@example.com' });
    const url = `/api/admin/bookings/${b.bookingId}/cancel`;
    await expectStaffOnly(t, url, { reason: 'xyz', refund: 'none' });
    const [still] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, b.bookingId));
    expect(still!.status).toBe('confirmed');
  });
});
