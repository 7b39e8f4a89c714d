import { describe, expect, it } from 'vitest';
import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import { overviewChartsResponseSchema } from '../../shared/contracts/overview-charts';
import { partyDuePaymentResponseSchema } from '../../shared/contracts/party-booking';
import { noTakings, takingsKinds, type TakingsByKind } from '../../shared/contracts/takings';
import { todayInLondon } from '../../shared/dates';
import { payWith } from '../bookings/testing/booking-fixtures';
import { buyVoucher } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { staffCancelParty } from '../parties/staff/staff-cancel-party';
import { bookOnline, onlinePartyForm, partyRow, payDue } from '../parties/testing/party-payment-fixtures';
import { paymentDeps } from '../payments/payment-deps';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { authed, book } from '../testing/dashboard-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { keptAndCounted } from './testing/kept-and-counted';

/**
 * Party deposits and balances in the Overview's takings (issue 37, "Takings from every seller"): paid through
 * the TEST MODE provider, they count under parties on the London day paid, in the cards and in the charts;
 * refunds come off the day they counted on; a kept deposit stays. What a gift voucher pays of a party counts
 * under gift vouchers. Monday 1 June 2026, 09:00 BST: the week runs from Monday 1st.
 */
const START = new Date('2026-06-01T08:00:00Z');
const SILVER_12 = 19_200; // Silver for 12 children; the deposit is £50
const DEPOSIT = 5000;

/** The kinds, with what is given and nothing of the others. */
const kinds = (some: Partial<TakingsByKind>): TakingsByKind => ({ ...noTakings(), ...some });
const total = (k: TakingsByKind) => takingsKinds.reduce((sum, kind) => sum + k[kind], 0);

describe.each(testDbKinds)('party takings in the Overview (%s)', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;
  const at = (iso: string) => (t.clock = new Date(iso));

  const get = async (url: string) => {
    const { cookie } = await signInAs(t.app, t.ctx);
    const res = await t.app.inject({ method: 'GET', url, ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const dashboard = async () => (await get('/api/admin/dashboard-stats')) as DashboardStatsResponse;
  const chartDay = async (date: string) =>
    overviewChartsResponseSchema.parse(await get('/api/admin/overview/charts')).days.find((d) => d.date === date)!;
  const payBalance = async (partyId: string, token: string) => {
    const res = await payDue(t.app, partyId, { token });
    expect(res.statusCode, res.body).toBe(200);
    const due = partyDuePaymentResponseSchema.parse(res.json());
    expect(due.kind).toBe('balance');
    expect((await payWith(t.app, due.clientSecret!)).json().status).toBe('succeeded');
    return due.amountPence;
  };
  const cancel = (partyId: string) =>
    staffCancelParty({
      ...paymentDeps(t.ctx),
      id: partyId,
      actor: 'staff:sam',
      role: 'staff',
      reason: 'The family asked',
      now: t.clock,
    });
  /** The cards' totals add up from the kinds, and the chart's bar for the day is the "Today's" card. */
  const expectConsistent = async (d: DashboardStatsResponse, today: string) => {
    expect(total(d.revenueByKind.today)).toBe(d.stats.todayRevenue);
    expect(total(d.revenueByKind.week)).toBe(d.stats.weeklyRevenue);
    const bar = await chartDay(today);
    expect(bar.takings).toBe(d.stats.todayRevenue);
    expect(bar.takingsByKind).toEqual(d.revenueByKind.today);
  };

  it('counts a party deposit paid by card under parties on the day paid, in the cards and the chart', async () => {
    const before = await dashboard();
    expect(before.revenueByKind).toEqual({ today: noTakings(), week: noTakings() });

    const party = await bookOnline(t.app, onlinePartyForm(1, { date: '2026-06-29' }));
    expect(party.amountPence).toBe(DEPOSIT);
    // Held, not yet paid: nothing taken.
    expect((await dashboard()).revenueByKind.today).toEqual(noTakings());
    at('2026-06-01T08:05:00Z');
    expect((await payWith(t.app, party.clientSecret)).json().status).toBe('succeeded');
    expect((await partyRow(db(), party.partyId)).status).toBe('confirmed');

    const d = await dashboard();
    expect(d.revenueByKind.today).toEqual(kinds({ parties: DEPOSIT }));
    expect(d.revenueByKind.week).toEqual(kinds({ parties: DEPOSIT }));
    expect(d.stats.todayRevenue).toBe(DEPOSIT);
    expect(d.stats.weeklyRevenue).toBe(DEPOSIT);
    // A party is not a ticket booking: the bookings figures are the visits'.
    expect(d.stats.todayBookings).toBe(0);
    const bar = await chartDay('2026-06-01');
    expect(bar).toEqual({
      date: '2026-06-01',
      bookings: 0,
      takings: DEPOSIT,
      takingsByKind: kinds({ parties: DEPOSIT }),
    });
    await expectConsistent(d, '2026-06-01');

    // The balance, paid on Tuesday with a ticket booking: each on its own day, under its own kind.
    at('2026-06-02T10:00:00Z');
    const balance = await payBalance(party.partyId, party.manageToken);
    expect(balance).toBe(SILVER_12 - DEPOSIT);
    const ticket = await book(t.app, { customerEmail: 'tue@example.com', selectedDate: '2026-06-05' });
    const tuesday = await dashboard();
    expect(tuesday.revenueByKind.today).toEqual(kinds({ parties: balance, tickets: ticket.finalAmount }));
    expect(tuesday.revenueByKind.week).toEqual(kinds({ parties: SILVER_12, tickets: ticket.finalAmount }));
    expect(tuesday.stats.weeklyRevenue).toBe(SILVER_12 + ticket.finalAmount);
    await expectConsistent(tuesday, '2026-06-02');
    expect((await chartDay('2026-06-01')).takingsByKind).toEqual(kinds({ parties: DEPOSIT }));

    // Cancelled on Wednesday, 26 days ahead: everything is refunded, and comes off the days it counted on.
    at('2026-06-03T09:00:00Z');
    expect(await cancel(party.partyId)).toMatchObject({ deposit: 'refund', refundPence: SILVER_12 });
    const wednesday = await dashboard();
    expect(wednesday.revenueByKind.week).toEqual(kinds({ tickets: ticket.finalAmount }));
    expect(wednesday.revenueByKind.today).toEqual(noTakings());
    expect((await chartDay('2026-06-01')).takings).toBe(0);
    expect((await chartDay('2026-06-02')).takingsByKind).toEqual(kinds({ tickets: ticket.finalAmount }));
    await expectConsistent(wednesday, '2026-06-03');

    const { kept, counted } = await keptAndCounted(db());
    expect(kept).toEqual(counted);
  });

  it('keeps a deposit kept on a late cancellation, and takes the refunded balance off its day', async () => {
    at('2026-06-03T10:00:00Z'); // Wednesday; the party is 7 days ahead: the deposit is kept
    const before = (await dashboard()).revenueByKind.week;
    const party = await bookOnline(t.app, onlinePartyForm(2, { date: '2026-06-10' }));
    expect((await payWith(t.app, party.clientSecret)).json().status).toBe('succeeded');
    at('2026-06-04T10:00:00Z'); // Thursday
    const balance = await payBalance(party.partyId, party.manageToken);
    expect((await dashboard()).revenueByKind.today.parties).toBe(balance);
    expect(await cancel(party.partyId)).toMatchObject({ deposit: 'keep', refundPence: balance });

    const d = await dashboard();
    expect(d.revenueByKind.today).toEqual(noTakings());
    expect(d.revenueByKind.week).toEqual({ ...before, parties: before.parties + DEPOSIT });
    expect((await chartDay('2026-06-03')).takingsByKind.parties).toBe(DEPOSIT);
    await expectConsistent(d, '2026-06-04');
    const { kept, counted } = await keptAndCounted(db());
    expect(kept).toEqual(counted);
  });

  it('counts what a gift voucher paid of a party under gift vouchers, never the voucher sale, and gives it back on cancelling', async () => {
    // The voucher ledger dates a spend by the database's clock, not this test's: compare all days' sums.
    const allDays = async () => {
      const { kept, counted } = await keptAndCounted(db());
      expect(kept).toEqual(counted);
      return kept.reduce((sum, r) => ({ ...sum, gift_vouchers: sum.gift_vouchers + r.gift_vouchers }), noTakings());
    };
    at('2026-06-05T09:00:00Z'); // Friday
    const before = await allDays();
    const voucher = await buyVoucher(t.app, db(), { amountPence: 3000, sendOn: '2026-06-05' });
    expect((await allDays()).gift_vouchers).toBe(before.gift_vouchers); // sold: owed, not takings
    const party = await bookOnline(t.app, onlinePartyForm(3, { date: '2026-06-30' }));
    const res = await payDue(t.app, party.partyId, { token: party.manageToken, voucherCode: voucher.code });
    expect(res.statusCode, res.body).toBe(200);
    const due = partyDuePaymentResponseSchema.parse(res.json());
    expect(due).toMatchObject({ kind: 'deposit', giftVoucherPence: 3000, amountPence: DEPOSIT - 3000 });
    expect((await payWith(t.app, due.clientSecret!)).json().status).toBe('succeeded');

    expect((await allDays()).gift_vouchers).toBe(before.gift_vouchers + 3000);
    // The card's part of the deposit is the party's, today (the app's clock).
    expect((await dashboard()).revenueByKind.today).toEqual(kinds({ parties: DEPOSIT - 3000 }));

    // Cancelled 25 days ahead: the voucher gets its £30 back and the card its £20; neither is takings now.
    expect(await cancel(party.partyId)).toMatchObject({ deposit: 'refund', refundPence: DEPOSIT });
    expect((await allDays()).gift_vouchers).toBe(before.gift_vouchers);
    expect((await dashboard()).revenueByKind.today).toEqual(noTakings());
  });
});

describe.each(testDbKinds)('gift voucher spent on a party, on the Overview today (%s)', (kind) => {
  // The ledger's own clock is the database's: with the app on real time, the spend is today's takings.
  const t = useClockedTestApp(kind, new Date());

  it('shows the voucher part under gift vouchers and the card part under parties, today', async () => {
    t.clock = new Date();
    const today = todayInLondon(t.clock);
    const later = new Date(t.clock.getTime() + 20 * 86_400_000);
    const voucher = await buyVoucher(t.app, t.ctx.db, { amountPence: 2000, sendOn: today });
    const party = await bookOnline(t.app, onlinePartyForm(4, { date: todayInLondon(later) }));
    const res = await payDue(t.app, party.partyId, { token: party.manageToken, voucherCode: voucher.code });
    expect(res.statusCode, res.body).toBe(200);
    const due = partyDuePaymentResponseSchema.parse(res.json());
    expect((await payWith(t.app, due.clientSecret!)).json().status).toBe('succeeded');

    const { cookie } = await signInAs(t.app, t.ctx);
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', ...authed(cookie) });
    const d = stats.json() as DashboardStatsResponse;
    // Unless London's midnight fell between the spend and this look (then both are yesterday's).
    if (todayInLondon(new Date()) === today) {
      expect(d.revenueByKind.today).toEqual(kinds({ parties: DEPOSIT - 2000, gift_vouchers: 2000 }));
      expect(d.stats.todayRevenue).toBe(DEPOSIT);
    }
  });
});
