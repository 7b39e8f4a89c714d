import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { ledgerKinds, seedCredits } from '../credits/testing/credit-fixtures';
import { bookAndPay, seedMember } from '../loyalty/testing/loyalty-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { signInByCode } from './testing/family-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

/** The attacks of issue 15, replayed against the real app: knowing a family's e-mail address is not enough. */
describe.each(testDbKinds)('a stranger who knows a family’s e-mail address, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let stranger: string;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
    stranger = await signInByCode(t.app, t.ctx.db, 'stranger@example.com');
  });
  afterAll(() => t.close());
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('cannot see or spend their session credits', async () => {
    await seedCredits(t.ctx.db, 'victim@example.com', 2);
    for (const cookie of [undefined, stranger]) {
      const res = await get('/api/session-credits/victim%40example.com', cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('family_session_required');
      expect(res.body).not.toMatch(/totalActiveCredits/);
    }
    // Booking with their address: the total before credits and the total after them are both taken as
    // hints, and either way the booking is priced in full and their credits stay where they are.
    for (const [totalAmount, cookie] of [
      [2100, undefined],
      [200, undefined],
      [200, stranger],
    ] as const) {
      const res = await postJson(
        t.app,
        '/api/create-booking-payment',
        bookingPayload({ customerName: 'Not Them', customerEmail: 'victim@example.com', totalAmount }),
        cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ sessionCreditsUsed: 0, finalAmount: 2100, creditSavings: 0 });
      expect(res.json().clientSecret).not.toBe('');
    }
    expect(await ledgerKinds(t.ctx.db, 'victim@example.com')).toEqual(['grant:2']);
    // The family itself, once confirmed, sees and spends them.
    const family = await signInByCode(t.app, t.ctx.db, 'Victim@example.com');
    expect((await get('/api/family/credits', family)).json()).toMatchObject({ totalActiveCredits: 2 });
    expect((await get('/api/session-credits/victim%40example.com', family)).json()).toMatchObject({
      totalActiveCredits: 2,
    });
    const own = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'victim@example.com', totalAmount: 200 }),
      family,
    );
    expect(own.json()).toMatchObject({ sessionCreditsUsed: 2, finalAmount: 200 });
  });

  it('learns nothing from loyalty: no member id, no visit dates, no achievements', async () => {
    const memberId = await seedMember(t.ctx.db, 'points@example.com', 120);
    await bookAndPay(t.app, { customerEmail: 'points@example.com', selectedDate: '2025-10-29' });
    for (const cookie of [undefined, stranger]) {
      const member = await get('/api/loyalty/member/points%40example.com', cookie);
      expect(member.statusCode).toBe(401);
      expect(member.body).not.toContain(memberId);
      for (const url of [
        `/api/loyalty/transactions?memberId=${memberId}`,
        `/api/loyalty/achievements?memberId=${memberId}`,
      ]) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(cookie ? 404 : 401);
        expect(res.body).not.toMatch(/visit on|Points for|Oct 2025/i);
      }
      const redeem = await postJson(
        t.app,
        '/api/loyalty/redeem',
        { memberId, rewardId: 'free-hot-drink', pointsCost: 50 },
        cookie,
      );
      expect(redeem.statusCode).toBe(cookie ? 404 : 401);
    }
    // "Member not found" only for a confirmed address; the family sees its own history and redeems without a code.
    expect((await get('/api/family/loyalty', stranger)).json().error.message).toBe('Member not found');
    const family = await signInByCode(t.app, t.ctx.db, 'points@example.com');
    expect((await get('/api/family/loyalty', family)).json().member.id).toBe(memberId);
    const history = await get(`/api/loyalty/transactions?memberId=${memberId}`, family);
    expect(history.json().transactions.map((x: { description: string }) => x.description)).toContainEqual(
      expect.stringMatching(/^Points for your visit on Wed, 29 Oct 2025/),
    );
    const redeemed = await postJson(
      t.app,
      '/api/loyalty/redeem',
      { memberId, rewardId: 'free-hot-drink', pointsCost: 50 },
      family,
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().voucher.code).toEqual(expect.any(String));
  });

  it('cannot read a booking: GET /api/bookings/:id is 404 without the booking’s secret or its family', async () => {
    const created = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerName: 'Private Person', customerEmail: 'private@example.com' }),
    );
    const { bookingId, bookingSecret, clientSecret } = created.json();
    await payWith(t.app, clientSecret);
    for (const headers of [{}, { cookie: stranger }, { 'x-booking-secret': 'guess' }]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('booking_not_found');
      expect(res.body).not.toMatch(/Private|ticketQr/);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}`,
      headers: { 'x-booking-secret': bookingSecret },
    });
    expect(page.json()).toMatchObject({ customerName: 'Private Person', status: 'confirmed' });
    expect(page.json().ticketQr).toMatch(/^data:image\/png;base64,/);
    const family = await signInByCode(t.app, t.ctx.db, 'private@example.com');
    expect((await get(`/api/bookings/${bookingId}`, family)).json().status).toBe('confirmed');
  });

  it('cannot list, cancel or resend another family’s bookings (My Bookings)', async () => {
    const { bookingId } = await bookAndPay(t.app, { customerEmail: 'mine@example.com' });
    const past = await bookAndPay(t.app, {
      customerEmail: 'mine@example.com',
      selectedDate: '2025-10-20',
      selectedTime: 'afternoon',
    });
    expect((await get('/api/family/bookings')).statusCode).toBe(401);
    const theirs = (await get('/api/family/bookings', stranger)).json();
    expect(JSON.stringify(theirs)).not.toContain(bookingId);
    for (const verb of ['cancel', 'resend'])
      expect((await postJson(t.app, `/api/family/bookings/${bookingId}/${verb}`, {}, stranger)).statusCode).toBe(404);

    const family = await signInByCode(t.app, t.ctx.db, 'mine@example.com');
    const list = (await get('/api/family/bookings', family)).json();
    expect(list.upcoming.map((b: { bookingId: string }) => b.bookingId)).toEqual([past.bookingId, bookingId]);
    expect(list.upcoming[1]).toMatchObject({
      status: 'confirmed',
      date: '2025-10-22',
      cancellable: true,
      totalAmount: 2100,
      tickets: [
        { title: expect.any(String), quantity: 2 },
        { title: expect.any(String), quantity: 1 },
      ],
    });
    expect(list.upcoming[1].ticketQr).toMatch(/^data:image\/png;base64,/);
    // Today's afternoon visit: within 24 hours, so not cancellable (the e-mailed link's rule).
    expect(list.upcoming[0].cancellable).toBe(false);
    const tooLate = await postJson(t.app, `/api/family/bookings/${past.bookingId}/cancel`, {}, family);
    expect(tooLate.statusCode).toBe(409);

    const before = (await mailsTo(t.ctx.db, 'mine@example.com')).length;
    const resent = await postJson(t.app, `/api/family/bookings/${bookingId}/resend`, {}, family);
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await mailsTo(t.ctx.db, 'mine@example.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toMatch(/^Booking confirmed: /);

    const cancelled = await postJson(t.app, `/api/family/bookings/${bookingId}/cancel`, {}, family);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: 2100 });
    const after = (await get('/api/family/bookings', family)).json();
    expect(after.upcoming.find((b: { bookingId: string }) => b.bookingId === bookingId)).toMatchObject({
      status: 'cancelled',
      cancellable: false,
    });
  });
});
