import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sale, TillCatalogue } from '../../shared/contracts/till';
import { bookingPayload, postJson, taken } from '../bookings/testing/booking-fixtures';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { checkIns, tillSales } from '../db/schema';
import { buyVoucher, voucherRow } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill, sell } from './testing/till-fixtures';

// Wednesday 10 June 2026, 10:00 in London: the morning session (9:30-11:30) is on now.
const NOW = new Date('2026-06-10T09:00:00Z');
const TODAY = '2026-06-10';

const entry = (quantity: number) => ({ kind: 'entry' as const, ticketTypeId: 'child-1-12', quantity });
const flatWhiteOat = { kind: 'cafe' as const, itemId: 'flat-white', quantity: 1, optionIds: ['oat-milk'] };
const coldSandwich = { kind: 'cafe' as const, itemId: 'adult-club-sandwich', quantity: 1 };
const gripSocks = { kind: 'shop' as const, itemId: 'grip-socks', quantity: 1 };
const mixed = [entry(2), flatWhiteOat, coldSandwich, gripSocks];

describe.each(testDbKinds)('till sales (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  let session: string;

  beforeAll(async () => {
    // A flat white the venue adds to its menu, with oat milk as a till option (+30p).
    const made = await t.admin('POST', '/api/admin/catalogue/menu-items', {
      section: 'drinks',
      name: 'Flat White',
      description: 'Espresso with velvety milk.',
      pricePence: 300,
      allergens: ['milk'],
      dietary: [],
      available: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const till = await t.admin('PATCH', '/api/admin/catalogue/menu-items/flat-white/till', {
      options: [{ id: 'oat-milk', label: 'Oat milk', pricePence: 30 }],
    });
    expect(till.statusCode, till.body).toBe(200);
    session = await openTill(t.staff, 'Counter');
  });

  it('the catalogue sells entry for the session on now, the cafe with options and VAT, and the shop', async () => {
    const res = await t.staff('GET', '/api/till/catalogue');
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as TillCatalogue;
    expect(c.entry.session).toMatchObject({ date: TODAY, sessionId: 'morning', placesLeft: 60 });
    expect(c.entry.tickets).toContainEqual({ ticketTypeId: 'child-1-12', name: expect.any(String), pricePence: 950 });
    expect(c.cafe.find((i) => i.id === 'flat-white')).toMatchObject({
      vatTreatment: 'standard',
      options: [{ id: 'oat-milk', pricePence: 30 }],
      available: true,
    });
    expect(c.cafe.find((i) => i.id === 'adult-club-sandwich')?.vatTreatment).toBe('cold_food');
    expect(c.cafe.find((i) => i.id === 'drink-latte')?.options).toEqual([
      { id: 'oat-milk', label: 'Oat milk', pricePence: 30 },
    ]);
    expect(c.shop.find((i) => i.id === 'grip-socks')).toMatchObject({ pricePence: 150, vatTreatment: 'standard' });
  });

  it('prices and VAT-splits a mixed basket taken away: cold food zero-rated, the rest standard, per line', async () => {
    const sale = await sell(
      t.staff,
      cashSale(session, mixed, { payment: { method: 'cash', tenderedPence: 4000 }, expectedTotalPence: 3175 }),
    );
    expect(sale).toMatchObject({
      status: 'paid',
      method: 'cash',
      totalPence: 3175,
      tenderedPence: 4000,
      changePence: 825,
    });
    const lines = sale.lines.map((l) => [l.description, l.totalPence, l.vatRateBasisPoints, l.netPence, l.vatPence]);
    expect(lines).toEqual([
      [expect.stringContaining('9:30 AM'), 1900, 2000, 1583, 317],
      ['Flat White (Oat milk)', 330, 2000, 275, 55],
      ['Club Sandwich', 795, 0, 795, 0],
      ['Grip socks', 150, 2000, 125, 25],
    ]);
    expect(sale.vatByRate).toEqual([
      { vatRateBasisPoints: 0, netPence: 795, vatPence: 0, grossPence: 795 },
      { vatRateBasisPoints: 2000, netPence: 1983, vatPence: 397, grossPence: 2380 },
    ]);
    const again = await t.staff('GET', `/api/till/sales/${sale.id}`);
    expect(again.json()).toEqual(sale);
  });

  it('eaten in, the same cold sandwich is standard-rated', async () => {
    const sale = await sell(t.staff, cashSale(session, [coldSandwich, flatWhiteOat], { eatIn: true }));
    expect(sale.lines.map((l) => [l.vatRateBasisPoints, l.vatPence])).toEqual([
      [2000, 133],
      [2000, 55],
    ]);
  });

  it('refuses a price or a quantity the till made up, and a total that is not the server’s', async () => {
    const before = (await t.ctx.db.select().from(tillSales)).length;
    for (const forged of [
      [{ ...gripSocks, pricePence: 1 }],
      [{ ...gripSocks, quantity: 0 }],
      [{ ...gripSocks, quantity: -1 }],
      [{ ...gripSocks, quantity: 1.5 }],
      [{ ...gripSocks, quantity: 51 }],
      [{ ...entry(1), unitPence: 0 }],
    ]) {
      const res = await t.staff('POST', '/api/till/sales', cashSale(session, forged as never));
      expect(res.statusCode, JSON.stringify(forged)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    const extra = await t.staff('POST', '/api/till/sales', { ...cashSale(session, [gripSocks]), totalPence: 1 });
    expect(extra.statusCode).toBe(400);
    const changed = await t.staff(
      'POST',
      '/api/till/sales',
      cashSale(session, [gripSocks], { expectedTotalPence: 100 }),
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('price_changed');
    expect((await t.ctx.db.select().from(tillSales)).length).toBe(before);
  });

  it('cash short of what is due is 400; unknown items 404; an item switched off 409', async () => {
    const short = await t.staff(
      'POST',
      '/api/till/sales',
      cashSale(session, [gripSocks], { payment: { method: 'cash', tenderedPence: 149 } }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('cash_short');
    const unknown = await t.staff('POST', '/api/till/sales', cashSale(session, [{ ...gripSocks, itemId: 'jetpack' }]));
    expect(unknown.statusCode).toBe(404);
    const badOption = await t.staff(
      'POST',
      '/api/till/sales',
      cashSale(session, [{ ...flatWhiteOat, optionIds: ['gold-leaf'] }]),
    );
    expect(badOption.statusCode).toBe(404);
    const off = await t.admin('PATCH', '/api/admin/catalogue/menu-items/flat-white/till', { available: false });
    expect(off.statusCode).toBe(200);
    const sold = await t.staff('POST', '/api/till/sales', cashSale(session, [flatWhiteOat]));
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error.code).toBe('item_unavailable');
    await t.admin('PATCH', '/api/admin/catalogue/menu-items/flat-white/till', { available: true });
  });

  it('a double tap makes one sale: both answers are the same sale', async () => {
    const input = cashSale(session, [gripSocks, flatWhiteOat]);
    const [a, b] = await Promise.all([
      t.staff('POST', '/api/till/sales', input),
      t.staff('POST', '/api/till/sales', input),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((a.json() as Sale).id).toBe((b.json() as Sale).id);
    const rows = await t.ctx.db.select().from(tillSales).where(eq(tillSales.requestId, input.requestId));
    expect(rows).toHaveLength(1);
    const retry = await sell(t.staff, input);
    expect(retry.id).toBe(rows[0]!.id);
  });

  it('entry takes places through the booking path and is checked in at once when ticked', async () => {
    const before = await taken(t.ctx.db, TODAY, 'morning');
    const sale = await sell(t.staff, cashSale(session, [entry(3)], { checkIn: true }));
    expect(await taken(t.ctx.db, TODAY, 'morning')).toBe(before + 3);
    const [row] = await t.ctx.db.select().from(tillSales).where(eq(tillSales.id, sale.id));
    const [visit] = await t.ctx.db.select().from(checkIns).where(eq(checkIns.bookingId, row!.bookingId!));
    expect(visit).toMatchObject({ children: 3, visitDate: TODAY });
  });

  it('the till and the website racing for the last places never oversell', async () => {
    for (let round = 0; round < 3; round++) {
      const now = await taken(t.ctx.db, TODAY, 'morning');
      await t.ctx.db.execute(
        sql`update session_occupancy set capacity = ${now + 2} where visit_date = ${TODAY} and session_id = 'morning'`,
      );
      const [till, online] = await Promise.all([
        t.staff('POST', '/api/till/sales', cashSale(session, [entry(2)])),
        postJson(
          t.app,
          '/api/create-booking-payment',
          bookingPayload({
            customerEmail: `race${round}@example.com`,
            selectedDate: TODAY,
            selectedTime: 'morning',
            ticketQuantities: { 'child-1-12': 2 },
            totalAmount: 1900,
          }),
        ),
      ]);
      const won = [till.statusCode === 201, online.statusCode === 201];
      expect(won.filter(Boolean), `${till.body} ${online.body}`).toHaveLength(1);
      if (!won[0]) expect(till.json().error.code).toBe('item_unavailable');
      expect(await taken(t.ctx.db, TODAY, 'morning')).toBe(now + 2);
    }
    await t.ctx.db.execute(sql`update session_occupancy set capacity = 60 where visit_date = ${TODAY}`);
  });

  it('a gift voucher pays part of a sale (its balance spent through its ledger), cash the rest', async () => {
    const voucher = await buyVoucher(t.app, t.ctx.db, { amountPence: 1000, sendOn: TODAY });
    const sale = await sell(
      t.staff,
      cashSale(session, [entry(1), gripSocks], {
        codes: [voucher.code],
        payment: { method: 'cash', tenderedPence: 100 },
      }),
    );
    expect(sale).toMatchObject({ totalPence: 1100, voucherPence: 1000, method: 'cash', changePence: 0 });
    expect((await voucherRow(t.ctx.db, voucher.voucherId)).balancePence).toBe(0);
    const spent = await t.staff('POST', '/api/till/sales', cashSale(session, [gripSocks], { codes: [voucher.code] }));
    expect(spent.statusCode, spent.body).toBe(400);
  });

  it('a card sale with no reader set up is refused and leaves its places', async () => {
    const before = await taken(t.ctx.db, TODAY, 'morning');
    const res = await t.staff('POST', '/api/till/sales', {
      ...cashSale(session, [entry(1)]),
      payment: { method: 'card', readerId: 'tmr_nowhere' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('reader_unavailable');
    expect(await taken(t.ctx.db, TODAY, 'morning')).toBe(before);
  });

  it('refuses a sale on another staff member’s till, and a retried request id from another till', async () => {
    const other = await openTill(t.admin, 'Cafe');
    const res = await t.staff('POST', '/api/till/sales', cashSale(other, [gripSocks]));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_your_till');
    const input = cashSale(session, [gripSocks]);
    await sell(t.staff, input);
    const stolen = await t.admin('POST', '/api/till/sales', {
      ...input,
      tillSessionId: other,
      requestId: input.requestId,
    });
    expect(stolen.statusCode).toBe(400);
  });
});
