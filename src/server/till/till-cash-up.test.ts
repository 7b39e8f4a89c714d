import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { saleInputSchema, type SaleInput, type ZReport } from '../../shared/contracts/till';
import { payWith, taken } from '../bookings/testing/booking-fixtures';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { bookings, checkIns, payments, staffAccounts, tillSales } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { auditRows, signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { markTillSaleCardResult, recordTillSale } from './sales';
import { cashSale, expectReconciles, openTill, report, sell } from './testing/till-fixtures';

// Wednesday 10 June 2026, 10:00 in London: the morning session is on now.
const START = new Date('2026-06-10T09:00:00Z');
const TODAY = '2026-06-10';
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

const entry = (quantity: number) => ({ kind: 'entry' as const, ticketTypeId: 'child-1-12', quantity });
const socks = (quantity: number) => ({ kind: 'shop' as const, itemId: 'grip-socks', quantity });
const latteOat = { kind: 'cafe' as const, itemId: 'drink-latte', quantity: 1, optionIds: ['oat-milk'] };

describe.each(testDbKinds)('till sessions, refunds and the Z report (%s)', (kind) => {
  let clock = START;
  const t = useAdminApp(kind, { now: () => clock });
  let admin: { accountId: string; username: string };

  beforeAll(async () => {
    const [row] = await t.ctx.db.select().from(staffAccounts).where(eq(staffAccounts.username, t.adminName));
    admin = { accountId: row!.id, username: t.adminName };
  });

  /** A card sale as the till makes it, waiting for the reader (the reader itself is the card work's). */
  const cardSale = async (session: string, lines: SaleInput['lines']) => {
    const input = { ...cashSale(session, lines), payment: { method: 'card' as const, readerId: 'tmr_test' } };
    const { sale } = await recordTillSale(t.ctx, saleInputSchema.parse(input), admin);
    expect(sale.status).toBe('awaiting_card');
    return sale;
  };
  /** A card payment the provider really took (TEST MODE provider, paid with the test card). */
  const cardPayment = async (amountPence: number) => {
    const created = await t.ctx.payments.createPayment({
      amountPence,
      idempotencyKey: randomUUID(),
      description: 'till',
      email: 'till@example.com',
      metadata: {},
    });
    expect((await payWith(t.app, created.clientSecret)).statusCode).toBe(200);
    return created.providerPaymentId;
  };

  it('every till route needs a signed-in member of staff: not signed out, not a family, not a kiosk', async () => {
    const family = requestAs(t.app, await familyCookieFor(t.ctx.db, 'fam@example.com', START));
    const kiosk = requestAs(t.app, (await signInAs(t.app, t.ctx, { kiosk: true })).cookie);
    const id = randomUUID();
    const calls: [Parameters<typeof t.anon>[0], string, unknown][] = [
      ['GET', '/api/till/catalogue', undefined],
      ['POST', '/api/till/sessions', { till: 'X', floatPence: 0 }],
      ['GET', '/api/till/sessions/open', undefined],
      ['POST', `/api/till/sessions/${id}/cash`, { direction: 'in', amountPence: 1, reason: 'xx' }],
      ['POST', `/api/till/sessions/${id}/close`, { counted: {} }],
      ['GET', `/api/till/sessions/${id}/report`, undefined],
      ['POST', '/api/till/sales', cashSale(id, [socks(1)])],
      ['GET', `/api/till/sales/${id}`, undefined],
      ['POST', `/api/till/sales/${id}/refund`, { requestId: id, lines: [{ lineId: id, quantity: 1 }], method: 'cash' }],
      ['POST', `/api/till/sales/${id}/void`, {}],
      ['PUT', '/api/admin/catalogue/shop-items', { items: [] }],
      ['PATCH', '/api/admin/catalogue/menu-items/drink-latte/till', { available: false }],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.anon(method, url, body)).statusCode, url).toBe(401);
      expect((await family(method, url, body)).statusCode, url).toBe(401);
      expect((await kiosk(method, url, body)).statusCode, url).toBe(403);
    }
    // The shop list and the cafe items' till facts are an admin's.
    expect((await t.staff('PUT', '/api/admin/catalogue/shop-items', { items: [] })).statusCode).toBe(403);
    const patch = await t.staff('PATCH', '/api/admin/catalogue/menu-items/drink-latte/till', { available: false });
    expect(patch.statusCode).toBe(403);
  });

  it('one open session per till', async () => {
    await openTill(t.staff, 'Kiosk counter', 0);
    const again = await t.admin('POST', '/api/till/sessions', { till: 'Kiosk counter', floatPence: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('till_already_open');
    const open = await t.staff('GET', '/api/till/sessions/open?till=Kiosk%20counter');
    expect(open.json().sessions).toHaveLength(1);
  });

  it('a day at the till: cash and card sales, a void, cash in and out, refunds both ways, close with a variance', async () => {
    clock = START;
    const session = await openTill(t.admin, 'Front', 5000);
    const a = await sell(
      t.admin,
      cashSale(session, [entry(2), socks(1)], { payment: { method: 'cash', tenderedPence: 2100 } }),
    );
    expect(a).toMatchObject({ totalPence: 2050, changePence: 50 });
    await sell(t.admin, cashSale(session, [latteOat], { eatIn: true }));

    const placesBeforeCard = await taken(t.ctx.db, TODAY, 'morning');
    const c = await cardSale(session, [entry(1), socks(2)]);
    expect(await taken(t.ctx.db, TODAY, 'morning')).toBe(placesBeforeCard + 1);
    const paid = { status: 'paid' as const, paymentIntentId: await cardPayment(1250) };
    await markTillSaleCardResult(t.ctx, c.id, paid);
    await markTillSaleCardResult(t.ctx, c.id, paid); // the webhook again: nothing more
    await markTillSaleCardResult(t.ctx, c.id, { status: 'declined', paymentIntentId: paid.paymentIntentId }); // stale
    const cNow = (await t.admin('GET', `/api/till/sales/${c.id}`)).json();
    expect(cNow).toMatchObject({ status: 'paid', method: 'card' });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.tillSaleId, c.id))).toHaveLength(1);

    const d = await cardSale(session, [entry(1)]);
    await markTillSaleCardResult(t.ctx, d.id, {
      status: 'declined',
      message: 'Insufficient funds',
      paymentIntentId: 'pi_x',
    });
    const dNow = (await t.admin('GET', `/api/till/sales/${d.id}`)).json();
    expect(dNow).toMatchObject({ status: 'declined', statusMessage: 'Insufficient funds' });
    expect(await taken(t.ctx.db, TODAY, 'morning')).toBe(placesBeforeCard + 1); // the declined one's place back

    const e = await cardSale(session, [socks(1)]);
    const voided = await t.admin('POST', `/api/till/sales/${e.id}/void`, { reason: 'Changed their mind' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().status).toBe('cancelled');
    const paidVoid = await t.admin('POST', `/api/till/sales/${a.id}/void`, {});
    expect(paidVoid.json().error.code).toBe('not_voidable');

    expect(
      (
        await t.admin('POST', `/api/till/sessions/${session}/cash`, {
          direction: 'in',
          amountPence: 1000,
          reason: 'Change from the bank',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.admin('POST', `/api/till/sessions/${session}/cash`, {
          direction: 'out',
          amountPence: 500,
          reason: 'Milk from the shop',
        })
      ).statusCode,
    ).toBe(200);

    // One child's entry back in cash (its place back to the session), one pair of socks back to the card.
    const placesBeforeRefund = await taken(t.ctx.db, TODAY, 'morning');
    const entryLine = a.lines.find((l) => l.kind === 'entry')!;
    const cashRefund = {
      requestId: randomUUID(),
      lines: [{ lineId: entryLine.id, quantity: 1 }],
      method: 'cash',
      reason: 'Left early',
    };
    const refunded = await t.admin('POST', `/api/till/sales/${a.id}/refund`, cashRefund);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().lines.find((l: { id: string }) => l.id === entryLine.id).refundedQuantity).toBe(1);
    expect((await t.admin('POST', `/api/till/sales/${a.id}/refund`, cashRefund)).statusCode).toBe(200); // retried: once
    expect(await taken(t.ctx.db, TODAY, 'morning')).toBe(placesBeforeRefund - 1);
    const tooMany = await t.admin('POST', `/api/till/sales/${a.id}/refund`, {
      ...cashRefund,
      requestId: randomUUID(),
      lines: [{ lineId: entryLine.id, quantity: 2 }],
    });
    expect(tooMany.json().error.code).toBe('not_refundable');
    const socksLine = c.lines.find((l) => l.kind === 'shop')!;
    const cardRefund = await t.admin('POST', `/api/till/sales/${c.id}/refund`, {
      requestId: randomUUID(),
      lines: [{ lineId: socksLine.id, quantity: 1 }],
      method: 'card',
    });
    expect(cardRefund.statusCode, cardRefund.body).toBe(200);
    const [cardPaymentRow] = await t.ctx.db.select().from(payments).where(eq(payments.tillSaleId, c.id));
    expect(cardPaymentRow).toMatchObject({ refundPence: 150, refundStatus: 'succeeded', status: 'succeeded' });

    const z = await report(t.admin, session);
    expect(z).toMatchObject({
      floatPence: 5000,
      cashSalesPence: 2050 + 330,
      cardSalesPence: 1250,
      refunds: { cashPence: 950, cardPence: 150 },
      cashInPence: 1000,
      cashOutPence: 500,
      expectedCashPence: 5000 + 2380 - 950 + 1000 - 500,
      countedCashPence: null,
      sales: 3,
      voids: 1,
    });
    expect(z.byKind).toEqual([
      { kind: 'entry', grossPence: 1900 + 950 - 950 },
      { kind: 'cafe', grossPence: 330 },
      { kind: 'shop', grossPence: 150 + 300 - 150 },
    ]);
    expectReconciles(z);

    // Counted 10p short.
    clock = minutes(480);
    const closed = await t.admin('POST', `/api/till/sessions/${session}/close`, {
      counted: { '5000': 1, '1000': 1, '500': 1, '200': 2, '20': 1 },
      note: 'Ten pence short',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const final = closed.json() as ZReport;
    expect(final).toMatchObject({ countedCashPence: 6920, variancePence: 6920 - 6930, closedBy: t.adminName });
    expectReconciles(final);

    // A closed session never changes.
    const late = await t.admin('POST', '/api/till/sales', cashSale(session, [socks(1)]));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('till_session_closed');
    const cash = await t.admin('POST', `/api/till/sessions/${session}/cash`, {
      direction: 'in',
      amountPence: 1,
      reason: 'late',
    });
    expect(cash.statusCode).toBe(409);
    expect((await t.admin('POST', `/api/till/sessions/${session}/close`, { counted: {} })).statusCode).toBe(409);
    expect(await report(t.admin, session)).toEqual(final);

    const actions = (await auditRows(t.ctx.db)).map((r) => r.action);
    for (const a of ['till.opened', 'till.cash_in', 'till.cash_out', 'till.void', 'till.refund', 'till.closed'])
      expect(actions).toContain(a);
  });

  it('a card sale’s entry is confirmed, and checked in when ticked, only once the reader says paid', async () => {
    clock = START;
    const session = await openTill(t.admin, 'Door', 0);
    const input = {
      ...cashSale(session, [entry(2)], { checkIn: true }),
      payment: { method: 'card' as const, readerId: 'tmr_test' },
    };
    const { sale } = await recordTillSale(t.ctx, saleInputSchema.parse(input), admin);
    const [row] = await t.ctx.db.select().from(tillSales).where(eq(tillSales.id, sale.id));
    const visits = () => t.ctx.db.select().from(checkIns).where(eq(checkIns.bookingId, row!.bookingId!));
    const status = async () =>
      (await t.ctx.db.select().from(bookings).where(eq(bookings.id, row!.bookingId!)))[0]!.status;
    expect(await visits()).toHaveLength(0);
    expect(await status()).toBe('pending');
    await markTillSaleCardResult(t.ctx, sale.id, { status: 'paid', paymentIntentId: await cardPayment(1900) });
    expect(await visits()).toHaveLength(1);
    expect(await status()).toBe('confirmed');
  });

  it('staff refund within 10 minutes of the sale; after that an admin does', async () => {
    clock = START;
    const session = await openTill(t.staff, 'Side', 0);
    const sale = await sell(t.staff, cashSale(session, [socks(2)]));
    const line = sale.lines[0]!;
    const refund = () => ({ requestId: randomUUID(), lines: [{ lineId: line.id, quantity: 1 }], method: 'cash' });
    clock = minutes(9);
    expect((await t.staff('POST', `/api/till/sales/${sale.id}/refund`, refund())).statusCode).toBe(200);
    clock = minutes(11);
    const late = await t.staff('POST', `/api/till/sales/${sale.id}/refund`, refund());
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('refund_window_over');
    expect((await t.admin('POST', `/api/till/sales/${sale.id}/refund`, refund())).statusCode).toBe(200);
    const wrongWay = await t.admin('POST', `/api/till/sales/${sale.id}/refund`, { ...refund(), method: 'card' });
    expect(wrongWay.statusCode).toBe(409);
  });

  it('a till closes once no card is waiting; card money for a sale already voided is refunded in full', async () => {
    clock = START;
    const session = await openTill(t.admin, 'Late', 0);
    const sale = await cardSale(session, [socks(1)]);
    const early = await t.admin('POST', `/api/till/sessions/${session}/close`, { counted: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('till_sale_waiting');
    expect((await t.admin('POST', `/api/till/sales/${sale.id}/void`, {})).statusCode).toBe(200);
    await markTillSaleCardResult(t.ctx, sale.id, { status: 'paid', paymentIntentId: await cardPayment(150) });
    const [row] = await t.ctx.db.select().from(tillSales).where(eq(tillSales.id, sale.id));
    expect(row!.status).toBe('cancelled');
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.tillSaleId, sale.id));
    expect(p).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundPence: 150,
      refundReason: 'late_payment',
    });
    const closed = await t.admin('POST', `/api/till/sessions/${session}/close`, { counted: {} });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ cardSalesPence: 0, sales: 0, voids: 1, variancePence: 0 });
  });
});
