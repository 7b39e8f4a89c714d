import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSchema } from '../../shared/contracts/booking';
import { bookingPayload } from '../bookings/testing/booking-fixtures';
import { createBooking } from '../bookings/create-booking';
import { rowsOf } from '../db/client';
import { loyaltyLedger, payments, testProviderPayments } from '../db/schema';
import { agreed, bookTicket, handleFor, kioskPost } from '../checkin/testing/kiosk-fixtures';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import { createTestProvider } from '../payments/test-provider';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { getAsFamily } from './testing/loyalty-fixtures';
import { composeSellers } from '../sellers';

const TODAY = '2025-10-20';

/** Loyalty as the other areas drive it: a visit counted at the kiosk, a party marked booked by staff. */
describe.each(testDbKinds)('loyalty through the kiosk and the staff area (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  const clock = new Date('2025-10-20T08:00:00Z'); // Monday 09:00 BST
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t?.close());

  const member = async (email: string) =>
    (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/member/${encodeURIComponent(email)}`)).json().member;

  it('counts a visit and awards First Steps once when a member checks in at the kiosk', async () => {
    const email = 'visit@example.com';
    const bookingId = await bookTicket(t.app, { customerEmail: email, selectedDate: TODAY });
    const before = await member(email);
    expect(before.visitCount).toBe(0);
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const handle = await handleFor(t.app, t.ctx.db, kiosk, bookingId);
    const res = await kioskPost(t.app, kiosk, '/api/check-in/check-in', { handle, ...agreed });
    expect(res.statusCode, res.body).toBe(200);
    const after = await member(email);
    expect(after.visitCount).toBe(1);
    expect(after.currentPoints).toBe(before.currentPoints + 50);
    // A second try is refused as a used ticket, and nothing is counted twice.
    expect((await kioskPost(t.app, kiosk, '/api/check-in/check-in', { handle, ...agreed })).statusCode).toBe(409);
    expect((await member(email)).visitCount).toBe(1);
  });

  it('awards Party Host once when staff mark the member’s party enquiry as booked', async () => {
    const email = 'party@example.com';
    await bookTicket(t.app, { customerEmail: email, selectedDate: TODAY });
    const before = await member(email);
    const [row] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`
        insert into inquiries (source, name, email, phone, inquiry_type, message, details)
        values ('party', 'Pat Party', ${email}, '07700 900123', 'party_booking', 'Party for Sam', '{}'::jsonb) returning id`),
    );
    const { cookie } = await signInAs(t.app, t.ctx, { role: 'staff' });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/inquiries/${row!.id}/mark-party-booked`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await member(email)).currentPoints).toBe(before.currentPoints + 150);
  });
});

/**
 * Booking confirmation awards points itself (bookings/confirm-booking.ts calls loyalty directly, in the
 * confirming transaction), so a caller that builds no app and wires nothing still earns them: here the
 * booking and payment verbs run on a bare database, as the sweep or a script would run them.
 */
describe.each(testDbKinds)('points without any wiring (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('earns points when a payment confirms a booking, and takes them back when it is refunded', async () => {
    const db = database.db;
    const deps = { db, provider: createTestProvider(db), sellers: composeSellers(), publicUrl: 'http://localhost' };
    const now = new Date('2025-10-20T10:00:00Z');
    const { bookingId } = await createBooking({
      ...deps,
      input: createBookingSchema.parse(bookingPayload({ customerEmail: 'bare@example.com' })),
      now,
      creditsAllowed: false,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const providerPaymentId = payment!.providerPaymentId!;
    const pointLines = async () =>
      (await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.bookingId, bookingId))).map((r) => r.kind).sort();

    await db
      .update(testProviderPayments)
      .set({ status: 'succeeded' })
      .where(eq(testProviderPayments.id, providerPaymentId));
    await applyPaymentStatus({ ...deps, providerPaymentId, status: 'succeeded', now });
    expect(await pointLines()).toEqual(['earn']);

    await applyPaymentStatus({ ...deps, providerPaymentId, status: 'refunded', now });
    expect(await pointLines()).toEqual(['earn', 'reverse']);
  });
});
