import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAs, auditRows, staffRequest } from '../testing/staff-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { testDbKinds } from '../testing/test-database';
import { redeemGiftVoucher, refundToGiftVoucher } from './voucher-ledger';
import { buyVoucher } from './testing/gift-voucher-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('the gift voucher liability report on %s', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;
  // Ledger entries carry the database's clock; the test dates them as if they happened in those months.
  const dateEntries = (voucherId: string, kinds: string[], at: string) =>
    db().execute(
      sql`update gift_voucher_ledger set created_at = ${at}::timestamptz where voucher_id = ${voucherId}::uuid and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );

  it('counts sold, redeemed, expired and voided per month, and what is still owed', async () => {
    let admin = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    let staff = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie);
    const a = await buyVoucher(t.app, db(), { amountPence: 3000 });
    const b = await buyVoucher(t.app, db(), { amountPence: 5000 });
    const c = await buyVoucher(t.app, db(), { amountPence: 2000 });
    await db().transaction((tx) => redeemGiftVoucher(tx, { code: a.code, amountPence: 2850, now: START }));
    for (const v of [a, b, c]) await dateEntries(v.voucherId, ['purchase', 'redeem'], '2025-10-20T10:00:00Z');
    await db().transaction((tx) => refundToGiftVoucher(tx, { voucherId: a.voucherId, amountPence: 1000, now: START }));
    expect((await admin('POST', `/api/admin/gift-vouchers/${b.voucherId}/void`, { reason: 'Refund' })).statusCode).toBe(
      200,
    );
    await dateEntries(a.voucherId, ['refund_to_voucher'], '2025-11-03T10:00:00Z');
    await dateEntries(b.voucherId, ['void'], '2025-11-03T10:00:00Z');

    // Before expiry: £31.50 owed (A £11.50, C £20).
    t.clock = new Date('2025-11-10T10:00:00Z');
    // Staff sessions end when the clock jumps: sign in again at each new date.
    const signInAgain = async () => {
      admin = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
      staff = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie);
    };
    await signInAgain();
    let res = await admin('GET', '/api/admin/gift-vouchers/liability');
    expect(res.statusCode).toBe(200);
    let report = res.json();
    expect(report.outstandingNow).toBe(3150);
    expect(report.months.slice(0, 2)).toEqual([
      { month: '2025-10', sold: 10000, redeemed: 2850, expired: 0, voided: 0, outstanding: 7150 },
      { month: '2025-11', sold: 0, redeemed: -1000, expired: 0, voided: 5000, outstanding: 3150 },
    ]);

    // After their last day (21 October 2026), what was left on A and C has expired.
    t.clock = new Date('2026-11-05T10:00:00Z');
    await signInAgain();
    report = (await admin('GET', '/api/admin/gift-vouchers/liability')).json();
    expect(report.outstandingNow).toBe(0);
    expect(report.months.find((m: { month: string }) => m.month === '2026-10')).toEqual({
      month: '2026-10',
      sold: 0,
      redeemed: 0,
      expired: 3150,
      voided: 0,
      outstanding: 0,
    });
    expect(report.months.at(-1)).toMatchObject({ month: '2026-11', outstanding: 0 });

    res = await admin('GET', '/api/admin/gift-vouchers/liability.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n').slice(0, 3)).toEqual([
      'month,sold,redeemed,expired,voided,outstanding',
      '2025-10,100.00,28.50,0.00,0.00,71.50',
      '2025-11,0.00,-10.00,0.00,50.00,31.50',
    ]);
    expect(await auditRows(db(), 'gift-voucher-liability')).toHaveLength(1);

    // Finance is for admins.
    expect((await staff('GET', '/api/admin/gift-vouchers/liability')).statusCode).toBe(403);
    expect((await staff('GET', '/api/admin/gift-vouchers/liability.csv')).statusCode).toBe(403);
    expect((await staffRequest(t.app, undefined)('GET', '/api/admin/gift-vouchers/liability')).statusCode).toBe(401);
  });
});
