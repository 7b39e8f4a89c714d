import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/contracts/till';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { payments, testProviderPayments } from '../db/schema';
import { requestAs, type Req } from '../catalogue/testing/admin-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill } from './testing/till-fixtures';

const NOW = new Date('2026-06-10T09:00:00Z');
const gripSocks = { kind: 'shop' as const, itemId: 'grip-socks', quantity: 2 };

/**
 * TEST MODE (no Stripe keys): the built-in Simulated reader takes Stripe's test card numbers at the till. Real
 * card sales are made through POST /api/till/sales and their outcome read back from GET /api/till/sales/:id.
 */
describe.each(testDbKinds)('TEST MODE simulated reader (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let staff: Req;
  let session: string;
  let cookies: { admin: string; kiosk: string; family: string };

  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
    staff = requestAs(t.app, (await signInAs(t.app, t.ctx)).cookie);
    cookies = {
      admin: (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie,
      kiosk: (await signInAs(t.app, t.ctx, { kiosk: true })).cookie,
      family: await familyCookieFor(t.ctx.db, 'sim-family@example.com'),
    };
    session = await openTill(staff, 'Counter');
  });
  afterAll(() => t.close());

  /** A card sale of two pairs of grip socks sent to the Simulated reader, as the till screen makes it. */
  async function waitingSale(readerId = 'simulated') {
    const res = await staff('POST', '/api/till/sales', {
      ...cashSale(session, [gripSocks]),
      payment: { method: 'card', readerId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale.status).toBe('awaiting_card');
    return sale;
  }
  const saleNow = async (id: string) => (await staff('GET', `/api/till/sales/${id}`)).json() as Sale;
  const paymentOf = async (saleId: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.tillSaleId, saleId)))[0];
  const present = (saleId: string, cardNumber: string) =>
    staff('POST', '/api/till/simulated-reader/present', { saleId, cardNumber });

  it('lists only the Simulated reader, to staff and admins, and registers no other', async () => {
    const expected = {
      testMode: true,
      readers: [
        { id: 'simulated', label: 'Simulated reader', deviceType: 'simulated', serialNumber: '', simulated: true },
      ],
    };
    expect((await staff('GET', '/api/till/readers')).json()).toEqual(expected);
    const admin = requestAs(t.app, cookies.admin);
    expect((await admin('GET', '/api/admin/till/readers')).json()).toEqual(expected);
    const register = await admin('POST', '/api/admin/till/readers', { registrationCode: 'simulated-wpe', label: 'X' });
    expect(register.statusCode).toBe(409);
    expect(register.json().error.code).toBe('terminal_not_configured');
  });

  it('approves 4242 4242 4242 4242: the sale is paid, and can be refunded to the card', async () => {
    const sale = await waitingSale();
    expect(await paymentOf(sale.id)).toBeUndefined(); // nothing is paid until the card is presented
    const res = await present(sale.id, '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'paid', message: null });
    expect(await saleNow(sale.id)).toMatchObject({ status: 'paid', method: 'card' });
    const payment = await paymentOf(sale.id);
    const [row] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, payment!.providerPaymentId!));
    expect(row).toMatchObject({ status: 'succeeded', amountPence: sale.totalPence, metadata: { seller: 'till' } });

    const line = sale.lines[0]!;
    const refund = await staff('POST', `/api/till/sales/${sale.id}/refund`, {
      requestId: randomUUID(),
      lines: [{ lineId: line.id, quantity: 1 }],
      method: 'card',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().lines[0].refundedQuantity).toBe(1);
    expect(await paymentOf(sale.id)).toMatchObject({ refundStatus: 'succeeded', refundPence: sale.totalPence / 2 });
    // Tapped again: the answer stands.
    expect((await present(sale.id, '4000 0000 0000 0002')).json()).toEqual({ status: 'paid', message: null });
    expect((await saleNow(sale.id)).status).toBe('paid');
  });

  it("declines 4000 0000 0000 0002 with Stripe's message; an unknown number declines too", async () => {
    const sale = await waitingSale();
    const res = await present(sale.id, '4000000000000002');
    expect(res.json()).toEqual({ status: 'declined', message: 'Your card was declined.' });
    expect(await saleNow(sale.id)).toMatchObject({ status: 'declined', statusMessage: 'Your card was declined.' });
    const other = await waitingSale();
    expect((await present(other.id, '5555 5555 5555 4444')).json().status).toBe('declined');
    expect((await saleNow(other.id)).status).toBe('declined');
  });

  it('cancel on the till cancels the sale, and a card after it pays nothing', async () => {
    const sale = await waitingSale();
    const res = await staff('POST', `/api/till/sales/${sale.id}/cancel-card`, {});
    expect(res.json()).toEqual({ status: 'cancelled', message: null });
    expect((await saleNow(sale.id)).status).toBe('cancelled');
    expect((await present(sale.id, '4242424242424242')).json().status).toBe('cancelled');
    expect((await saleNow(sale.id)).status).toBe('cancelled');
    const rows = await t.ctx.db.select().from(testProviderPayments);
    expect(rows.filter((r) => (r.metadata as { saleId?: string }).saleId === sale.id).map((r) => r.status)).toEqual([
      'canceled',
    ]);
  });

  it("another till's card is not another staff member's to cancel or tap: 403, the sale still waiting", async () => {
    const sale = await waitingSale();
    const other = requestAs(t.app, (await signInAs(t.app, t.ctx)).cookie);
    await openTill(other, 'Cafe');
    const cancel = await other('POST', `/api/till/sales/${sale.id}/cancel-card`, {});
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(cancel.json().error.code).toBe('not_your_till');
    const tap = await other('POST', '/api/till/simulated-reader/present', {
      saleId: sale.id,
      cardNumber: '4242424242424242',
    });
    expect(tap.statusCode).toBe(403);
    expect(await saleNow(sale.id)).toMatchObject({ status: 'awaiting_card' });
    const rows = await t.ctx.db.select().from(testProviderPayments);
    expect(rows.find((r) => (r.metadata as { saleId?: string }).saleId === sale.id)?.status).not.toBe('canceled');
    // Unknown or malformed ids are 404 for anyone; an admin may cancel any till's card.
    for (const id of [randomUUID(), 'not-a-sale'])
      expect((await other('POST', `/api/till/sales/${id}/cancel-card`, {})).statusCode).toBe(404);
    const admin = requestAs(t.app, cookies.admin);
    const byAdmin = await admin('POST', `/api/till/sales/${sale.id}/cancel-card`, {});
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await saleNow(sale.id)).status).toBe('cancelled');
    const family = await requestAs(t.app, cookies.family)('POST', `/api/till/sales/${sale.id}/cancel-card`, {});
    expect(family.statusCode).toBe(401);
  });

  it('refuses what is not a waiting sale or a card number, strangers, and an unknown reader (409)', async () => {
    expect((await present(randomUUID(), '4242424242424242')).statusCode).toBe(404);
    const sale = await waitingSale();
    const bad = await present(sale.id, 'four two four two');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.cardNumber).toBeDefined();
    const body = { saleId: sale.id, cardNumber: '4242424242424242' };
    const url = '/api/till/simulated-reader/present';
    expect((await requestAs(t.app, undefined)('POST', url, body)).statusCode).toBe(401);
    expect((await requestAs(t.app, cookies.family)('POST', url, body)).statusCode).toBe(401);
    expect((await requestAs(t.app, cookies.kiosk)('POST', url, body)).statusCode).toBe(403);
    expect((await saleNow(sale.id)).status).toBe('awaiting_card'); // none of them paid it

    const unknown = await staff('POST', '/api/till/sales', {
      ...cashSale(session, [gripSocks]),
      payment: { method: 'card', readerId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.code).toBe('reader_unavailable');
  });
});
