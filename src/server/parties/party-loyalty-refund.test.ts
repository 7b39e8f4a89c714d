import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partyDuePaymentResponseSchema } from '../../shared/contracts/party-booking';
import { mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { loyaltyLedger, loyaltyVouchers, payments } from '../db/schema';
import { ledgerOf, seedMember, seedVoucher } from '../loyalty/testing/loyalty-fixtures';
import { pointTotals } from '../loyalty/loyalty-ledger';
import { paymentDeps } from '../payments/payment-deps';
import { reportPayment } from '../payments/testing/report-payment';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { testDbKinds } from '../testing/test-database';
import { cancelParty } from './cancel-party';
import { reversePartyRefundPoints } from './party-loyalty';
import { staffCancelParty } from './staff/staff-cancel-party';
import { bookOnline, onlinePartyForm, partyPayments, partyRow, payDue } from './testing/party-payment-fixtures';

// Monday 1 June 2026, 09:00 BST. The deposit is £50 (50 points); the deposit is refunded when a party is
// cancelled more than 14 days before it, kept after. Weekday dates, so no tier's weekend bonus; each test
// has a date of its own.
const START = new Date('2026-06-01T08:00:00Z');

describe.each(testDbKinds)('a party refund takes back its points, a cancellation its VIP voucher, on %s', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;

  /** A member books a party online and pays its deposit, and its balance unless told not to. */
  const paidParty = async (i: number, date: string, o: { balance?: boolean; voucherCode?: string } = {}) => {
    const email = `loyalparty${i}@example.com`;
    const memberId = await seedMember(db(), email, 0, `Parent ${i}`);
    if (o.voucherCode) await seedVoucher(db(), memberId, 'vip-party', o.voucherCode);
    const p = await bookOnline(t.app, onlinePartyForm(i, { date, parentEmail: email, voucherCode: o.voucherCode }));
    expect((await payWith(t.app, p.clientSecret!)).json().status).toBe('succeeded');
    if (o.balance !== false) {
      const res = await payDue(t.app, p.partyId, { token: p.manageToken });
      expect(res.statusCode, res.body).toBe(200);
      const due = partyDuePaymentResponseSchema.parse(res.json());
      expect((await payWith(t.app, due.clientSecret!)).json().status).toBe('succeeded');
    }
    return { ...p, email, memberId };
  };
  const cancelAsStaff = (partyId: string) =>
    staffCancelParty({
      ...paymentDeps(t.ctx),
      id: partyId,
      actor: 'staff:sam',
      role: 'staff',
      reason: 'The family asked',
      now: t.clock,
    });
  const partyEntries = (partyId: string) =>
    db().select().from(loyaltyLedger).where(eq(loyaltyLedger.partyBookingId, partyId)).orderBy(loyaltyLedger.seq);
  const paymentOf = async (partyId: string, purpose: 'party_deposit' | 'party_balance') =>
    (await partyPayments(db(), partyId)).find((p) => p.purpose === purpose && p.providerPaymentId)!;
  const voucher = async (code: string) =>
    (await db().select().from(loyaltyVouchers).where(eq(loyaltyVouchers.code, code)))[0]!;

  it('earns per payment, naming the party and payment; a full refund takes back every point earned', async () => {
    const p = await paidParty(1, '2026-06-22');
    const total = (await partyRow(db(), p.partyId)).totalPence;
    const balancePoints = Math.floor((total - 5000) / 100);
    const deposit = await paymentOf(p.partyId, 'party_deposit');
    const balance = await paymentOf(p.partyId, 'party_balance');
    expect(await ledgerOf(db(), p.email)).toEqual(['earn:50', 'achievement:150', `earn:${balancePoints}`]);
    expect((await partyEntries(p.partyId)).map((e) => [e.kind, e.points, e.paymentId, e.description])).toEqual([
      ['earn', 50, deposit.id, 'Points for your party deposit (party on Mon, 22 Jun 2026)'],
      ['earn', balancePoints, balance.id, 'Points for your party balance (party on Mon, 22 Jun 2026)'],
    ]);

    expect(await cancelAsStaff(p.partyId)).toMatchObject({ deposit: 'refund', refundPence: total });
    // Each payment's points, in the order they were earned; Party Host stays (it is for hosting, not money).
    expect(await ledgerOf(db(), p.email)).toEqual([
      'earn:50',
      'achievement:150',
      `earn:${balancePoints}`,
      'reverse:-50',
      `reverse:-${balancePoints}`,
    ]);
    const reversed = (await partyEntries(p.partyId)).filter((e) => e.kind === 'reverse');
    expect(reversed.map((e) => [e.paymentId, e.description])).toEqual([
      [deposit.id, 'Your party deposit (party on Mon, 22 Jun 2026) was refunded: points taken back'],
      [balance.id, 'Your party balance (party on Mon, 22 Jun 2026) was refunded: points taken back'],
    ]);
    expect(await pointTotals(db(), p.memberId)).toEqual({ currentPoints: 150, totalPoints: 150 });
  });

  it('a partial refund takes back in proportion, rounded down, never more than the party earned', async () => {
    // A kept deposit: the balance goes back with its points, the deposit keeps its 50.
    const kept = await paidParty(2, '2026-06-10');
    const keptBalancePoints = Math.floor(((await partyRow(db(), kept.partyId)).totalPence - 5000) / 100);
    expect(await cancelAsStaff(kept.partyId)).toMatchObject({ deposit: 'keep' });
    expect(await ledgerOf(db(), kept.email)).toEqual([
      'earn:50',
      'achievement:150',
      `earn:${keptBalancePoints}`,
      `reverse:-${keptBalancePoints}`,
    ]);

    // Part of one payment refunded (£25.50 of the £50 deposit): 25.5 points' worth, so 25 go back.
    const part = await paidParty(3, '2026-06-23', { balance: false });
    const deposit = await paymentOf(part.partyId, 'party_deposit');
    await db()
      .update(payments)
      .set({ refundStatus: 'pending', refundPence: 2550, refundReason: 'provider_refund' })
      .where(eq(payments.id, deposit.id));
    await db().transaction((tx) => reversePartyRefundPoints(tx, part.partyId));
    expect(await ledgerOf(db(), part.email)).toEqual(['earn:50', 'achievement:150', 'reverse:-25']);
    expect((await partyEntries(part.partyId)).at(-1)!.description).toBe(
      'Part of your party deposit (party on Tue, 23 Jun 2026) was refunded: points taken back',
    );

    // A refund larger than the payment (never written by us) still takes back no more than was earned.
    const over = await paidParty(4, '2026-06-24', { balance: false });
    await db()
      .update(payments)
      .set({ refundStatus: 'pending', refundPence: 999_999, refundReason: 'provider_refund' })
      .where(eq(payments.id, (await paymentOf(over.partyId, 'party_deposit')).id));
    await db().transaction((tx) => reversePartyRefundPoints(tx, over.partyId));
    expect(await ledgerOf(db(), over.email)).toEqual(['earn:50', 'achievement:150', 'reverse:-50']);
  });

  it('takes points back once for a refund reported twice, and again only for money refunded later', async () => {
    const p = await paidParty(5, '2026-06-25');
    const balance = await paymentOf(p.partyId, 'party_balance');
    const balancePoints = (await partyEntries(p.partyId)).find((e) => e.paymentId === balance.id)!.points;
    // Staff refunded the balance in Stripe's dashboard: the webhook says so, then says it again.
    for (let i = 0; i < 2; i++) await reportPayment(t.ctx, balance.providerPaymentId!, 'refunded', t.clock);
    expect(await ledgerOf(db(), p.email)).toEqual([
      'earn:50',
      'achievement:150',
      `earn:${balancePoints}`,
      `reverse:-${balancePoints}`,
    ]);
    // Cancelling afterwards refunds the deposit only, so only its points go; asking again changes nothing.
    await cancelAsStaff(p.partyId);
    await db().transaction((tx) => reversePartyRefundPoints(tx, p.partyId));
    await reportPayment(t.ctx, (await paymentOf(p.partyId, 'party_deposit')).providerPaymentId!, 'refunded', t.clock);
    expect(await ledgerOf(db(), p.email)).toEqual([
      'earn:50',
      'achievement:150',
      `earn:${balancePoints}`,
      `reverse:-${balancePoints}`,
      'reverse:-50',
    ]);
    expect(await pointTotals(db(), p.memberId)).toEqual({ currentPoints: 150, totalPoints: 150 });
    // The family heard of the dashboard's refund in a refund mail, and of the deposit's in the cancellation
    // mail alone: one mail each.
    const told = (await mailsTo(db(), p.email)).filter((m) => ['party-refund', 'party-cancelled'].includes(m.template));
    expect(told.map((m) => m.template).sort()).toEqual(['party-cancelled', 'party-refund']);
  });

  it('a kept deposit keeps its points and its VIP voucher used; a refunded one gives the voucher back', async () => {
    const kept = await paidParty(6, '2026-06-11', { balance: false, voucherCode: 'PTB-PRTY-KEP1' });
    expect(await voucher('PTB-PRTY-KEP1')).toMatchObject({ status: 'used' });
    expect(await cancelAsStaff(kept.partyId)).toMatchObject({ deposit: 'keep', refundPence: 0 });
    expect(await ledgerOf(db(), kept.email)).toEqual(['earn:50', 'achievement:150']);
    expect(await voucher('PTB-PRTY-KEP1')).toMatchObject({
      status: 'used',
      usedBy: `online party ${kept.reference}`,
    });

    const refunded = await paidParty(7, '2026-06-26', { voucherCode: 'PTB-PRTY-REF1' });
    expect(await voucher('PTB-PRTY-REF1')).toMatchObject({ status: 'used' });
    expect(await cancelAsStaff(refunded.partyId)).toMatchObject({ deposit: 'refund' });
    expect(await voucher('PTB-PRTY-REF1')).toMatchObject({ status: 'issued', usedBy: null, usedAt: null });
    // Usable again: the next party is priced with it.
    const choice = { date: '2026-06-29', slotId: 'midday', packageId: 'silver', children: 12 };
    const quote = await postJson(t.app, '/api/parties/quote', { ...choice, voucherCode: 'PTB-PRTY-REF1' });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().lines.some((l: { kind: string }) => l.kind === 'discount')).toBe(true);
    expect(await pointTotals(db(), refunded.memberId)).toEqual({ currentPoints: 150, totalPoints: 150 });
  });

  it('a held party cancelled before paying gives its VIP voucher back at once', async () => {
    const email = 'loyalparty8@example.com';
    const memberId = await seedMember(db(), email, 0);
    await seedVoucher(db(), memberId, 'vip-party', 'PTB-PRTY-HLD1');
    const p = await bookOnline(
      t.app,
      onlinePartyForm(8, { date: '2026-06-30', parentEmail: email, voucherCode: 'PTB-PRTY-HLD1' }),
    );
    expect(await voucher('PTB-PRTY-HLD1')).toMatchObject({ status: 'held' });
    const result = await db().transaction((tx) =>
      cancelParty(tx, { id: p.partyId, now: t.clock, by: { role: 'family' } }),
    );
    expect(result.deposit).toBe('none');
    expect(await voucher('PTB-PRTY-HLD1')).toMatchObject({ status: 'issued', usedBy: null });
    expect(await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, memberId))).toEqual([]);
  });

  it('sends no refund mail when the provider reports a cancellation’s refund before we record it', async () => {
    const p = await paidParty(9, '2026-06-29', { balance: false });
    await cancelAsStaff(p.partyId);
    // As if the provider's call had gone through but its answer was lost: still pending here when the
    // webhook says the payment was refunded.
    const deposit = await paymentOf(p.partyId, 'party_deposit');
    await db()
      .update(payments)
      .set({ status: 'succeeded', refundStatus: 'pending' })
      .where(eq(payments.id, deposit.id));
    await reportPayment(t.ctx, deposit.providerPaymentId!, 'refunded', t.clock);
    expect(await paymentOf(p.partyId, 'party_deposit')).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundReason: 'cancelled',
    });
    const told = (await mailsTo(db(), p.email)).filter((m) => ['party-refund', 'party-cancelled'].includes(m.template));
    expect(told.map((m) => m.template)).toEqual(['party-cancelled']);
  });
});
