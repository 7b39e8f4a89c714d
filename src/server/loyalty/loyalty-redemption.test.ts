import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { rowsOf } from '../db/client';
import { loyaltyRedemptionCodes, loyaltyVouchers } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import {
  codeFromMail,
  getJson,
  ledgerOf,
  memberUrl,
  seedMember,
  getAsFamily,
  cookieForMember,
} from './testing/loyalty-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('redeeming rewards with an e-mailed code on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });

  // As the member's family (a family session for its address): the session is what the calls need now.
  const requestCode = async (memberId: string, rewardId: string) =>
    postJson(
      t.app,
      '/api/loyalty/redeem/request-code',
      { memberId, rewardId },
      await cookieForMember(t.ctx.db, memberId),
    );
  const redeem = async (memberId: string, rewardId: string, pointsCost: number, code: string) =>
    postJson(
      t.app,
      '/api/loyalty/redeem',
      { memberId, rewardId, pointsCost, code },
      await cookieForMember(t.ctx.db, memberId),
    );
  const points = async (email: string) => (await getAsFamily(t.app, t.ctx.db, memberUrl(email))).json().member;
  const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

  it('e-mails a code, then spends the points, issues a voucher and e-mails it', async () => {
    const id = await seedMember(t.ctx.db, 'redeem@example.com', 300, 'Sam Carer');
    const asked = await requestCode(id, 'free-hot-drink');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toEqual({
      sentTo: 'r•••@e•••.com',
      expiresAt: new Date(START.getTime() + 600_000).toISOString(),
    });
    const [codeMail] = await mailsTo(t.ctx.db, 'redeem@example.com');
    expect(codeMail!.subject).toMatch(/^Your Play Time Rewards code: \d{6}$/);
    const code = await codeFromMail(t.ctx.db, 'redeem@example.com');
    const [stored] = await t.ctx.db
      .select()
      .from(loyaltyRedemptionCodes)
      .where(eq(loyaltyRedemptionCodes.memberId, id));
    expect(stored!.codeHash).not.toContain(code);

    const res = await redeem(id, 'free-hot-drink', 50, code);
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
    const voucherMail = (await mailsTo(t.ctx.db, 'redeem@example.com')).find((m) =>
      m.subject.startsWith('Your reward voucher'),
    );
    expect(voucherMail!.text).toContain(`Your voucher code: ${body.voucher.code}`);
    expect(voucherMail!.text).toContain('Show this code to our staff');

    // The code is used up: the same code again spends nothing.
    const again = await redeem(id, 'free-hot-drink', 50, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_code');
    expect((await points('redeem@example.com')).currentPoints).toBe(250);
    const history = (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/transactions?memberId=${id}`)).json()
      .transactions;
    expect(history.map((h: { description: string; points: number }) => [h.description, h.points])).toEqual([
      ['Redeemed: Free Hot Drink', -50],
      ['Seeded points', 300],
    ]);
  });

  it('refuses a code request when the points are not there, sending nothing', async () => {
    const id = await seedMember(t.ctx.db, 'poor@example.com', 99);
    const res = await requestCode(id, 'ten-percent-off');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'insufficient_points',
      message: 'This reward needs 100 points and you have 99.',
    });
    expect(await mailsTo(t.ctx.db, 'poor@example.com')).toEqual([]);
    expect(await t.ctx.db.select().from(loyaltyRedemptionCodes).where(eq(loyaltyRedemptionCodes.memberId, id))).toEqual(
      [],
    );
  });

  it('counts wrong codes: five tries, and the sixth is refused even with the right code', async () => {
    const id = await seedMember(t.ctx.db, 'guess@example.com', 300);
    await requestCode(id, 'ten-percent-off');
    const code = await codeFromMail(t.ctx.db, 'guess@example.com');
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await redeem(id, 'ten-percent-off', 100, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_code');
      messages.push(res.json().error.message);
    }
    expect(messages).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      'That code is not right. Please ask for a new code.',
    ]);
    const sixth = await redeem(id, 'ten-percent-off', 100, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error).toMatchObject({ code: 'too_many_attempts', fields: { code: [expect.any(String)] } });
    expect(await ledgerOf(t.ctx.db, 'guess@example.com')).toEqual(['earn:300']);
    // A new code works, and asking for it did not reset the old one.
    await requestCode(id, 'ten-percent-off');
    const fresh = await codeFromMail(t.ctx.db, 'guess@example.com');
    expect((await redeem(id, 'ten-percent-off', 100, fresh)).statusCode).toBe(200);
    expect(await ledgerOf(t.ctx.db, 'guess@example.com')).toEqual(['earn:300', 'redeem:-100']);
  });

  it('refuses an expired code and a code for another reward', async () => {
    const id = await seedMember(t.ctx.db, 'late@example.com', 300);
    await requestCode(id, 'free-session');
    const code = await codeFromMail(t.ctx.db, 'late@example.com');
    const otherReward = await redeem(id, 'free-hot-drink', 50, code);
    expect(otherReward.json().error.code).toBe('invalid_code');
    clock = new Date(START.getTime() + 10 * 60_000 + 1000);
    const res = await redeem(id, 'free-session', 250, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'code_expired',
      message: 'This code has expired. Please ask for a new code.',
    });
    expect(await ledgerOf(t.ctx.db, 'late@example.com')).toEqual(['earn:300']);
  });

  it("refuses a points cost that is not the reward's (409), and points spent meanwhile (409)", async () => {
    const id = await seedMember(t.ctx.db, 'hint@example.com', 120);
    await requestCode(id, 'ten-percent-off');
    const tenOff = await codeFromMail(t.ctx.db, 'hint@example.com');
    const mismatch = await redeem(id, 'ten-percent-off', 10, tenOff);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.code).toBe('points_mismatch');
    // Spend 50 on a drink, then the 10% off (100) no longer fits in 70.
    await requestCode(id, 'free-hot-drink');
    expect((await redeem(id, 'free-hot-drink', 50, await codeFromMail(t.ctx.db, 'hint@example.com'))).statusCode).toBe(
      200,
    );
    const short = await redeem(id, 'ten-percent-off', 100, tenOff);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.code).toBe('insufficient_points');
    expect(await ledgerOf(t.ctx.db, 'hint@example.com')).toEqual(['earn:120', 'redeem:-50']);
  });

  it('sends at most five codes an hour to one member', async () => {
    const id = await seedMember(t.ctx.db, 'spam@example.com', 500);
    for (let i = 0; i < 5; i++) expect((await requestCode(id, 'free-hot-drink')).statusCode).toBe(201);
    const sixth = await requestCode(id, 'free-hot-drink');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('too_many_codes');
    expect(await mailsTo(t.ctx.db, 'spam@example.com')).toHaveLength(5);
    clock = new Date(START.getTime() + 3_600_000 + 1000);
    expect((await requestCode(id, 'free-hot-drink')).statusCode).toBe(201);
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
      await requestCode(ghost, 'free-hot-drink'),
      await redeem(ghost, 'free-hot-drink', 50, '123456'),
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
          sql`select (select count(*) from loyalty_ledger) || '/' || (select count(*) from loyalty_members) || '/' || (select count(*) from loyalty_redemption_codes) || '/' || (select count(*) from loyalty_vouchers) || '/' || (select count(*) from outbox) as c`,
        ),
      )[0]!.c;
    const before = await count();
    const cases = [
      await getJson(t.app, '/api/loyalty/member/not-an-email'),
      await getJson(t.app, '/api/loyalty/transactions'),
      await getJson(t.app, '/api/loyalty/transactions?memberId=42'),
      await getJson(t.app, '/api/loyalty/achievements?memberId=%27%20or%201%3D1'),
      await postJson(t.app, '/api/loyalty/redeem/request-code', {}),
      await postJson(t.app, '/api/loyalty/redeem/request-code', { memberId: id, rewardId: 'free-pony' }),
      await postJson(t.app, '/api/loyalty/redeem', {
        memberId: id,
        rewardId: 'free-hot-drink',
        pointsCost: 50,
        code: '12ab56',
      }),
      await postJson(t.app, '/api/loyalty/redeem', {
        memberId: id,
        rewardId: 'free-hot-drink',
        pointsCost: '50',
        code: '123456',
      }),
      await postJson(t.app, '/api/loyalty/redeem', {
        memberId: id,
        rewardId: 'free-hot-drink',
        pointsCost: -50,
        code: '123456',
      }),
      await postJson(t.app, '/api/loyalty/redeem', '{"memberId":'),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(cases[6]!.json().error.message).toBe('Please enter the 6-digit code from your email.');
    expect(await count()).toBe(before);
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
