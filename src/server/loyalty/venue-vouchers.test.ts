import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { seedMember, seedVoucher, voucherState } from './testing/loyalty-fixtures';

// Monday 23 November 2026, 10:00 in London.
const NOW = new Date('2026-11-23T10:00:00Z');

describe.each(testDbKinds)('venue vouchers used by staff at the till (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let staff: { cookie: string; username: string };
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
    staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    const memberId = await seedMember(t.ctx.db, 'vouchers@example.com', 0);
    await seedVoucher(t.ctx.db, memberId, 'free-hot-drink', 'PTB-DRNK-2345');
    await seedVoucher(t.ctx.db, memberId, 'vip-party', 'PTB-PRTY-2345');
    await seedVoucher(t.ctx.db, memberId, 'vip-party', 'PTB-RACE-2345');
    await seedVoucher(t.ctx.db, memberId, 'ten-percent-off', 'PTB-TENP-2345');
  });
  afterAll(() => t?.close());

  const lookUp = (code: string, cookie = staff.cookie) =>
    staffRequest(t.app, cookie)('GET', `/api/admin/vouchers/${encodeURIComponent(code)}`);
  const use = (code: string, cookie = staff.cookie) =>
    staffRequest(t.app, cookie)('POST', `/api/admin/vouchers/${encodeURIComponent(code)}/use`, {});

  it('looks a code up however it was typed, then marks it used once: 409 the second time, audited once', async () => {
    const found = await lookUp('ptb drnk 2345');
    expect(found.statusCode).toBe(200);
    expect(found.json().voucher).toMatchObject({
      code: 'PTB-DRNK-2345',
      title: 'Free Hot Drink',
      value: 'One free hot drink',
      usedWhere: 'venue',
      status: 'issued',
      usedAt: null,
    });
    const used = await use('PTBDRNK2345');
    expect(used.statusCode).toBe(200);
    expect(used.json().voucher).toMatchObject({ status: 'used', usedAt: NOW.toISOString(), usedBy: staff.username });

    const again = await use('PTB-DRNK-2345');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'voucher_used',
      message: 'This voucher has already been used on Monday 23 November 2026.',
    });
    expect((await lookUp('PTB-DRNK-2345')).json().voucher).toMatchObject({ status: 'used', usedBy: staff.username });
    const audit = (await auditRows(t.ctx.db)).filter((a) => a.action === 'voucher_used');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: staff.username,
      details: { code: 'PTB-DRNK-2345', rewardId: 'free-hot-drink' },
    });
  });

  it('of two tills using the same party discount at once, one wins', async () => {
    const other = await signInAs(t.app, t.ctx, { role: 'admin' });
    const results = await Promise.all([use('PTB-RACE-2345'), use('PTB-RACE-2345', other.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await voucherState(t.ctx.db, 'PTB-RACE-2345')).toMatchObject({ status: 'used' });
    expect((await auditRows(t.ctx.db)).filter((a) => a.details.code === 'PTB-RACE-2345')).toHaveLength(1);
  });

  it('refuses a booking voucher (used online) and an unknown code, changing nothing', async () => {
    const booking = await use('PTB-TENP-2345');
    expect(booking.statusCode).toBe(409);
    expect(booking.json().error.code).toBe('voucher_not_for_venue');
    expect(await voucherState(t.ctx.db, 'PTB-TENP-2345')).toMatchObject({ status: 'issued' });
    expect((await lookUp('PTB-TENP-2345')).json().voucher).toMatchObject({ usedWhere: 'booking', status: 'issued' });
    for (const res of [await lookUp('PTB-NONE-2345'), await use('PTB-NONE-2345')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('voucher_not_found');
    }
    expect((await lookUp('<script>')).statusCode).toBe(400);
  });

  it('is for staff only: a kiosk device 403, nobody 401', async () => {
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    for (const [cookie, status] of [
      [kiosk, 403],
      ['', 401],
    ] as const) {
      expect((await lookUp('PTB-PRTY-2345', cookie)).statusCode).toBe(status);
      expect((await use('PTB-PRTY-2345', cookie)).statusCode).toBe(status);
    }
    expect(await voucherState(t.ctx.db, 'PTB-PRTY-2345')).toMatchObject({ status: 'issued' });
  });
});
