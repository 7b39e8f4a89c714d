import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/contracts/till';
import { tillReaderPayments, tillSales } from '../db/schema';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { createStripeClient } from '../payments/stripe-provider';
import { openStripeTestApp } from '../payments/testing/fake-stripe/stripe-test-kit';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { startReaderPayment } from './card-reader';
import { cashSale, openTill } from './testing/till-fixtures';

const gripSocks = { kind: 'shop' as const, itemId: 'grip-socks', quantity: 2 };

/**
 * Card on a reader through the real stripe SDK against the fake Stripe peer's Terminal: a reader registered by
 * its code, a sale's card_present PaymentIntent processed on it, a test card presented (Stripe's test helper),
 * and the webhook events the fake sends delivered, signed, to the app. Real till sales are made, and what the
 * reader's outcome did to each is read back from GET /api/till/sales/:id.
 */
describe.each(testDbKinds)('card on a reader, Stripe Terminal server-driven (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  let admin: ReturnType<typeof staffRequest>;
  let staff: ReturnType<typeof staffRequest>;
  let cookies: { admin: string; staff: string; kiosk: string; family: string };
  let session: string;
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
    session = await openTill(requestAs(t.app, cookies.staff), 'Counter');
  });
  afterAll(() => t.close());

  async function registerReader(label = 'Counter reader', registrationCode = 'simulated-wpe') {
    const res = await admin('POST', '/api/admin/till/readers', { registrationCode, label });
    expect(res.statusCode, res.body).toBe(201);
    const reader = res.json<{ id: string; label: string; simulated: boolean }>();
    const [stripeReader] = [...t.fake.terminal.readers.values()].filter((r) => r.label === label);
    return { ...reader, stripeReaderId: stripeReader!.id };
  }

  /** A card sale of two pairs of grip socks sent to the reader, as the till screen makes it. */
  function saleInput(readerId: string) {
    return { ...cashSale(session, [gripSocks]), payment: { method: 'card' as const, readerId } };
  }
  async function cardSale(readerId: string) {
    const res = await staff('POST', '/api/till/sales', saleInput(readerId));
    if (res.statusCode !== 201) throw Object.assign(new Error(res.body), res.json().error);
    const sale = res.json<Sale>();
    expect(sale.status).toBe('awaiting_card');
    const [row] = await t.ctx.db.select().from(tillReaderPayments).where(eq(tillReaderPayments.saleId, sale.id));
    return { saleId: sale.id, totalPence: sale.totalPence, paymentIntentId: row!.paymentIntentId };
  }
  const saleNow = async (id: string) => (await staff('GET', `/api/till/sales/${id}`)).json<Sale>();

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
    const { saleId, paymentIntentId, totalPence } = await cardSale(reader.id);
    const intent = t.fake.paymentIntents.get(paymentIntentId)!;
    expect(intent).toMatchObject({ amount: totalPence, currency: 'gbp', capture_method: 'automatic' });
    expect(intent.payment_method_types).toEqual(['card_present']);
    expect(intent.metadata).toMatchObject({ seller: 'till', saleId });
    expect(t.fake.terminal.readers.get(reader.stripeReaderId)!.action).toMatchObject({
      type: 'process_payment_intent',
      status: 'in_progress',
      process_payment_intent: { payment_intent: paymentIntentId },
    });
    expect((await saleNow(saleId)).status).toBe('awaiting_card'); // nothing is paid until Stripe says so

    await present(reader.stripeReaderId, '4242424242424242');
    expect(t.fake.sentEvents.slice(-2).map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'terminal.reader.action_succeeded',
    ]);
    expect(await saleNow(saleId)).toMatchObject({ status: 'paid', method: 'card' });
    const [row] = await t.ctx.db.select().from(tillReaderPayments).where(eq(tillReaderPayments.saleId, saleId));
    expect(row).toMatchObject({ status: 'paid', paymentIntentId });
    // The same sale asked again answers the same payment; a repeated event changes nothing more.
    expect((await cardSale(reader.id)).paymentIntentId).not.toBe(paymentIntentId);
    expect(
      (await startReaderPayment(t.ctx, { saleId, amountPence: totalPence, readerId: reader.id, description: 'x' }))
        .paymentIntentId,
    ).toBe(paymentIntentId);
    const replay = await t.deliver(
      t.fake.sentEvents.find((e) => e.data.object && e.type === 'payment_intent.succeeded')!,
    );
    expect(replay.json()).toMatchObject({ received: true });
    expect((await saleNow(saleId)).status).toBe('paid');
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
    expect(await saleNow(saleId)).toMatchObject({ status: 'declined', statusMessage: 'Your card was declined.' });
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
    expect((await saleNow(saleId)).status).toBe('cancelled');
    // A card presented after the cancel finds nothing to pay.
    await expect(present(reader.stripeReaderId, '4242424242424242')).rejects.toThrow(/no action in progress/);
    expect((await saleNow(saleId)).status).toBe('cancelled');
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
    expect((await saleNow(saleId)).status).toBe('paid');
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
    expect((await saleNow(saleId)).status).toBe('cancelled');
  });

  it('an unknown or removed reader is 409 reader_unavailable, and a busy one too (its PaymentIntent cancelled)', async () => {
    await expect(cardSale(randomUUID())).rejects.toMatchObject({ code: 'reader_unavailable' });
    await expect(cardSale('simulated')).rejects.toMatchObject({ code: 'reader_unavailable' });
    const reader = await registerReader('Busy');
    const first = await cardSale(reader.id);
    const before = t.fake.paymentIntents.size;
    const second = saleInput(reader.id);
    const busy = await staff('POST', '/api/till/sales', second);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('reader_unavailable');
    const newest = [...t.fake.paymentIntents.values()].at(-1)!;
    expect(t.fake.paymentIntents.size).toBe(before + 1);
    expect(newest.status).toBe('canceled');
    // The refused sale is voided (nothing was taken); the first still waits for its card.
    const [refused] = await t.ctx.db.select().from(tillSales).where(eq(tillSales.requestId, second.requestId));
    expect(refused!.status).toBe('cancelled');
    expect((await saleNow(first.saleId)).status).toBe('awaiting_card');
  });

  it('the same sale sent twice at once is one payment on the reader, not cancelled by the second send', async () => {
    const reader = await registerReader('Double tap');
    const input = saleInput(reader.id);
    const before = t.fake.paymentIntents.size;
    const [a, b] = await Promise.all([
      staff('POST', '/api/till/sales', input),
      staff('POST', '/api/till/sales', input),
    ]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([201, 201]);
    const saleId = a.json<Sale>().id;
    expect(b.json<Sale>().id).toBe(saleId);
    // The reader asked for the same sale twice at once (a retried send) still holds one PaymentIntent.
    const send = () => startReaderPayment(t.ctx, { saleId, amountPence: 300, readerId: reader.id, description: 'x' });
    const [x, y] = await Promise.all([send(), send()]);
    expect(x.paymentIntentId).toBe(y.paymentIntentId);
    expect(t.fake.paymentIntents.size).toBe(before + 1);
    expect(t.fake.paymentIntents.get(x.paymentIntentId)!.status).toBe('requires_payment_method');
    await present(reader.stripeReaderId, '4242424242424242');
    expect((await saleNow(saleId)).status).toBe('paid');
  });

  it('the simulated-reader route is 404 with Stripe keys set', async () => {
    const res = await staff('POST', '/api/till/simulated-reader/present', {
      saleId: randomUUID(),
      cardNumber: '4242 4242 4242 4242',
    });
    expect(res.statusCode).toBe(404);
  });
});
