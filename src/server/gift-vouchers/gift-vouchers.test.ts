import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { giftVoucherLedger, giftVouchers, payments } from '../db/schema';
import { PaymentProviderError } from '../payments/provider';
import { reportPayment } from '../payments/testing/report-payment';
import { openTestApp } from '../testing/test-app';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { testDbKinds } from '../testing/test-database';
import { publicUrlOf } from '../config';
import { hashVoucherCode, maskVoucherCodesIn, normaliseVoucherCode, voucherCodeOf } from './gift-voucher-code';
import { sendDueGiftVouchers } from './send-due-vouchers';
import {
  buyVoucher,
  codeOf,
  lookupCode,
  startVoucher,
  voucherPayload,
  voucherRow,
} from './testing/gift-voucher-fixtures';

// Monday 20 October 2025, 11:00 BST.
const START = new Date('2025-10-20T10:00:00Z');
const TOMORROW_MORNING = new Date('2025-10-21T06:00:00Z');

describe.each(testDbKinds)('gift vouchers on %s', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;
  const sendDue = () => sendDueGiftVouchers({ db: db(), now: t.clock, publicUrl: publicUrlOf(t.ctx) });
  const voucherCount = async () => Number((await db().select({ n: count() }).from(giftVouchers))[0]!.n);

  it('sells a £30 voucher: waiting for payment, then active with a receipt; the recipient mail goes on its day, once', async () => {
    const started = await startVoucher(t.app, { buyerEmail: 'buyer1@example.com', recipientEmail: 'rec1@example.com' });
    expect(started).toMatchObject({ amount: 3000, kind: 'amount' });
    expect(started.clientSecret).toMatch(/^tp_.+_secret_/);
    const pending = await voucherRow(db(), started.voucherId);
    expect(pending).toMatchObject({ status: 'pending_payment', balancePence: 3000, sendOn: '2025-10-21' });
    // Valid 12 months from the day it arrives.
    expect(pending.expiresOn).toBe('2026-10-21');
    // Only the hash and the last four are stored, never the code.
    const code = await codeOf(db(), started.voucherId);
    expect(code).toMatch(/^GV(-[2-9A-HJKMNP-Z]{4}){5}$/);
    expect(pending.codeHash).toBe(hashVoucherCode(normaliseVoucherCode(code)!));
    expect(JSON.stringify(pending)).not.toContain(code.slice(3, 7) + code.slice(8, 12));
    const [payment] = await db().select().from(payments).where(eq(payments.giftVoucherId, started.voucherId));
    expect(payment).toMatchObject({ purpose: 'gift_voucher', amountPence: 3000, status: 'pending' });
    // Not usable before it is paid: the code is unknown.
    expect((await lookupCode(t.app, code)).statusCode).toBe(404);

    expect((await payWith(t.app, started.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await voucherRow(db(), started.voucherId)).toMatchObject({ status: 'active', sentAt: null });
    const receipts = await mailsTo(db(), 'buyer1@example.com');
    expect(receipts.map((m) => m.template)).toEqual(['gift-voucher-receipt']);
    expect(receipts[0]!.text).toContain('£30.00');
    expect(receipts[0]!.text).toContain('21 October 2025');
    expect(receipts[0]!.text).not.toContain(code);
    expect(await mailsTo(db(), 'rec1@example.com')).toHaveLength(0);
    const ledger = await db()
      .select()
      .from(giftVoucherLedger)
      .where(eq(giftVoucherLedger.voucherId, started.voucherId));
    expect(ledger.map((l) => [l.kind, l.amountPence, l.balanceAfterPence])).toEqual([['purchase', 3000, 3000]]);

    // A repeated report changes nothing: no second purchase entry, no second receipt.
    const again = await reportPayment(t.ctx, payment!.providerPaymentId!, 'succeeded', t.clock);
    expect(again.outcome).toBe('unchanged');
    expect(await mailsTo(db(), 'buyer1@example.com')).toHaveLength(1);

    // The day before: nothing. On the day (venue time), the mail goes, with the code; a second run sends none.
    expect((await sendDue()).sent).toBe(0);
    t.clock = TOMORROW_MORNING;
    const [a, b] = await Promise.all([sendDue(), sendDue()]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    expect((await sendDue()).sent).toBe(0);
    const recipientMails = await mailsTo(db(), 'rec1@example.com');
    expect(recipientMails).toHaveLength(1);
    expect(recipientMails[0]!.template).toBe('gift-voucher-recipient');
    expect(recipientMails[0]!.text).toContain(code);
    expect(recipientMails[0]!.text).toContain('Have fun on the slides.');
    expect(recipientMails[0]!.text).toContain('/gift-vouchers/print?token=r.');
    expect((await voucherRow(db(), started.voucherId)).sentAt).not.toBeNull();

    // Balance and expiry for whoever has the code, typed any which way.
    const looked = await lookupCode(t.app, code.toLowerCase().replace(/-/g, ' '));
    expect(looked.statusCode).toBe(200);
    expect(looked.headers['cache-control']).toBe('no-store');
    expect(looked.json()).toEqual({
      status: 'active',
      kind: 'amount',
      ticketTypeTitle: null,
      balance: 3000,
      initial: 3000,
      expiresOn: '2026-10-21',
      last4: code.slice(-4),
    });
  });

  it('prints the voucher for the buyer and the recipient links only', async () => {
    const v = await buyVoucher(t.app, db(), { sendOn: '2025-10-20', recipientEmail: 'rec2@example.com' });
    // Due today: the recipient mail went with the payment.
    const [mail] = await mailsTo(db(), 'rec2@example.com');
    const recipientToken = decodeURIComponent(/print\?token=(\S+)/.exec(mail!.text)![1]!);
    for (const token of [v.printToken, recipientToken]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/gift-vouchers/print?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        code: v.code,
        initial: 3000,
        status: 'active',
        recipientName: 'Rosie Recipient',
      });
      expect(res.json().qr).toMatch(/^data:image\/png;base64,/);
    }
    // A stranger's guesses: a token for another voucher, a tampered signature, nonsense.
    const other = await startVoucher(t.app);
    const forged = v.printToken.replace(v.voucherId, other.voucherId);
    const tampered = `${v.printToken.slice(0, -2)}xx`;
    for (const token of [forged, tampered, 'b.nonsense-token', 'x.' + v.printToken.slice(2)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/gift-vouchers/print?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(v.code);
    }
    // An unpaid voucher's own buyer link shows no code yet.
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/api/gift-vouchers/print?token=${encodeURIComponent(other.printToken)}`,
    });
    expect(unpaid.statusCode).toBe(409);
  });

  it('prices a visit voucher from the catalogue for today', async () => {
    const v = await buyVoucher(t.app, db(), { kind: 'visit', ticketTypeId: 'child-1-12', amountPence: undefined });
    const row = await voucherRow(db(), v.voucherId);
    expect(row).toMatchObject({ kind: 'visit', ticketTypeId: 'child-1-12', status: 'active' });
    expect(row.initialPence).toBe(row.ticketPricePence);
    expect(row.initialPence).toBeGreaterThan(0);
    expect(row.ticketTypeTitle).toBeTruthy();
    expect((await lookupCode(t.app, v.code)).json()).toMatchObject({ kind: 'visit', balance: row.initialPence });
  });

  it('refuses hostile input with 400 and writes nothing', async () => {
    const before = await voucherCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ amountPence: 900 }, 'amountPence'],
      [{ amountPence: 20100 }, 'amountPence'],
      [{ amountPence: 1050 }, 'amountPence'],
      [{ amountPence: 1000.5 }, 'amountPence'],
      [{ amountPence: '3000' }, 'amountPence'],
      [{ amountPence: undefined }, 'amountPence'],
      [{ kind: 'visit', ticketTypeId: 'no-such-ticket' }, 'ticketTypeId'],
      [{ kind: 'visit', ticketTypeId: undefined }, 'ticketTypeId'],
      [{ kind: 'cash' }, 'kind'],
      [{ sendOn: '2025-10-19' }, 'sendOn'],
      [{ sendOn: '2026-01-19' }, 'sendOn'],
      [{ sendOn: 'tomorrow' }, 'sendOn'],
      [{ sendOn: '2025-10-45' }, 'sendOn'],
      [{ sendOn: '2025-11-31' }, 'sendOn'],
      [{ message: 'x'.repeat(301) }, 'message'],
      [{ message: 'bell\u0007' }, 'message'],
      [{ recipientEmail: 'not-an-address' }, 'recipientEmail'],
      [{ buyerName: '' }, 'buyerName'],
    ];
    for (const [override, field] of bad) {
      const res = await postJson(t.app, '/api/gift-vouchers', { ...voucherPayload(), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(override)).toContain(field);
    }
    // The last day allowed is accepted: 90 days ahead.
    expect((await postJson(t.app, '/api/gift-vouchers', voucherPayload({ sendOn: '2026-01-18' }))).statusCode).toBe(
      201,
    );
    expect(await voucherCount()).toBe(before + 1);
  });

  it('keeps a voucher unpaid when the card is declined, and sends nothing', async () => {
    const v = await startVoucher(t.app, {
      buyerEmail: 'declined@example.com',
      sendOn: '2025-10-20',
      recipientEmail: 'rec3@example.com',
    });
    const res = await payWith(t.app, v.clientSecret, '4000 0000 0000 0002');
    expect(res.json().status).toBe('failed');
    expect((await voucherRow(db(), v.voucherId)).status).toBe('pending_payment');
    expect(await mailsTo(db(), 'declined@example.com')).toHaveLength(0);
    expect(await mailsTo(db(), 'rec3@example.com')).toHaveLength(0);
    expect((await sendDue()).sent).toBe(0);
  });

  it('answers a wrong code the same way however close it was, and an expired one with its date', async () => {
    const v = await buyVoucher(t.app, db());
    const oneOff = v.code.slice(0, -1) + (v.code.endsWith('2') ? '3' : '2');
    const answers = await Promise.all(
      [oneOff, 'GV-2222-2222-2222-2222-2222', 'hello', 'GV-0000-OOOO-1111-IIII-LLLL', '%20'].map((c) =>
        lookupCode(t.app, c),
      ),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(404);
      expect(a.json().error).toEqual({
        code: 'gift_voucher_not_found',
        message: 'We could not find a gift voucher with that code. Please check it and try again.',
      });
    }
    t.clock = new Date('2026-10-22T09:00:00Z');
    const expired = await lookupCode(t.app, v.code);
    expect(expired.json()).toMatchObject({ status: 'expired', expiresOn: '2026-10-21', balance: 3000 });
  });

  it('masks codes in request log URLs', () => {
    const code = voucherCodeOf('secret', '00000000-0000-0000-0000-000000000001');
    expect(maskVoucherCodesIn(`/api/gift-vouchers/${code}`)).toBe('/api/gift-vouchers/[code]');
    expect(maskVoucherCodesIn(`/api/gift-vouchers/${code.toLowerCase()}?x=1`)).toBe('/api/gift-vouchers/[code]?x=1');
    expect(maskVoucherCodesIn(`/booking?voucher=${code}`)).toBe('/booking?voucher=[code]');
    expect(maskVoucherCodesIn('/api/gift-vouchers/print?token=b.abc')).toBe('/api/gift-vouchers/print?token=b.abc');
  });
});

describe.each(testDbKinds)('gift vouchers with the abuse limits on, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START, config: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => t.close());

  it('per client, and per code across clients', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await lookupCode(t.app, `GV-2222-2222-2222-2222-AB${i}`, '10.0.0.1')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    // One code from 11 different clients: the 11th is refused, whoever asks.
    const perCode: number[] = [];
    for (let i = 0; i < 11; i++)
      perCode.push((await lookupCode(t.app, 'GV-3333-3333-3333-3333-3333', `10.0.1.${i}`)).statusCode);
    expect(perCode.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(perCode[10]).toBe(429);
  });

  it('leaves nothing waiting for payment when the provider refuses to start one, so the cap is not used up', async () => {
    const working = t.ctx.payments;
    t.ctx.payments = { ...working, createPayment: () => Promise.reject(new PaymentProviderError('provider down')) };
    const buy = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/gift-vouchers',
        remoteAddress: ip,
        payload: voucherPayload({ buyerEmail: 'refused-gran@example.com' }),
      });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await buy('10.0.2.1');
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json().error).toEqual({
          code: 'payment_unavailable',
          message: 'We could not start the payment just now. Please try again in a moment.',
        });
      }
    } finally {
      t.ctx.payments = working;
    }
    const mine = sql`lower(${giftVouchers.buyerEmail}) = 'refused-gran@example.com'`;
    expect(await t.ctx.db.select().from(giftVouchers).where(mine)).toEqual([]);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.purpose, 'gift_voucher'))).toEqual([]);
    // The 5 refusals took none of the buyer's 5 unpaid purchases: with the provider back, 5 start, the 6th waits.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await buy('10.0.2.2')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
