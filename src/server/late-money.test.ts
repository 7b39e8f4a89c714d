import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../shared/contracts/booking';
import type { JoinMembershipResponse } from '../shared/contracts/memberships';
import { oneChildBooking, payWith, postJson } from './bookings/testing/booking-fixtures';
import { useAdminApp } from './catalogue/testing/admin-fixtures';
import { startPurchase } from './credits/testing/credit-fixtures';
import { eventBookings, outbox, payments } from './db/schema';
import { startVoucher } from './gift-vouchers/testing/gift-voucher-fixtures';
import { createEventAs, grotto, kids } from './events/testing/event-fixtures';
import { familyCookieFor } from './families/testing/family-fixtures';
import { familyWithChildren } from './memberships/testing/membership-fixtures';
import { bookOnline, onlinePartyForm } from './parties/testing/party-payment-fixtures';
import type { PaymentRow } from './payments/sellers';
import { testDbKinds } from './testing/test-database';

// Monday 1 June 2026, 09:00 in London: a visit on Wednesday 10 June, the fixtures' party on Saturday 20 June.
const NOW = new Date('2026-06-01T08:00:00Z');
// 11:00 in London that day: the cafe takes table orders (issue 49) only while the venue is open.
const CAFE_OPEN = new Date('2026-06-01T10:00:00Z');

/**
 * DECISIONS.md "Memberships keep their money straight": money that arrives for something that can no longer be
 * delivered is refunded in full, automatically, with a mail saying why: every seller, not only bookings. For
 * each seller in the registry (src/server/sellers.ts): start a purchase, make what it buys undeliverable before
 * the card is confirmed, pay it with the TEST MODE card, and see all of it refunded and the family mailed.
 */
describe.each(testDbKinds)('money for something no longer deliverable, every seller (%s)', (kind) => {
  let now = NOW;
  const t = useAdminApp(kind, { now: () => now });

  type Case = {
    /** Starts a purchase; answers the card form's client secret and a mail address of the payer. */
    start: () => Promise<{ clientSecret: string; email: string }>;
    /** Makes what it buys undeliverable, as the owning domain would (cancelled, erased, ended). */
    spoil: (payment: PaymentRow) => Promise<void>;
  };
  const exec = (q: ReturnType<typeof sql>) => t.ctx.db.execute(q);
  const cases: Record<string, Case> = {
    booking: {
      start: async () => {
        const res = await postJson(
          t.app,
          '/api/create-booking-payment',
          oneChildBooking('late-ticket@example.com', '2026-06-10'),
        );
        expect(res.statusCode, res.body).toBe(201);
        return { clientSecret: (res.json() as CreateBookingResponse).clientSecret, email: 'late-ticket@example.com' };
      },
      // Cancelled by staff while the family's card form was open.
      spoil: (p) => exec(sql`update bookings set status = 'cancelled' where id = ${p.bookingId}`).then(() => {}),
    },
    credit_purchase: {
      start: async () => ({
        ...(await startPurchase(t.app, 'late-credits@example.com')),
        email: 'late-credits@example.com',
      }),
      spoil: (p) =>
        exec(sql`update credit_purchases set status = 'canceled' where id = ${p.creditPurchaseId}`).then(() => {}),
    },
    party: {
      start: async () => {
        const form = onlinePartyForm(46, { parentEmail: 'late-party@example.com' });
        return { clientSecret: (await bookOnline(t.app, form)).clientSecret!, email: 'late-party@example.com' };
      },
      spoil: (p) =>
        exec(sql`update party_bookings set status = 'cancelled' where id = ${p.partyBookingId}`).then(() => {}),
    },
    gift_voucher: {
      start: async () => ({
        ...(await startVoucher(t.app, { buyerEmail: 'late-voucher@example.com', sendOn: '2026-06-01' })),
        email: 'late-voucher@example.com',
      }),
      // The recipient's details erased at their request while the buyer's card form was open.
      spoil: (p) =>
        exec(
          sql`update gift_vouchers set recipient_name = '[erased]', recipient_email = 'erased+x@invalid' where id = ${p.giftVoucherId}`,
        ).then(() => {}),
    },
    membership: {
      start: async () => {
        const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'late-member@example.com', ['Jo'], NOW);
        const res = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
        expect(res.statusCode, res.body).toBe(201);
        return { clientSecret: (res.json() as JoinMembershipResponse).clientSecret, email: 'late-member@example.com' };
      },
      // Ended by an admin before it was paid.
      spoil: async (p) => {
        const res = await t.admin('POST', `/api/admin/memberships/${p.membershipId}/end`, {
          reason: 'Signed up twice',
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    },
    'cafe-order': {
      start: async () => {
        now = CAFE_OPEN;
        const admin = await t.admin('PUT', '/api/admin/cafe/tables', { tables: [{ number: 7, name: 'Table 7' }] });
        expect(admin.statusCode, admin.body).toBe(200);
        const [table] = (admin.json() as { tables: { token: string }[] }).tables;
        const res = await postJson(t.app, '/api/cafe/orders', {
          tableToken: table!.token,
          requestId: randomUUID(),
          lines: [{ itemId: 'drink-latte', quantity: 1 }],
          email: 'late-cafe@example.com',
        });
        expect(res.statusCode, res.body).toBe(201);
        return { clientSecret: (res.json() as { clientSecret: string }).clientSecret, email: 'late-cafe@example.com' };
      },
      // Cancelled (the till's staff took the order at the counter instead) while the phone's card form was open.
      spoil: async (p) => {
        now = NOW;
        await exec(sql`update cafe_orders set status = 'canceled' where id = ${p.cafeOrderId}`);
      },
    },
  };

  // A special event without the waiting room: on sale since May, a hold for two children in its first slot.
  cases.event = {
    start: async () => {
      const e = await createEventAs(t.admin, grotto(new Date('2026-05-01T09:00:00Z'), { usesQueue: false }));
      const cookie = await familyCookieFor(t.ctx.db, 'late-event@example.com', NOW);
      const res = await postJson(
        t.app,
        `/api/events/${e.id}/hold`,
        { slotId: e.slots[0]!.id, children: kids(2) },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      return { clientSecret: (res.json() as { clientSecret: string }).clientSecret, email: 'late-event@example.com' };
    },
    // The hold ran out while the card form was open, and other families took the slot's last places.
    spoil: async (p) => {
      const [b] = await t.ctx.db.select().from(eventBookings).where(eq(eventBookings.id, p.eventBookingId!));
      await exec(sql`update event_bookings set status = 'expired' where id = ${b!.id}`);
      await exec(sql`update event_slots set taken = places where id = ${b!.slotId}`);
    },
  };

  it('covers every seller the app is composed with', () => {
    // The till's card is present on a reader, never a card form: its late money is refunded by
    // markTillSaleCardResult, tested in till/till-cash-up.test.ts ("card money for a sale already voided is refunded in full").
    expect(
      t.ctx.sellers
        .all()
        .map((s) => s.name)
        .filter((name) => name !== 'till')
        .sort(),
    ).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.keys(cases))('%s: refunded in full, with a mail saying why', async (name) => {
    const c = cases[name]!;
    const { clientSecret, email } = await c.start();
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
    expect(t.ctx.sellers.sellerOf(payment!)?.seller.name).toBe(name);
    await c.spoil(payment!);
    const mailsBefore = (await t.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email))).length;

    const paid = await payWith(t.app, clientSecret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'failed', message: expect.stringContaining('refunded in full') });
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundPence: payment!.amountPence,
    });
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails.length, mails.map((m) => m.template).join()).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.text).toMatch(/refund/i);
  });
});
