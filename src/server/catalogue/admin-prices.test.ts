import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { TicketTypeDto } from '../../shared/contracts/booking';
import { bookingPayload, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { bookingLines, bookings, payments } from '../db/schema';
import { book } from '../testing/dashboard-fixtures';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { useAdminApp } from './testing/admin-fixtures';

// Wednesday 1 July 2026, 09:00 in London. The child price rises from Monday 13 July.
const NOW = new Date('2026-07-01T08:00:00Z');
const FROM = '2026-07-13';
const BEFORE = '2026-07-08';
const AFTER = '2026-07-15';
// Two children and an adult.
const order = (date: string, childPence: number, email: string) =>
  bookingPayload({ selectedDate: date, customerEmail: email, totalAmount: 2 * childPence + 200 });

describe.each(testDbKinds)('dated ticket prices (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const childPriceOn = async (date?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ticket-types${date ? `?date=${date}` : ''}` });
    const types = (res.json() as { ticketTypes: TicketTypeDto[] }).ticketTypes;
    return types.find((x) => x.id === 'child-1-12')!.price;
  };
  const linesOf = async (bookingId: string) =>
    (await t.ctx.db.select().from(bookingLines).where(eq(bookingLines.bookingId, bookingId)))
      .map((l) => [l.ticketTypeId, l.quantity, l.unitPricePence])
      .sort();
  let early: { bookingId: string };
  let held: { bookingId: string; clientSecret: string };

  it('sells at the old price before the change', async () => {
    early = await book(t.app, order(AFTER, 950, 'early@example.com'));
    const res = await postJson(t.app, '/api/create-booking-payment', order(AFTER, 950, 'held@example.com'));
    expect(res.statusCode, res.body).toBe(201);
    held = res.json();
  });

  it('sets a price for visits from a date on: the days before keep theirs; audited; versioned', async () => {
    const res = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      fromDate: FROM,
      pricePence: 1100,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const child = (res.json() as AdminCatalogue).ticketTypes.find((x) => x.id === 'child-1-12')!;
    expect(child.version).toBe(2);
    // No band named: the price of every band (both the product starts with).
    expect(child.prices).toEqual(
      ['off-peak', 'peak'].flatMap((bandId) => [
        { bandId, fromDate: '2000-01-01', pricePence: 950, feePence: 0 },
        { bandId, fromDate: FROM, pricePence: 1100, feePence: 0 },
      ]),
    );
    expect(await childPriceOn()).toBe(950);
    expect(await childPriceOn('2026-07-12')).toBe(950);
    expect(await childPriceOn(FROM)).toBe(1100);
    expect(await childPriceOn(AFTER)).toBe(1100);
    expect((await auditRows(t.ctx.db, 'child-1-12')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.price_set',
      details: {
        before: ['off-peak', 'peak'].map((bandId) => ({ bandId, fromDate: FROM, pricePence: 950, feePence: 0 })),
        after: ['off-peak', 'peak'].map((bandId) => ({ bandId, fromDate: FROM, pricePence: 1100, feePence: 0 })),
      },
    });
  });

  it('prices a new order by its visit date', async () => {
    const before = await book(t.app, order(BEFORE, 950, 'before@example.com'));
    expect(await linesOf(before.bookingId)).toEqual([
      ['adult', 1, 200],
      ['child-1-12', 2, 950],
    ]);
    const oldTotal = await postJson(t.app, '/api/create-booking-payment', order(AFTER, 950, 'after@example.com'));
    expect(oldTotal.statusCode).toBe(400);
    expect(oldTotal.json().error.code).toBe('total_mismatch');
    const after = await book(t.app, order(AFTER, 1100, 'after@example.com'));
    expect(after.finalAmount).toBe(2 * 1100 + 200);
    expect(await linesOf(after.bookingId)).toEqual([
      ['adult', 1, 200],
      ['child-1-12', 2, 1100],
    ]);
  });

  it('keeps what a booking made earlier was sold at: its lines, its payment and its refund', async () => {
    expect(await linesOf(early.bookingId)).toEqual([
      ['adult', 1, 200],
      ['child-1-12', 2, 950],
    ]);
    // A hold made before the change and paid after it: confirmed at the price it was sold at.
    expect((await payWith(t.app, held.clientSecret)).json().status).toBe('succeeded');
    const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, held.bookingId));
    expect(b).toMatchObject({ status: 'confirmed', finalPence: 2100 });
    expect(await linesOf(held.bookingId)).toEqual([
      ['adult', 1, 200],
      ['child-1-12', 2, 950],
    ]);
    const cancel = await t.admin('POST', `/api/admin/bookings/${early.bookingId}/cancel`, {
      reason: 'Family asked',
      refund: 'full',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refundPence).toBe(2100);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, early.bookingId));
    expect(p).toMatchObject({ amountPence: 2100, refundPence: 2100, refundStatus: 'succeeded' });
  });

  it('replaces a price set for the same date; refuses a date in the past or a stale version', async () => {
    const res = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      fromDate: FROM,
      pricePence: 1050,
      version: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const child = (res.json() as AdminCatalogue).ticketTypes.find((x) => x.id === 'child-1-12')!;
    expect(child.prices.filter((p) => p.bandId === 'peak').map((p) => [p.fromDate, p.pricePence])).toEqual([
      ['2000-01-01', 950],
      [FROM, 1050],
    ]);
    expect(await childPriceOn(FROM)).toBe(1050);
    const past = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      fromDate: '2026-06-30',
      pricePence: 10,
      version: 3,
    });
    expect([past.statusCode, past.json().error.code]).toEqual([400, 'date_in_past']);
    const stale = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      fromDate: '2026-07-01',
      pricePence: 10,
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual(child);
    expect(await childPriceOn()).toBe(950);
  });
});
