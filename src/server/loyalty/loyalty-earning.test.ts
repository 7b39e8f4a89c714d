import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingPayload, cancelTokenFrom, mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { runSweep } from '../sweep';
import { bookings, loyaltyMembers, payments } from '../db/schema';
import { seedCredits } from '../credits/testing/credit-fixtures';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import { paymentDeps } from '../payments/payment-deps';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { bookAndPay, ledgerOf, memberUrl, seedMember, getAsFamily } from './testing/loyalty-fixtures';
import { awardBookingPoints, reverseBookingPoints } from './booking-points';

// Monday 20 October 2025, 11:00 BST. Visits on Wednesday 22 October unless a test says otherwise;
// a booking of 2 children and 1 adult costs £21.00.
const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('earning loyalty points through the real booking flow on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });
  const member = async (email: string) => {
    const res = await getAsFamily(t.app, t.ctx.db, memberUrl(email));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('makes a paying, opted-in family a member with the welcome bonus and its points', async () => {
    expect((await getAsFamily(t.app, t.ctx.db, memberUrl('new@example.com'))).statusCode).toBe(404);
    await bookAndPay(t.app, { customerEmail: ' New@Example.com', customerName: 'Jo Bloggs' });
    expect(await member('new@example.com')).toEqual({
      member: {
        id: expect.any(String),
        name: 'Jo',
        currentPoints: 71,
        totalPoints: 71,
        visitCount: 0,
        membershipLevel: 'bronze',
      },
      nextLevel: { name: 'Silver', threshold: 500, pointsToGo: 429 },
    });
    expect(await ledgerOf(t.ctx.db, 'new@example.com')).toEqual(['welcome:50', 'earn:21']);
    const [row] = await t.ctx.db.select().from(loyaltyMembers).where(eq(loyaltyMembers.email, 'new@example.com'));
    expect(row!.name).toBe('Jo Bloggs'); // stored whole; only the first name is shown
  });

  it('earns again on a second booking, with no second welcome bonus', async () => {
    await bookAndPay(t.app, { customerEmail: 'twice@example.com' });
    await bookAndPay(t.app, {
      customerEmail: 'TWICE@example.com',
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
    });
    expect(await ledgerOf(t.ctx.db, 'twice@example.com')).toEqual(['welcome:50', 'earn:21', 'earn:9']);
    expect((await member('twice@example.com')).member).toMatchObject({ currentPoints: 80, totalPoints: 80 });
  });

  it('earns nothing when the family opts out, and makes no member', async () => {
    await bookAndPay(t.app, { customerEmail: 'optout@example.com', loyaltyOptIn: false });
    expect((await getAsFamily(t.app, t.ctx.db, memberUrl('optout@example.com'))).statusCode).toBe(404);
    // An existing member who opts out of one booking keeps what they had, and earns nothing for it.
    await bookAndPay(t.app, { customerEmail: 'sometimes@example.com' });
    await bookAndPay(t.app, { customerEmail: 'sometimes@example.com', loyaltyOptIn: false });
    expect(await ledgerOf(t.ctx.db, 'sometimes@example.com')).toEqual(['welcome:50', 'earn:21']);
  });

  it('earns nothing for a booking paid in full with session credits (nothing paid), and nothing unpaid', async () => {
    await seedCredits(t.ctx.db, 'credits@example.com', 2);
    await bookAndPay(
      t.app,
      { customerEmail: 'credits@example.com', ticketQuantities: { 'child-1-12': 2 }, totalAmount: 1900 },
      await familyCookieFor(t.ctx.db, 'credits@example.com'),
    );
    expect((await getAsFamily(t.app, t.ctx.db, memberUrl('credits@example.com'))).statusCode).toBe(404);
    // Declined card: no confirmation, no points.
    const created = (
      await postJson(t.app, '/api/create-booking-payment', bookingPayload({ customerEmail: 'declined@example.com' }))
    ).json();
    await payWith(t.app, created.clientSecret, '4000 0000 0000 0002');
    expect((await getAsFamily(t.app, t.ctx.db, memberUrl('declined@example.com'))).statusCode).toBe(404);
  });

  it('awards once however often the payment is reported, and once if the hook itself runs twice', async () => {
    const { bookingId, clientSecret } = await bookAndPay(t.app, { customerEmail: 'repeat@example.com' });
    await payWith(t.app, clientSecret);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    for (const status of ['succeeded', 'processing', 'succeeded'] as const) {
      await applyPaymentStatus({
        ...paymentDeps(t.ctx),
        providerPaymentId: payment!.providerPaymentId!,
        status,
        now: clock,
      });
    }
    clock = new Date(START.getTime() + 3 * 3_600_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const event = {
      bookingId,
      customerEmail: b!.customerEmail,
      customerName: b!.customerName,
      loyaltyOptIn: true,
      paidPence: b!.finalPence,
      visitDate: b!.visitDate,
    };
    await t.ctx.db.transaction(async (tx) => {
      await awardBookingPoints({ tx, ...event });
      await awardBookingPoints({ tx, ...event });
    });
    expect(await ledgerOf(t.ctx.db, 'repeat@example.com')).toEqual(['welcome:50', 'earn:21']);
  });

  it('takes back exactly what a cancelled booking earned, once, and keeps the rest', async () => {
    await bookAndPay(t.app, { customerEmail: 'cancel@example.com' });
    const second = await bookAndPay(t.app, {
      customerEmail: 'cancel@example.com',
      ticketQuantities: { 'child-1-12': 3 },
      totalAmount: 2850,
    });
    const mails = await mailsTo(t.ctx.db, 'cancel@example.com');
    const token = cancelTokenFrom(mails[mails.length - 1]!.text);
    const res = await postJson(t.app, '/api/bookings/cancel', { token });
    expect(res.json()).toMatchObject({ status: 'cancelled', refundAmount: 2850 });
    expect((await postJson(t.app, '/api/bookings/cancel', { token })).json()).toMatchObject({
      status: 'cancelled',
      refundAmount: 0,
    });
    // The refund then confirmed by the provider (as Stripe's webhook would) takes nothing more.
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, second.bookingId));
    await applyPaymentStatus({
      ...paymentDeps(t.ctx),
      providerPaymentId: payment!.providerPaymentId!,
      status: 'refunded',
      now: clock,
    });
    await t.ctx.db.transaction((tx) => reverseBookingPoints({ tx, bookingId: second.bookingId }));
    expect(await ledgerOf(t.ctx.db, 'cancel@example.com')).toEqual(['welcome:50', 'earn:21', 'earn:28', 'reverse:-28']);
    expect((await member('cancel@example.com')).member).toMatchObject({ currentPoints: 71, totalPoints: 71 });
    const { id } = (await member('cancel@example.com')).member;
    const [reversal] = (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/transactions?memberId=${id}`)).json()
      .transactions;
    expect(reversal).toMatchObject({
      points: -28,
      description: 'Booking for Wed, 22 Oct 2025 refunded: points taken back',
    });
  });

  it('takes back points refunded at the provider (a refund from the dashboard)', async () => {
    const { bookingId } = await bookAndPay(t.app, { customerEmail: 'dashboard@example.com' });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    await applyPaymentStatus({
      ...paymentDeps(t.ctx),
      providerPaymentId: payment!.providerPaymentId!,
      status: 'refunded',
      now: clock,
    });
    expect(await ledgerOf(t.ctx.db, 'dashboard@example.com')).toEqual(['welcome:50', 'earn:21', 'reverse:-21']);
  });

  it('adds the tier bonus of the level held before the booking: Silver on weekends only, Gold always', async () => {
    await seedMember(t.ctx.db, 'silver@example.com', 600);
    await bookAndPay(t.app, { customerEmail: 'silver@example.com' }); // Wednesday: no Silver bonus
    await bookAndPay(t.app, {
      customerEmail: 'silver@example.com',
      selectedDate: '2025-10-25',
      selectedTime: 'midday',
      ticketQuantities: { 'child-1-12': 4 },
      totalAmount: 3800,
    }); // Saturday: 38 + 1
    expect(await ledgerOf(t.ctx.db, 'silver@example.com')).toEqual(['earn:600', 'welcome:50', 'earn:21', 'earn:39']);
    await seedMember(t.ctx.db, 'gold@example.com', 2000);
    await bookAndPay(t.app, { customerEmail: 'gold@example.com' }); // 21 + 2
    const gold = await member('gold@example.com');
    expect(gold.member).toMatchObject({ totalPoints: 2073, membershipLevel: 'gold' });
    expect(gold.nextLevel).toEqual({ name: 'Platinum', threshold: 5000, pointsToGo: 2927 });
    const [earn] = (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/transactions?memberId=${gold.member.id}`)).json()
      .transactions;
    expect(earn).toMatchObject({
      points: 23,
      description: 'Points for your visit on Wed, 22 Oct 2025 (including 2 Gold bonus)',
    });
  });

  it('makes one member when two first bookings for one address confirm together', async () => {
    const [a, b] = await Promise.all([
      postJson(t.app, '/api/create-booking-payment', bookingPayload({ customerEmail: 'pair@example.com' })),
      postJson(t.app, '/api/create-booking-payment', bookingPayload({ customerEmail: 'Pair@example.com' })),
    ]);
    await Promise.all([payWith(t.app, a.json().clientSecret), payWith(t.app, b.json().clientSecret)]);
    expect(await ledgerOf(t.ctx.db, 'pair@example.com')).toEqual(['welcome:50', 'earn:21', 'earn:21']);
    expect(
      await t.ctx.db.select().from(loyaltyMembers).where(eq(loyaltyMembers.email, 'pair@example.com')),
    ).toHaveLength(1);
  });
});
