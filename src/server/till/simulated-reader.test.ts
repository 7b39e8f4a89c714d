import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testProviderPayments } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { startReaderPayment } from './card-reader';
import { markTillSaleCardResult } from './sales';

// The seam with the till core (wt-48a's sales.ts): every report it is given is recorded.
vi.mock('./sales', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./sales')>()),
  markTillSaleCardResult: vi.fn(async () => {}),
}));
const reported = vi.mocked(markTillSaleCardResult);

/** TEST MODE (no Stripe keys): the built-in Simulated reader takes Stripe's test card numbers at the till. */
describe.each(testDbKinds)('TEST MODE simulated reader (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let staff: ReturnType<typeof staffRequest>;
  let cookies: { admin: string; kiosk: string; family: string };

  beforeAll(async () => {
    t = await openTestApp(kind);
    staff = staffRequest(t.app, (await signInAs(t.app, t.ctx)).cookie);
    cookies = {
      admin: (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie,
      kiosk: (await signInAs(t.app, t.ctx, { kiosk: true })).cookie,
      family: await familyCookieFor(t.ctx.db, 'sim-family@example.com'),
    };
  });
  afterAll(() => t.close());
  beforeEach(() => reported.mockClear());

  async function waitingSale() {
    const saleId = randomUUID();
    const { paymentIntentId } = await startReaderPayment(t.ctx, {
      saleId,
      amountPence: 480,
      readerId: 'simulated',
      description: 'Sale 7',
    });
    return { saleId, paymentIntentId };
  }
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
    const admin = staffRequest(t.app, cookies.admin);
    expect((await admin('GET', '/api/admin/till/readers')).json()).toEqual(expected);
    const register = await admin('POST', '/api/admin/till/readers', { registrationCode: 'simulated-wpe', label: 'X' });
    expect(register.statusCode).toBe(409);
    expect(register.json().error.code).toBe('terminal_not_configured');
  });

  it('approves 4242 4242 4242 4242: the server reports paid, and the payment can be refunded to the card', async () => {
    const { saleId, paymentIntentId } = await waitingSale();
    expect(reported).not.toHaveBeenCalled();
    const res = await present(saleId, '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'paid', message: null });
    expect(reported.mock.calls).toEqual([[t.ctx, saleId, { status: 'paid', paymentIntentId }]]);
    const [row] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, paymentIntentId));
    expect(row).toMatchObject({ status: 'succeeded', amountPence: 480, metadata: { seller: 'till', saleId } });
    await t.ctx.payments.refund({ providerPaymentId: paymentIntentId, amountPence: 480, idempotencyKey: 'r1' });
    // Tapped again: the answer stands.
    expect((await present(saleId, '4000 0000 0000 0002')).json()).toEqual({ status: 'paid', message: null });
  });

  it("declines 4000 0000 0000 0002 with Stripe's message; an unknown number declines too", async () => {
    const { saleId, paymentIntentId } = await waitingSale();
    const res = await present(saleId, '4000000000000002');
    expect(res.json()).toEqual({ status: 'declined', message: 'Your card was declined.' });
    expect(reported.mock.calls).toEqual([
      [t.ctx, saleId, { status: 'declined', message: 'Your card was declined.', paymentIntentId }],
    ]);
    const other = await waitingSale();
    expect((await present(other.saleId, '5555 5555 5555 4444')).json().status).toBe('declined');
  });

  it('cancel on the till reports cancelled, and a card after it pays nothing', async () => {
    const { saleId, paymentIntentId } = await waitingSale();
    const res = await staff('POST', `/api/till/sales/${saleId}/cancel-card`, {});
    expect(res.json()).toEqual({ status: 'cancelled', message: null });
    expect((await present(saleId, '4242424242424242')).json().status).toBe('cancelled');
    const [row] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, paymentIntentId));
    expect(row!.status).toBe('canceled');
  });

  it('refuses what is not a waiting sale or a card number, and strangers', async () => {
    expect((await present(randomUUID(), '4242424242424242')).statusCode).toBe(404);
    const { saleId } = await waitingSale();
    const bad = await present(saleId, 'four two four two');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.cardNumber).toBeDefined();
    const body = { saleId, cardNumber: '4242424242424242' };
    const url = '/api/till/simulated-reader/present';
    expect((await staffRequest(t.app, undefined)('POST', url, body)).statusCode).toBe(401);
    expect((await staffRequest(t.app, cookies.family)('POST', url, body)).statusCode).toBe(401);
    expect((await staffRequest(t.app, cookies.kiosk)('POST', url, body)).statusCode).toBe(403);
    expect(reported).not.toHaveBeenCalled();
    await expect(
      startReaderPayment(t.ctx, { saleId: randomUUID(), amountPence: 100, readerId: randomUUID(), description: 'x' }),
    ).rejects.toMatchObject({ code: 'reader_unavailable' });
  });
});
