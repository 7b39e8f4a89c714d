import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partyDuePaymentResponseSchema } from '../../shared/contracts/party-booking';
import { PENDING_PARTIES_MESSAGE } from '../abuse/pending-payment-cap';
import { mailsTo, payWith } from '../bookings/testing/booking-fixtures';
import { giftVouchers, testProviderPayments } from '../db/schema';
import { voidGiftVoucher } from '../gift-vouchers/staff-gift-vouchers';
import { buyVoucher, voucherRow } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { paymentDeps } from '../payments/payment-deps';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { testDbKinds } from '../testing/test-database';
import { expirePartyHolds } from './expire-holds';
import { holdParty } from './hold-party';
import { staffCancelParty } from './staff/staff-cancel-party';
import {
  bookOnline,
  onlinePartyForm,
  partyLedger,
  partyPayments,
  partyRow,
  payDue,
} from './testing/party-payment-fixtures';
import { partyRequest } from './testing/party-fixtures';

// Monday 1 June 2026, 09:00 BST. The deposit is £50; Silver for 12 children is more. Each test has its own date.
const START = new Date('2026-06-01T08:00:00Z');
const voucherOf = (pounds: number) => ({ amountPence: pounds * 100, sendOn: '2026-06-01' });

describe.each(testDbKinds)('gift vouchers paying a party’s deposit and balance on %s', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;
  const pay = async (partyId: string, token: string, voucherCode?: string) => {
    const res = await payDue(t.app, partyId, { token, voucherCode });
    expect(res.statusCode, res.body).toBe(200);
    return partyDuePaymentResponseSchema.parse(res.json());
  };
  const book = (i: number, date: string) => bookOnline(t.app, onlinePartyForm(i, { date }));

  it('pays part of the deposit: the card pays only the rest, and paying it confirms the party', async () => {
    const v = await buyVoucher(t.app, db(), voucherOf(30));
    const p = await book(1, '2026-06-22');
    const due = await pay(p.partyId, p.manageToken, v.code.toLowerCase().replace(/-/g, ' '));
    expect(due).toMatchObject({ kind: 'deposit', giftVoucherPence: 3000, amountPence: 2000, paidInFull: false });
    expect(due.clientSecret).toBeTruthy();
    const [provider] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.clientSecret, due.clientSecret!));
    expect(provider!.amountPence).toBe(2000);
    expect(await partyRow(db(), p.partyId)).toMatchObject({ status: 'held', paidPence: 3000, giftVoucherPence: 3000 });
    expect(await partyLedger(db(), p.partyId)).toEqual([['redeem', -3000]]);
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);

    expect((await payWith(t.app, due.clientSecret!)).json().status).toBe('succeeded');
    expect(await partyRow(db(), p.partyId)).toMatchObject({ status: 'confirmed', paidPence: 5000 });
    const mails = await mailsTo(db(), 'gvparty1@example.com');
    expect(mails.filter((m) => m.template === 'party-confirmation')).toHaveLength(1);
  });

  it('a voucher that covers the deposit confirms at once, with no card payment; another pays the balance', async () => {
    const v = await buyVoucher(t.app, db(), voucherOf(60));
    const p = await book(2, '2026-06-23');
    const due = await pay(p.partyId, p.manageToken, v.code);
    expect(due).toMatchObject({ kind: 'deposit', clientSecret: null, amountPence: 0, giftVoucherPence: 5000 });
    expect(due.paidInFull).toBe(true);
    const party = await partyRow(db(), p.partyId);
    expect(party).toMatchObject({ status: 'confirmed', paidPence: 5000, giftVoucherPence: 5000, holdExpiresAt: null });
    expect((await partyPayments(db(), p.partyId)).filter((x) => x.status === 'succeeded')).toHaveLength(0);
    const confirmed = (await mailsTo(db(), 'gvparty2@example.com')).filter((m) => m.template === 'party-confirmation');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.text).toContain('Paid: £50.00');

    // The £10 left on it pays part of the balance; a bigger voucher pays the rest, and the party is paid.
    const balance = party.totalPence - 5000;
    const part = await pay(p.partyId, p.manageToken, v.code);
    expect(part).toMatchObject({ kind: 'balance', giftVoucherPence: 1000, amountPence: balance - 1000 });
    const w = await buyVoucher(t.app, db(), voucherOf(200));
    const rest = await pay(p.partyId, p.manageToken, w.code);
    expect(rest).toMatchObject({
      kind: 'balance',
      paidInFull: true,
      clientSecret: null,
      giftVoucherPence: balance - 1000,
    });
    expect(await partyRow(db(), p.partyId)).toMatchObject({ paidPence: party.totalPence });
    const receipts = (await mailsTo(db(), 'gvparty2@example.com')).filter(
      (m) => m.template === 'party-payment-receipt',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('The party is paid in full.');
    expect((await payDue(t.app, p.partyId, { token: p.manageToken, voucherCode: w.code })).json().error.code).toBe(
      'party_nothing_due',
    );
  });

  it('refuses an unknown, void, expired or spent voucher, and a stranger, with 400 on the field and nothing written', async () => {
    const p = await book(3, '2026-06-24');
    const spent = await buyVoucher(t.app, db(), voucherOf(10));
    const other = await book(4, '2026-06-25');
    await pay(other.partyId, other.manageToken, spent.code);
    const voided = await buyVoucher(t.app, db(), voucherOf(10));
    await voidGiftVoucher(db(), { id: voided.voucherId, reason: 'Reported stolen', actor: 'admin', now: START });
    const expired = await buyVoucher(t.app, db(), voucherOf(10));
    await db().update(giftVouchers).set({ expiresOn: '2026-05-31' }).where(eq(giftVouchers.id, expired.voucherId));

    const unknown = ['gift_code_unknown', 'We could not find a gift voucher with that code'];
    const cases: [string, string[]][] = [
      ['GV-2222-3333-4444-5555-6666', unknown],
      ['not a code', unknown],
      [
        voided.code,
        ['gift_code_void', 'This gift voucher is no longer valid. Please ask us if you think this is wrong.'],
      ],
      [expired.code, ['gift_code_expired', 'This gift voucher expired on Sunday 31 May 2026.']],
      [spent.code, ['gift_code_spent', 'This gift voucher has been spent in full.']],
    ];
    for (const [code, [error, message]] of cases) {
      const res = await payDue(t.app, p.partyId, { token: p.manageToken, voucherCode: code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error).toMatchObject({ code: error, fields: { voucherCode: [message] } });
    }
    const tooLong = await payDue(t.app, p.partyId, { token: p.manageToken, voucherCode: 'X'.repeat(65) });
    expect(tooLong.json().error.fields).toHaveProperty('voucherCode');
    // Someone without the party's token, with a good code: the party does not exist for them.
    const good = await buyVoucher(t.app, db(), voucherOf(10));
    const stranger = await payDue(t.app, p.partyId, { voucherCode: good.code });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('party_not_found');

    expect(await partyRow(db(), p.partyId)).toMatchObject({ status: 'held', paidPence: 0, giftVoucherPence: 0 });
    expect(await partyLedger(db(), p.partyId)).toEqual([]);
    expect(await partyPayments(db(), p.partyId)).toHaveLength(1); // the deposit POST /api/parties opened
    expect((await voucherRow(db(), good.voucherId)).balancePence).toBe(1000);
    expect((await voucherRow(db(), expired.voucherId)).balancePence).toBe(1000);
  });

  it('gives the voucher its value back when the hold runs out unpaid; the card part paid late is refunded', async () => {
    const v = await buyVoucher(t.app, db(), voucherOf(20));
    const p = await book(5, '2026-06-26');
    const due = await pay(p.partyId, p.manageToken, v.code);
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
    t.clock = new Date(START.getTime() + 16 * 60_000);
    expect(await expirePartyHolds(db(), t.clock)).toBeGreaterThanOrEqual(1);
    expect(await partyRow(db(), p.partyId)).toMatchObject({ status: 'expired', paidPence: 0, giftVoucherPence: 0 });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(2000);
    expect(await partyLedger(db(), p.partyId)).toEqual([
      ['redeem', -2000],
      ['refund_to_voucher', 2000],
    ]);
    // Again changes nothing.
    await expirePartyHolds(db(), t.clock);
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(2000);

    // The £30 card part arrives after: it cannot pay a £50 deposit alone, so it goes back.
    const late = (await payWith(t.app, due.clientSecret!)).json();
    expect(late.status).toBe('failed');
    expect(late.message).toMatch(/refunded in full/);
    expect((await partyRow(db(), p.partyId)).status).toBe('expired');
    const card = (await partyPayments(db(), p.partyId)).find((x) => x.amountPence === 3000)!;
    expect(card).toMatchObject({ status: 'refunded', refundPence: 3000, refundReason: 'late_payment' });
  });

  it('cancelling gives the voucher its part back and refunds only the card part, once when clicked twice', async () => {
    const v = await buyVoucher(t.app, db(), voucherOf(20));
    const p = await book(6, '2026-06-29'); // 28 days ahead: the deposit is refunded
    const due = await pay(p.partyId, p.manageToken, v.code);
    await payWith(t.app, due.clientSecret!);
    const cancel = () =>
      staffCancelParty({
        ...paymentDeps(t.ctx),
        id: p.partyId,
        actor: 'staff:sam',
        role: 'staff',
        reason: 'The family asked',
        now: t.clock,
      });
    const first = await cancel();
    expect(first).toMatchObject({ deposit: 'refund', refundPence: 5000, alreadyCancelled: false });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(2000);
    const [card] = await partyPayments(db(), p.partyId).then((r) => r.filter((x) => x.amountPence === 3000));
    expect(card).toMatchObject({ refundPence: 3000, refundStatus: 'succeeded' });
    const [provider] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.clientSecret, due.clientSecret!));
    expect(provider!.refundedPence).toBe(3000);
    const mail = (await mailsTo(db(), 'gvparty6@example.com')).find((m) => m.template === 'party-cancelled')!;
    expect(mail.text).toContain('We have put £20.00 back on the gift voucher you paid with');
    expect(mail.text).toContain('We are refunding £30.00 to the card you paid with');
    // That one mail tells of the card refund too: none of its own.
    expect((await mailsTo(db(), 'gvparty6@example.com')).filter((m) => m.template === 'party-refund')).toEqual([]);

    expect(await cancel()).toMatchObject({ alreadyCancelled: true, refundPence: 0 });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(2000);
    expect(await partyLedger(db(), p.partyId)).toEqual([
      ['redeem', -2000],
      ['refund_to_voucher', 2000],
    ]);
  });

  it('keeps a deposit the voucher paid when cancelled late, and gives back the balance it paid', async () => {
    const v = await buyVoucher(t.app, db(), voucherOf(200));
    const p = await book(7, '2026-06-10'); // 9 days ahead: the deposit is kept
    await pay(p.partyId, p.manageToken, v.code);
    const paid = await pay(p.partyId, p.manageToken, v.code);
    expect(paid.paidInFull).toBe(true);
    const total = (await partyRow(db(), p.partyId)).totalPence;
    const result = await staffCancelParty({
      ...paymentDeps(t.ctx),
      id: p.partyId,
      actor: 'staff:sam',
      role: 'staff',
      reason: 'The family asked',
      now: t.clock,
    });
    expect(result).toMatchObject({ deposit: 'keep', refundPence: total - 5000 });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(20000 - 5000);
  });

  it('spends one voucher once when two parties pay with it at the same moment', async () => {
    const v = await buyVoucher(t.app, db(), voucherOf(30));
    const a = await book(8, '2026-06-27');
    const b = await book(9, '2026-06-28');
    const [ra, rb] = await Promise.all([
      payDue(t.app, a.partyId, { token: a.manageToken, voucherCode: v.code }),
      payDue(t.app, b.partyId, { token: b.manageToken, voucherCode: v.code }),
    ]);
    const answers = [ra, rb].map((r) => [
      r.statusCode,
      r.json().giftVoucherPence ?? r.json().error.fields.voucherCode[0],
    ]);
    expect(answers.sort()).toEqual([
      [200, 3000],
      [400, 'This gift voucher has been spent in full.'],
    ]);
    const paid = [
      (await partyRow(db(), a.partyId)).giftVoucherPence,
      (await partyRow(db(), b.partyId)).giftVoucherPence,
    ];
    expect(paid.sort()).toEqual([0, 3000]);
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
  });
});

describe.each(testDbKinds)('unpaid online party holds capped at 3 on %s', (kind) => {
  const t = useClockedTestApp(kind, START, { config: { RATE_LIMITS: 'on' } });
  const post = (i: number, email: string, ip: string, date: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/parties',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(onlinePartyForm(i, { parentEmail: email, date, slotId: 'morning-long' })),
      remoteAddress: ip,
    });

  it('refuses a 4th unpaid hold per e-mail and per address with 429; a paid one frees a place', async () => {
    const dates = ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19'];
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await post(i, 'Cap@Example.com', `198.51.100.${i + 1}`, dates[i]!));
    expect(held.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const fourth = await post(3, ' cap@example.com', '198.51.100.9', dates[3]!);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual({ code: 'too_many_pending_payments', message: PENDING_PARTIES_MESSAGE });
    expect((await payWith(t.app, held[0]!.json().clientSecret)).json().status).toBe('succeeded');
    expect((await post(3, 'cap@example.com', '198.51.100.9', dates[3]!)).statusCode).toBe(201);

    for (let i = 0; i < 3; i++)
      expect((await post(i, `addr${i}@example.com`, '203.0.113.7', dates[i]!)).statusCode).toBe(201);
    expect((await post(5, 'addr5@example.com', '203.0.113.7', dates[4]!)).statusCode).toBe(429);
    // Holds end after 15 minutes: then the family may try again.
    t.clock = new Date(START.getTime() + 16 * 60_000);
    expect((await post(5, 'addr5@example.com', '203.0.113.7', dates[4]!)).statusCode).toBe(201);
  });

  it('does not cap staff holds for phone callers, nor count them against the family', async () => {
    for (let i = 0; i < 4; i++)
      await holdParty(
        t.ctx.db,
        partyRequest(i, { parentEmail: 'phone@example.com', date: `2026-06-0${i + 2}`, slotId: 'afternoon-long' }),
        START,
      );
    expect((await post(9, 'phone@example.com', '192.0.2.1', '2026-06-12')).statusCode).toBe(201);
  });

  it('checks gift voucher codes on a payment as GET /api/gift-vouchers/{code} does: 10 tries a code, then 429', async () => {
    const p = await bookOnline(t.app, onlinePartyForm(20, { date: '2026-06-13' }), '192.0.2.50');
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await payDue(t.app, p.partyId, { token: p.manageToken, voucherCode: 'GV-2222-3333-4444-5555-6666' }))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
