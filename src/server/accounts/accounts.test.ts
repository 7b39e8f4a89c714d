import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountsSettingsView, VatSummary } from '../../shared/contracts/accounts';
import { xeroJournalColumns } from '../../shared/contracts/accounts';
import { bookingPayload, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { movableClock } from '../bookings/testing/staff-booking-fixtures';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { buyCredits } from '../credits/testing/credit-fixtures';
import { payments } from '../db/schema';
import { buyVoucher } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { executeDueRefund } from '../payments/execute-refund';
import { auditRows, signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill, sell } from '../till/testing/till-fixtures';
import { parseCsv, records } from '../testing/parse-csv';
import { writeVatLine } from './vat-ledger';

// The seeded week: Monday 20 to Sunday 26 October 2025, each sale at 10:00 in London (09:00 UTC, BST).
const at = (day: string) => `${day}T09:00:00Z`;
const WEEK = { from: '2025-10-20', to: '2025-10-26' };
/** The days with takings (none at the weekend), as Xero's *Date. */
const DAYS = ['20/10/2025', '21/10/2025', '22/10/2025', '23/10/2025', '24/10/2025'];

describe.each(testDbKinds)('takings the accountant can file (%s)', (kind) => {
  // The app's clock rests on Friday 24 October at noon (the admin signs in then); each sale moves it.
  const clock = movableClock('2025-10-24T11:00:00Z');
  const t = useAdminApp(kind, { now: clock.now });
  let socksSale = {} as Awaited<ReturnType<typeof sell>>;
  let tuesdayBooking = '';

  /** A staff member signed in at the clock's time (a session signed in on another day has ended). */
  async function staffNow(role: 'staff' | 'admin' = 'staff') {
    const { cookie } = await signInAs(t.app, t.ctx, { role });
    return requestAs(t.app, cookie);
  }

  async function payBooking(date: string): Promise<string> {
    const res = await postJson(t.app, '/api/create-booking-payment', bookingPayload({ selectedDate: date }));
    expect(res.statusCode, res.body).toBe(201);
    const { clientSecret, bookingId } = res.json() as { clientSecret: string; bookingId: string };
    const paid = await payWith(t.app, clientSecret);
    expect(paid.json().status).toBe('succeeded');
    return bookingId;
  }

  async function refundCard(where: { bookingId?: string; creditPurchaseId?: string }, pence?: number) {
    const [p] = await t.ctx.db
      .select()
      .from(payments)
      .where(
        where.bookingId
          ? eq(payments.bookingId, where.bookingId)
          : eq(payments.creditPurchaseId, where.creditPurchaseId!),
      );
    await t.ctx.db
      .update(payments)
      .set({ refundStatus: 'pending', refundPence: pence ?? p!.amountPence, refundReason: 'cancelled' })
      .where(eq(payments.id, p!.id));
    const done = await executeDueRefund({ ...t.ctx, provider: t.ctx.payments, paymentId: p!.id, now: clock.now() });
    expect(done).toBe(true);
  }

  async function journal(basis: 'cash' | 'accrual', range = WEEK) {
    const res = await t.admin(
      'GET',
      `/api/admin/accounts/journal.csv?from=${range.from}&to=${range.to}&basis=${basis}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...xeroJournalColumns]);
    return records(rows);
  }

  const vat = async (from: string, to: string) => {
    const res = await t.admin('GET', `/api/admin/accounts/vat?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as VatSummary;
  };

  it('seeds a week of every kind of sale through the real routes', async () => {
    // Tuesday 30 September (the quarter before): a bundle of credits, refunded in October below.
    const early = await clock.at(at('2025-09-30'), () => buyCredits(t.app, 'early@example.com'));
    // Monday: a £30 gift voucher, a bundle of credits, and a till sale: a club sandwich taken away (0%), two pairs of socks.
    let voucherCode = '';
    await clock.at(at('2025-10-20'), async () => {
      voucherCode = (await buyVoucher(t.app, t.ctx.db, { amountPence: 3000, sendOn: '2025-10-20' })).code;
      await buyCredits(t.app, 'monday@example.com');
      const monday = await staffNow();
      const session = await openTill(monday, 'Monday', 0);
      const sale = await sell(
        monday,
        cashSale(session, [
          { kind: 'cafe', itemId: 'adult-club-sandwich', quantity: 1, optionIds: [] },
          { kind: 'shop', itemId: 'grip-socks', quantity: 2 },
        ]),
      );
      expect(sale.totalPence).toBe(795 + 300);
      socksSale = sale;
    });
    // Tuesday: a visit for Wednesday, paid by card (£21 at 20%).
    await clock.at(at('2025-10-21'), async () => {
      tuesdayBooking = await payBooking('2025-10-22');
    });
    // The rate change: admission at 5% from Thursday 23 October (an admin's dated setting).
    const before = (await t.admin('GET', '/api/admin/accounts/settings')).json() as AccountsSettingsView;
    expect(before.version).toBe(0);
    const put = await t.admin('PUT', '/api/admin/accounts/settings', {
      version: 0,
      settings: {
        ...before.settings,
        vatNumber: 'GB123456789',
        vatRates: [{ kind: 'admission', from: '2025-10-23', rateBasisPoints: 500 }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Wednesday: an annual pass (£120 at 20%) written as the membership seller writes it, spread over its year.
    await t.ctx.db.transaction((tx) =>
      writeVatLine(tx, {
        sourceKey: 'test:annual-pass',
        occurredAt: new Date(at('2025-10-22')),
        kind: 'memberships',
        event: 'sale',
        settlement: 'card',
        rateBasisPoints: 2000,
        grossPence: 12_000,
        description: 'Membership',
        serviceFrom: '2025-10-22',
        serviceTo: '2026-10-21',
      }),
    );
    // Thursday: a visit for Friday at the new 5%; the voucher spent at the till on entry and a latte; one
    // pair of Monday's socks given back in cash.
    await clock.at(at('2025-10-23'), async () => {
      await payBooking('2025-10-24');
      const thursday = await staffNow();
      const session = await openTill(thursday, 'Thursday', 0);
      const spent = await sell(
        thursday,
        cashSale(
          session,
          [
            { kind: 'entry', ticketTypeId: 'child-1-12', quantity: 1 },
            { kind: 'cafe', itemId: 'drink-latte', quantity: 1, optionIds: [] },
          ],
          { codes: [voucherCode] },
        ),
      );
      expect(spent).toMatchObject({ totalPence: 1250, voucherPence: 1250 });
      const socks = socksSale.lines.find((l) => l.kind === 'shop')!;
      // Monday's sale is refunded by an admin (staff only within ten minutes), from Monday's drawer.
      const refund = await (
        await staffNow('admin')
      )('POST', `/api/till/sales/${socksSale.id}/refund`, {
        requestId: randomUUID(),
        lines: [{ lineId: socks.id, quantity: 1 }],
        method: 'cash',
      });
      expect(refund.statusCode, refund.body).toBe(200);
    });
    // Friday: half of Tuesday's visit refunded to the card (after the visit), and September's credits in full.
    await clock.at(at('2025-10-24'), async () => {
      await refundCard({ bookingId: tuesdayBooking }, 1050);
      await refundCard({ creditPurchaseId: early.purchaseId });
    });
  });

  it('sums the VAT by rate as worked out by hand, vouchers apart', async () => {
    // 0%: the sandwich 7.95. 5%: Thursday's visit 21.00 (VAT 1.00). 20%: credits 75.00 (12.50), socks 3.00
    // (0.50), Tuesday's visit 21.00 (3.50), the pass 120.00 (20.00), entry 9.50 (1.58) and latte 3.00 (0.50)
    // by voucher, less a pair of socks 1.50 (0.25), half a visit 10.50 (1.75) and September's credits 75.00 (12.50).
    const week = await vat(WEEK.from, WEEK.to);
    expect(week.byRate).toEqual([
      { rateBasisPoints: 0, grossPence: 795, vatPence: 0, netPence: 795 },
      { rateBasisPoints: 500, grossPence: 2100, vatPence: 100, netPence: 2000 },
      { rateBasisPoints: 2000, grossPence: 14_450, vatPence: 2408, netPence: 12_042 },
    ]);
    expect(week).toMatchObject({ box1Pence: 2508, box6Pence: 14_837, box6Pounds: 148, vatRegistered: true });
    expect(week.voucherSales).toEqual({ grossPence: 3000, count: 1 });
    expect(week.voucherRedemptions).toEqual([
      { rateBasisPoints: 2000, grossPence: 1250, vatPence: 208, netPence: 1042 },
    ]);
    // The voucher sold on Monday carries no VAT on Monday; what it bought is taxed on Thursday.
    expect((await vat('2025-10-20', '2025-10-20')).voucherRedemptions).toEqual([]);
    expect((await vat('2025-10-23', '2025-10-23')).voucherRedemptions[0]?.vatPence).toBe(208);
    // A refund in another quarter reverses in that quarter: September's credits in Q3, their refund in Q4.
    expect((await vat('2025-07-01', '2025-09-30')).byRate).toEqual([
      { rateBasisPoints: 2000, grossPence: 7500, vatPence: 1250, netPence: 6250 },
    ]);
  });

  it('writes a journal a day that balances to zero on both bases, in Xero’s columns', async () => {
    for (const basis of ['cash', 'accrual'] as const) {
      const rows = await journal(basis);
      const days = new Set(rows.map((r) => r['*Narration']));
      expect([...new Set(rows.map((r) => r['*Date']))]).toEqual(DAYS);
      expect(days.size).toBe(DAYS.length);
      for (const narration of days) {
        const day = rows.filter((r) => r['*Narration'] === narration);
        const sum = day.reduce((s, r) => s + Math.round(Number(r['*Amount']) * 100), 0);
        expect(sum, `${basis} ${narration}`).toBe(0);
        expect(new Set(day.map((r) => r['*Date'])).size).toBe(1);
      }
      for (const r of rows) {
        expect(r['*Date']).toMatch(/^\d\d\/\d\d\/2025$/);
        expect(r['*AccountCode']).toMatch(/^\d+$/);
        expect(r['*TaxRate']).not.toBe('');
      }
    }
    const cash = await journal('cash');
    const line = (rows: typeof cash, date: string, description: string) =>
      rows.find((r) => r['*Date'] === date && r['Description'] === description)?.['*Amount'];
    expect(line(cash, '20/10/2025', 'Gift vouchers sold')).toBe('-30.00');
    expect(line(cash, '20/10/2025', 'Cafe at 0%')).toBe('-7.95');
    expect(cash.find((r) => r['Description'] === 'Cafe at 0%')?.['*TaxRate']).toBe('Zero Rated Income');
    expect(line(cash, '23/10/2025', 'Gift vouchers spent')).toBe('12.50');
    expect(line(cash, '23/10/2025', 'Admission at 5%')).toBe('-21.00');
    expect(cash.find((r) => r['Description'] === 'Admission at 5%')?.['*TaxRate']).toBe('5% (VAT on Income)');
    const accrual = await journal('accrual');
    // Tuesday's visit is deferred until Wednesday, then released net of its VAT; the pass a twelfth a month.
    expect(line(accrual, '21/10/2025', 'Deferred: Admission at 20%')).toBe('-21.00');
    expect(line(accrual, '22/10/2025', 'Admission enjoyed (deferred income released)')).toBe('-17.50');
    expect(line(accrual, '22/10/2025', 'Deferred: Memberships at 20%')).toBe('-120.00');
    expect(line(accrual, '22/10/2025', 'Memberships month (deferred income released)')).toBe('-8.33');
    expect(line(accrual, '20/10/2025', 'Gift vouchers sold')).toBe('-30.00');
  });

  it('keeps every saved version of the settings, audited; a stale save is refused', async () => {
    const now = (await t.admin('GET', '/api/admin/accounts/settings')).json() as AccountsSettingsView;
    expect(now).toMatchObject({ version: 1, updatedBy: t.adminName });
    expect(now.settings.vatNumber).toBe('GB123456789');
    const stale = await t.admin('PUT', '/api/admin/accounts/settings', { version: 0, settings: now.settings });
    expect(stale.statusCode).toBe(409);
    const bad = await t.admin('PUT', '/api/admin/accounts/settings', {
      version: 1,
      settings: { ...now.settings, accounts: { ...now.settings.accounts, cafe: { accountCode: '', taxRateName: '' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await auditRows(t.ctx.db)).filter((r) => r.action === 'accounts.settings_saved')).toHaveLength(1);
  });

  it('refuses strangers, staff who are not admins, and bad ranges', async () => {
    const urls = [
      '/api/admin/accounts/settings',
      `/api/admin/accounts/vat?from=${WEEK.from}&to=${WEEK.to}`,
      `/api/admin/accounts/journal.csv?from=${WEEK.from}&to=${WEEK.to}&basis=cash`,
      `/api/admin/accounts/payouts?from=${WEEK.from}&to=${WEEK.to}`,
    ];
    for (const url of urls) {
      expect((await t.anon('GET', url)).statusCode, url).toBe(401);
      expect((await t.staff('GET', url)).statusCode, url).toBe(403);
    }
    expect((await t.staff('PUT', '/api/admin/accounts/settings', {})).statusCode).toBe(403);
    // TEST MODE has no payouts to match: said so, not an error.
    const payouts = await t.admin('GET', `/api/admin/accounts/payouts?from=${WEEK.from}&to=${WEEK.to}`);
    expect(payouts.json()).toEqual({ from: WEEK.from, to: WEEK.to, available: false, payouts: [], unmatched: [] });
    expect((await t.admin('GET', '/api/admin/accounts/vat?from=2025-10-26&to=2025-10-20')).statusCode).toBe(400);
    expect(
      (await t.admin('GET', '/api/admin/accounts/journal.csv?from=2025-10-20&to=2025-10-26&basis=x')).statusCode,
    ).toBe(400);
    expect((await t.admin('GET', '/api/admin/accounts/vat?from=2024-01-01&to=2025-10-26')).statusCode).toBe(400);
  });
});
