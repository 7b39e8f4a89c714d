import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { rowsOf } from '../db/client';
import { loyaltyVouchers } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { getJson, ledgerOf, memberUrl, seedMember, getAsFamily, cookieForMember } from './testing/loyalty-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('redeeming rewards inside the family session on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
  });
  afterAll(() => t.close());

  // As the member's family (a family session for its address): no second code is asked inside it.
  const redeem = async (memberId: string, rewardId: string, pointsCost: number) =>
    postJson(
      t.app,
      '/api/loyalty/redeem',
      { memberId, rewardId, pointsCost },
      await cookieForMember(t.ctx.db, memberId),
    );

  it('spends the points, issues a voucher and e-mails it, with one request', async () => {
    const id = await seedMember(t.ctx.db, 'redeem@example.com', 300, 'Sam Carer');
    const res = await redeem(id, 'free-hot-drink', 50);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.member).toEqual({
      id,
      name: 'Sam',
      currentPoints: 250,
      totalPoints: 300,
      visitCount: 0,
      membershipLevel: 'bronze',
    });
    expect(body.voucher).toEqual({
      code: expect.stringMatching(/^PTB-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/),
      rewardId: 'free-hot-drink',
      title: 'Free Hot Drink',
    });
    expect(await ledgerOf(t.ctx.db, 'redeem@example.com')).toEqual(['earn:300', 'redeem:-50']);
    const [voucher] = await t.ctx.db.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.memberId, id));
    expect(voucher).toMatchObject({
      code: body.voucher.code,
      rewardId: 'free-hot-drink',
      pointsCost: 50,
      status: 'issued',
    });
    // The voucher is the only mail: no code was sent to ask for it.
    const mails = await mailsTo(t.ctx.db, 'redeem@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your reward voucher/)]);
    expect(mails[0]!.text).toContain(`Your voucher code: ${body.voucher.code}`);
    expect(mails[0]!.text).toContain('Show this code to our staff');
    const history = (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/transactions?memberId=${id}`)).json()
      .transactions;
    expect(history.map((h: { description: string; points: number }) => [h.description, h.points])).toEqual([
      ['Redeemed: Free Hot Drink', -50],
      ['Seeded points', 300],
    ]);
  });

  it("refuses a points cost that is not the reward's (409), and points that are not there (409), spending nothing", async () => {
    const id = await seedMember(t.ctx.db, 'hint@example.com', 120);
    const mismatch = await redeem(id, 'ten-percent-off', 10);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.code).toBe('points_mismatch');
    // Spend 50 on a drink, then the 10% off (100) no longer fits in 70.
    expect((await redeem(id, 'free-hot-drink', 50)).statusCode).toBe(200);
    const short = await redeem(id, 'ten-percent-off', 100);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toEqual({
      code: 'insufficient_points',
      message: 'This reward needs 100 points and you have 70.',
    });
    expect(await ledgerOf(t.ctx.db, 'hint@example.com')).toEqual(['earn:120', 'redeem:-50']);
  });

  it('answers an unknown address or member with a JSON 404', async () => {
    const res = await getAsFamily(t.app, t.ctx.db, memberUrl('nobody@example.com'));
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Member not found' } });
    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const r of [
      await getAsFamily(t.app, t.ctx.db, `/api/loyalty/transactions?memberId=${ghost}`),
      await getAsFamily(t.app, t.ctx.db, `/api/loyalty/achievements?memberId=${ghost}`),
      await redeem(ghost, 'free-hot-drink', 50),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().error.code).toBe('not_found');
    }
  });

  it('refuses bad input with a JSON 400 and writes nothing', async () => {
    const id = await seedMember(t.ctx.db, 'strict@example.com', 500);
    const count = async () =>
      rowsOf<{ c: string }>(
        await t.ctx.db.execute(
          sql`select (select count(*) from loyalty_ledger) || '/' || (select count(*) from loyalty_members) || '/' || (select count(*) from loyalty_vouchers) || '/' || (select count(*) from outbox) as c`,
        ),
      )[0]!.c;
    const before = await count();
    const cases = [
      await getJson(t.app, '/api/loyalty/member/not-an-email'),
      await getJson(t.app, '/api/loyalty/transactions'),
      await getJson(t.app, '/api/loyalty/transactions?memberId=42'),
      await getJson(t.app, '/api/loyalty/achievements?memberId=%27%20or%201%3D1'),
      await postJson(t.app, '/api/loyalty/redeem', {}),
      await postJson(t.app, '/api/loyalty/redeem', { memberId: id, rewardId: 'free-pony', pointsCost: 50 }),
      await postJson(t.app, '/api/loyalty/redeem', {
        memberId: id,
        rewardId: 'free-hot-drink',
        pointsCost: '50',
      }),
      await postJson(t.app, '/api/loyalty/redeem', {
        memberId: id,
        rewardId: 'free-hot-drink',
        pointsCost: -50,
      }),
      await postJson(t.app, '/api/loyalty/redeem', '{"memberId":'),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(JSON.stringify(cases[5]!.json().error)).toContain('Unknown reward');
    expect(await count()).toBe(before);
  });

  it('says where each voucher is used: the VIP Party Discount on the online party booking, not at the counter', async () => {
    const id = await seedMember(t.ctx.db, 'vip@example.com', 700, 'Vi Party');
    expect((await redeem(id, 'vip-party', 300)).statusCode).toBe(200);
    expect((await redeem(id, 'ten-percent-off', 100)).statusCode).toBe(200);
    const mails = await mailsTo(t.ctx.db, 'vip@example.com');
    const vip = mails.find((m) => m.subject.includes('VIP'))!;
    expect(vip.text).toMatch(
      /"VIP Party Discount voucher" field when you book your party online \(http\S+\/party-booking\)/,
    );
    expect(vip.text).not.toContain('staff');
    const tenOff = mails.find((m) => m.subject.includes('10%'))!;
    expect(tenOff.text).toMatch(/"Voucher code" field when you book online \(http\S+\/booking\)/);
  });

  it('lists the rewards from the venue config and the achievements, earned ones marked', async () => {
    const rewards = (await getAsFamily(t.app, t.ctx.db, '/api/loyalty/rewards')).json().rewards;
    expect(rewards.map((r: { id: string; pointsCost: number }) => [r.id, r.pointsCost])).toEqual([
      ['free-hot-drink', 50],
      ['ten-percent-off', 100],
      ['free-session', 250],
      ['vip-party', 300],
    ]);
    const all = (await getJson(t.app, '/api/loyalty/achievements')).json().achievements;
    expect(
      all.map((a: { id: string; pointsReward: number; earned: boolean }) => [a.id, a.pointsReward, a.earned]),
    ).toEqual([
      ['first-steps', 50, false],
      ['regular-visitor', 100, false],
      ['party-host', 150, false],
    ]);
  });
});
