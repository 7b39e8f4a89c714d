import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tillReaderPayments } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { createStripeClient } from '../payments/stripe-provider';
import { openStripeTestApp } from '../payments/testing/fake-stripe/stripe-test-kit';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { startReaderPayment } from './card-reader';
import { markTillSaleCardResult } from './sales';

// The seam with the till core (wt-48a's sales.ts): every report it is given is recorded. Once both branches
// are merged, a test beside the till's sales checks the sale row itself.
vi.mock('./sales', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./sales')>()),
  markTillSaleCardResult: vi.fn(async () => {}),
}));
const reported = vi.mocked(markTillSaleCardResult);
const reportsFor = (saleId: string) =>
  reported.mock.calls.filter((c) => c[1] === saleId).map(([, , r]) => ({ status: r.status, message: r.message }));

/**
 * Card on a reader through the real stripe SDK against the fake Stripe peer's Terminal: a reader registered by
 * its code, a sale's card_present PaymentIntent processed on it, a test card presented (Stripe's test helper),
 * and the webhook events the fake sends delivered, signed, to the app.
 */
describe.each(testDbKinds)('card on a reader, Stripe Terminal server-driven (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  let admin: ReturnType<typeof staffRequest>;
  let staff: ReturnType<typeof staffRequest>;
  let cookies: { admin: string; staff: string; kiosk: string; family: string };
  const stripe = () => createStripeClient('sk_test_kit', { apiBaseUrl: t.fake.url });

  beforeAll(async () => {
    t = await openStripeTestApp(kind);
    t.fake.setWebhookSink((event) => t.deliver(event));
    cookies = {
      admin: (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie,
      staff: (await signInAs(t.app, t.ctx)).cookie,
      kiosk: (await signInAs(t.app, t.ctx, { kiosk: true })).cookie,
      family: await familyCookieFor(t.ctx.db, 'till-family@example.com'),
    };
    admin = staffRequest(t.app, cookies.admin);
    staff = staffRequest(t.app, cookies.staff);
  });
  afterAll(() => t.close());
  beforeEach(() => reported.mockClear());

  async function registerReader(label = 'Counter reader', registrationCode = 'simulated-wpe') {
    const res = await admin('POST', '/api/admin/till/readers', { registrationCode, label });
    expect(res.statusCode, res.body).toBe(201);
    const reader = res.json<{ id: string; label: string; simulated: boolean }>();
    const [stripeReader] = [...t.fake.terminal.readers.values()].filter((r) => r.label === label);
    return { ...reader, stripeReaderId: stripeReader!.id };
  }

  /** A card sale of £12.50 sent to the reader, as the till core sends it. */
  async function cardSale(readerId: string) {
    const saleId = randomUUID();
    const { paymentIntentId } = await startReaderPayment(t.ctx, {
      saleId,
      amountPence: 1250,
      readerId,
      description: 'Sale 1',
    });
    return { saleId, paymentIntentId };
  }

  async function present(stripeReaderId: string, number: string) {
    await stripe().testHelpers.terminal.readers.presentPaymentMethod(stripeReaderId, {
      type: 'card_present',
      card_present: { number },
    });
    await t.fake.settleWebhooks();
  }

  it('registers readers at one location made from the venue, lists them, and audits it', async () => {
    const first = await registerReader('Till 1');
    const second = await registerReader('Till 2', 'sepia-cerulean-aardvark');
    expect([...t.fake.terminal.locations.values()]).toHaveLength(1);
    const [location] = t.fake.terminal.locations.values();
    expect(location!.address.country).toBe('GB');
    const list = await admin('GET', '/api/admin/till/readers');
    expect(list.json()).toMatchObject({ testMode: false });
    expect(list.json<{ readers: { id: string }[] }>().readers.map((r) => r.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect((await staff('GET', '/api/till/readers')).json<{ readers: unknown[] }>().readers.length).toBeGreaterThan(1);
    expect((await auditRows(t.ctx.db, first.id)).map((r) => r.action)).toEqual(['till_reader_registered']);

    const bad = await admin('POST', '/api/admin/till/readers', { registrationCode: 'not a code', label: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.registrationCode).toBeDefined();

    const removed = await admin('DELETE', `/api/admin/till/readers/${second.id}`);
    expect(removed.statusCode).toBe(200);
    expect(t.fake.terminal.readers.has(second.stripeReaderId)).toBe(false);
    expect((await auditRows(t.ctx.db, second.id)).map((r) => r.action)).toEqual([
      'till_reader_registered',
      'till_reader_removed',
    ]);
    expect((await admin('DELETE', `/api/admin/till/readers/${second.id}`)).statusCode).toBe(404);
  });

  it('refuses strangers: signed out 401, a family 401, staff and a kiosk 403 on the admin routes', async () => {
    const routes = [
      ['GET', '/api/admin/till/readers', undefined],
      ['POST', '/api/admin/till/readers', { registrationCode: 'simulated-wpe', label: 'Sneaky' }],
      ['DELETE', `/api/admin/till/readers/${randomUUID()}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await staffRequest(t.app, undefined)(method, url, body)).statusCode, url).toBe(401);
      expect((await staffRequest(t.app, cookies.family)(method, url, body)).statusCode, url).toBe(401);
      expect((await staff(method, url, body)).statusCode, url).toBe(403);
      expect((await staffRequest(t.app, cookies.kiosk)(method, url, body)).statusCode, url).toBe(403);
    }
    for (const url of ['/api/till/readers']) {
      expect((await staffRequest(t.app, undefined)('GET', url)).statusCode).toBe(401);
      expect((await staffRequest(t.app, cookies.family)('GET', url)).statusCode).toBe(401);
    }
    const cancel = `/api/till/sales/${randomUUID()}/cancel-card`;
    expect((await staffRequest(t.app, undefined)('POST', cancel, {})).statusCode).toBe(401);
    expect((await staffRequest(t.app, cookies.kiosk)('POST', cancel, {})).statusCode).toBe(403);
    expect([...t.fake.terminal.readers.values()].some((r) => r.label === 'Sneaky')).toBe(false);
  });

  it('approved: the card_present PaymentIntent is processed on the reader, and the webhook reports paid', async () => {
    const reader = await registerReader('Approves');
    const { saleId, paymentIntentId } = await cardSale(reader.id);
    const intent = t.fake.paymentIntents.get(paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 1250, currency: 'gbp', capture_method: 'automatic' });
    expect(intent.payment_method_types).toEqual(['card_present']);
    expect(intent.metadata).toMatchObject({ seller: 'till', saleId });
    expect(t.fake.terminal.readers.get(reader.stripeReaderId)!.action).toMatchObject({
      type: 'process_payment_intent',
      status: 'in_progress',
      process_payment_intent: { payment_intent: paymentIntentId },
    });
    expect(reportsFor(saleId)).toEqual([]); // nothing is paid until Stripe says so

    await present(reader.stripeReaderId, '4242424242424242');
    expect(t.fake.sentEvents.slice(-2).map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'terminal.reader.action_succeeded',
    ]);
    expect(new Set(reportsFor(saleId).map((r) => r.status))).toEqual(new Set(['paid']));
    const [row] = await t.ctx.db.select().from(tillReaderPayments).where(eq(tillReaderPayments.saleId, saleId));
    expect(row).toMatchObject({ status: 'paid', paymentIntentId });
    // The same sale asked again answers the same payment; a repeated event changes nothing more.
    expect((await cardSale(reader.id)).paymentIntentId).not.toBe(paymentIntentId);
    expect(
      (await startReaderPayment(t.ctx, { saleId, amountPence: 1250, readerId: reader.id, description: 'x' }))
        .paymentIntentId,
    ).toBe(paymentIntentId);
    const replay = await t.deliver(
      t.fake.sentEvents.find((e) => e.data.object && e.type === 'payment_intent.succeeded')!,
    );
    expect(replay.json()).toMatchObject({ received: true });
  });

  it('declined: 4000 0000 0000 0002 fails the action with card_declined, and the webhook reports declined', async () => {
    const reader = await registerReader('Declines');
    const { saleId, paymentIntentId } = await cardSale(reader.id);
    await present(reader.stripeReaderId, '4000000000000002');
    expect(t.fake.terminal.readers.get(reader.stripeReaderId)!.action).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
    });
    expect(t.fake.paymentIntents.get(paymentIntentId)!.status).toBe('requires_payment_method');
    const reports = reportsFor(saleId);
    expect(reports.length).toBeGreaterThan(0);
    for (const r of reports) expect(r).toEqual({ status: 'declined', message: 'Your card was declined.' });
  });

  it('cancelled: Cancel on the till sends cancel_action, cancels the PaymentIntent and reports cancelled', async () => {
    const reader = await registerReader('Cancels');
    const { saleId, paymentIntentId } = await cardSale(reader.id);
    const res = await staff('POST', `/api/till/sales/${saleId}/cancel-card`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancelled', message: null });
    await t.fake.settleWebhooks();
    expect(t.fake.terminal.readers.get(reader.stripeReaderId)!.action).toMatchObject({
      status: 'failed',
      failure_code: 'canceled',
    });
    expect(t.fake.paymentIntents.get(paymentIntentId)!.status).toBe('canceled');
    expect(new Set(reportsFor(saleId).map((r) => r.status))).toEqual(new Set(['cancelled']));
    // A card presented after the cancel finds nothing to pay.
    await expect(present(reader.stripeReaderId, '4242424242424242')).rejects.toThrow(/no action in progress/);
  });

  it('a cancel that loses the race to the card reports paid, as Stripe has it', async () => {
    const reader = await registerReader('Race');
    const { saleId } = await cardSale(reader.id);
    await stripe().testHelpers.terminal.readers.presentPaymentMethod(reader.stripeReaderId, {
      card_present: { number: '4242424242424242' },
    });
    const res = await staff('POST', `/api/till/sales/${saleId}/cancel-card`, {});
    expect(res.json()).toEqual({ status: 'paid', message: null });
    await t.fake.settleWebhooks();
    expect(new Set(reportsFor(saleId).map((r) => r.status))).toEqual(new Set(['paid']));
  });

  it('a reader that gives up by itself (timed out) has its PaymentIntent cancelled, so it cannot be paid later', async () => {
    const reader = await registerReader('Times out');
    const { saleId, paymentIntentId } = await cardSale(reader.id);
    t.fake.terminal.controls.failAction(reader.stripeReaderId);
    await t.fake.settleWebhooks();
    // The reader's failure, then the cancel the app made on hearing of it.
    expect(t.fake.sentEvents.slice(-2).map((e) => e.type)).toEqual([
      'terminal.reader.action_failed',
      'payment_intent.canceled',
    ]);
    expect(t.fake.paymentIntents.get(paymentIntentId)!.status).toBe('canceled');
    expect(new Set(reportsFor(saleId).map((r) => r.status))).toEqual(new Set(['cancelled']));
  });

  it('an unknown or removed reader is 409 reader_unavailable, and a busy one too (its PaymentIntent cancelled)', async () => {
    await expect(cardSale(randomUUID())).rejects.toMatchObject({ code: 'reader_unavailable' });
    await expect(cardSale('simulated')).rejects.toMatchObject({ code: 'reader_unavailable' });
    const reader = await registerReader('Busy');
    await cardSale(reader.id);
    const before = t.fake.paymentIntents.size;
    await expect(cardSale(reader.id)).rejects.toMatchObject({ code: 'reader_unavailable' });
    const newest = [...t.fake.paymentIntents.values()].at(-1)!;
    expect(t.fake.paymentIntents.size).toBe(before + 1);
    expect(newest.status).toBe('canceled');
  });

  it('the same sale sent twice at once is one payment on the reader, not cancelled by the second send', async () => {
    const reader = await registerReader('Double tap');
    const saleId = randomUUID();
    const send = () => startReaderPayment(t.ctx, { saleId, amountPence: 700, readerId: reader.id, description: 'x' });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.paymentIntentId).toBe(b.paymentIntentId);
    expect(t.fake.paymentIntents.get(a.paymentIntentId)!.status).toBe('requires_payment_method');
    await present(reader.stripeReaderId, '4242424242424242');
    expect(new Set(reportsFor(saleId).map((r) => r.status))).toEqual(new Set(['paid']));
  });

  it('the simulated-reader route is 404 with Stripe keys set', async () => {
    const res = await staff('POST', '/api/till/simulated-reader/present', {
      saleId: randomUUID(),
      cardNumber: '4242 4242 4242 4242',
    });
    expect(res.statusCode).toBe(404);
  });
});
