import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, payments, testProviderPayments } from '../db/schema';
import { paymentDeps } from '../payments/payment-deps';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { runSweep } from '../sweep';
import {
  bookingPayload,
  cancelTokenFrom,
  mailsTo,
  payWith,
  postJson,
  taken,
  getBooking,
} from './testing/booking-fixtures';

// Monday 20 October 2025, 11:00 BST. The visit is Wednesday 22 October, 9:30 AM.
const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('booking life cycle through the test provider on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });

  const create = async (email: string, overrides = {}) => {
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: email, ...overrides }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      clientSecret: string;
      bookingId: string;
      originalAmount: number;
      finalAmount: number;
      sessionCreditsUsed: number;
      creditSavings: number;
    };
  };
  const status = async (id: string) => (await getBooking(t.app, id)).json();

  it('holds places, confirms on 4242, and mails the QR ticket and the .ics', async () => {
    const before = await taken(t.ctx.db, '2025-10-22', 'morning');
    const created = await create('confirm@example.com');
    expect(created).toMatchObject({ originalAmount: 2100, finalAmount: 2100, sessionCreditsUsed: 0, creditSavings: 0 });
    expect(created.clientSecret).toMatch(/^tp_.+_secret_/);
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(before + 2);
    expect((await status(created.bookingId)).status).toBe('pending');

    const paid = await payWith(t.app, created.clientSecret);
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const confirmed = await status(created.bookingId);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      customerName: 'Jo Bloggs',
      date: '2025-10-22',
      sessionLabel: '9:30 AM - 11:30 AM',
      totalAmount: 2100,
    });
    expect(confirmed.reference).toMatch(/^PTB-[A-Z2-9]{6}$/);
    expect(confirmed.tickets).toEqual([
      { title: 'Children 1-12 years', quantity: 2, unitPrice: 950 },
      { title: 'Adults', quantity: 1, unitPrice: 200 },
    ]);
    expect(confirmed.ticketQr).toMatch(/^data:image\/png;base64,/);
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(before + 2);

    const [mail] = await mailsTo(t.ctx.db, 'confirm@example.com');
    expect(mail!.subject).toContain(confirmed.reference);
    expect(mail!.text).toContain(`Booking reference: ${confirmed.reference}`);
    expect(mail!.html).toContain('cid:ticket-qr');
    const qr = mail!.attachments.find((a) => a.cid === 'ticket-qr')!;
    const png = PNG.sync.read(Buffer.from(qr.content, 'base64'));
    const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(booking!.ticketToken);
    const ics = Buffer.from(mail!.attachments.find((a) => a.filename.endsWith('.ics'))!.content, 'base64').toString();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20251022T083000Z'); // 9:30 BST
    expect(ics).toContain('DTEND:20251022T103000Z');
    expect(ics).toContain(`UID:${created.bookingId}@playtimebarn.co.uk`);
    expect(ics).toContain('LOCATION:Play Time Barn\\, Unit 3\\, East Quay');
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

    // Paying again changes nothing and sends no second mail.
    expect((await payWith(t.app, created.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await mailsTo(t.ctx.db, 'confirm@example.com')).toHaveLength(1);
  });

  it('marks a declined card failed, keeps the hold for a retry, then confirms', async () => {
    const created = await create('declined@example.com');
    const declined = await payWith(t.app, created.clientSecret, '4000 0000 0000 0002');
    expect(declined.json()).toEqual({ status: 'failed', message: 'Your card was declined.' });
    expect((await status(created.bookingId)).status).toBe('failed');
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, created.bookingId));
    expect(p!.status).toBe('failed');
    expect((await payWith(t.app, created.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await status(created.bookingId)).status).toBe('confirmed');
  });

  it('refuses an invalid card number without touching the payment', async () => {
    const created = await create('typo@example.com');
    const res = await payWith(t.app, created.clientSecret, '4242 4242 4242 4241');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Your card number is invalid.');
    expect((await status(created.bookingId)).status).toBe('pending');
  });

  it('releases an expired hold in the sweep, and a failed one too', async () => {
    const before = await taken(t.ctx.db, '2025-10-22', 'midday');
    const a = await create('expire@example.com', { selectedTime: 'midday' });
    const b = await create('expire2@example.com', { selectedTime: 'midday' });
    await payWith(t.app, b.clientSecret, '4000 0000 0000 0002');
    expect(await taken(t.ctx.db, '2025-10-22', 'midday')).toBe(before + 4);
    clock = new Date(START.getTime() + 14 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect((await status(a.bookingId)).status).toBe('pending');
    clock = new Date(START.getTime() + 16 * 60_000);
    const swept = await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect(swept.released).toBeGreaterThanOrEqual(2); // and any earlier test's unpaid holds
    expect((await status(a.bookingId)).status).toBe('expired');
    expect((await status(b.bookingId)).status).toBe('failed');
    expect(await taken(t.ctx.db, '2025-10-22', 'midday')).toBe(before);
    expect((await runSweep({ ...paymentDeps(t.ctx), now: clock })).released).toBe(0);
  });

  it('confirms a payment that arrives after its hold expired when room remains', async () => {
    const created = await create('late@example.com', { selectedTime: 'afternoon' });
    clock = new Date(START.getTime() + 20 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect((await status(created.bookingId)).status).toBe('expired');
    expect((await payWith(t.app, created.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await status(created.bookingId)).status).toBe('confirmed');
  });

  it('cancels up to 24 hours ahead with a full refund through the provider, and refuses later', async () => {
    const created = await create('cancel@example.com');
    await payWith(t.app, created.clientSecret);
    const before = await taken(t.ctx.db, '2025-10-22', 'morning');
    const token = cancelTokenFrom((await mailsTo(t.ctx.db, 'cancel@example.com'))[0]!.text);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/cancel?token=${encodeURIComponent(token)}`,
    });
    expect(preview.json()).toMatchObject({ refundable: true, refundAmount: 2100, status: 'confirmed' });
    const forged = await postJson(t.app, '/api/bookings/cancel', {
      token: `${created.bookingId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.statusCode).toBe(404);

    const res = await postJson(t.app, '/api/bookings/cancel', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundAmount: 2100 });
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(before - 2);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, created.bookingId));
    expect(p).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundPence: 2100 });
    const [ledger] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, p!.providerPaymentId!));
    expect(ledger!.refundedPence).toBe(2100);
    // One mail for the cancellation and its refund, not a second one once the refund is issued.
    const mails = await mailsTo(t.ctx.db, 'cancel@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-cancellation']);
    expect(mails[1]!.subject).toMatch(/^Booking cancelled/);
    expect(mails[1]!.text).toContain('A full refund of £21.00 is on its way to the card you paid with.');
    // A second press is harmless: no second refund.
    expect((await postJson(t.app, '/api/bookings/cancel', { token })).json().status).toBe('cancelled');
    expect(
      (await t.ctx.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, p!.providerPaymentId!)))[0]!
        .refundedPence,
    ).toBe(2100);

    // A booking for tomorrow morning, cancelled 23 hours ahead: a clear refusal, nothing changes.
    const soon = await create('late-cancel@example.com', { selectedDate: '2025-10-21' });
    await payWith(t.app, soon.clientSecret);
    clock = new Date('2025-10-20T09:31:00Z'); // 23h59m before 21 Oct 9:30 BST
    const lateToken = cancelTokenFrom((await mailsTo(t.ctx.db, 'late-cancel@example.com'))[0]!.text);
    const refused = await postJson(t.app, '/api/bookings/cancel', { token: lateToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('too_late_to_cancel');
    expect(refused.json().error.message).toMatch(/up to 24 hours before/);
    expect((await status(soon.bookingId)).status).toBe('confirmed');
  });

  it('cancels from the script-free page the e-mail links to; a GET alone never cancels', async () => {
    const created = await create('page-cancel@example.com', { selectedTime: 'afternoon' });
    await payWith(t.app, created.clientSecret);
    const mail = (await mailsTo(t.ctx.db, 'page-cancel@example.com'))[0]!;
    const link = /(\/cancel-booking\?token=\S+)/.exec(mail.text)![1]!;
    const shown = await t.app.inject({ method: 'GET', url: link });
    expect(shown.statusCode).toBe(200);
    // The shared long date (src/shared/dates.ts), as in party mails: no comma after the weekday.
    expect(mail.text).toContain('When: Wednesday 22 October 2025, ');
    expect(shown.body).toContain('<br>Wednesday 22 October 2025, ');
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('full refund of £21.00');
    expect(shown.body).toContain('<form method="post" action="/cancel-booking">');
    expect((await status(created.bookingId)).status).toBe('confirmed');
    const done = await t.app.inject({
      method: 'POST',
      url: '/cancel-booking',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(cancelTokenFrom(mail.text))}`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your booking is cancelled');
    expect((await status(created.bookingId)).status).toBe('cancelled');
    const bad = await t.app.inject({ method: 'GET', url: '/cancel-booking?token=forged-token-that-is-long-enough' });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('not valid');
  });
});
