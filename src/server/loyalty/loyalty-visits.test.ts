import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyMembers } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { awardPartyHost, recordLoyaltyVisit } from './achievements';
import { bookAndPay, ledgerOf, memberUrl, getAsFamily } from './testing/loyalty-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('visits and achievements on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
  });
  afterAll(() => t.close());
  const visit = (email: string, bookingId: string) =>
    t.ctx.db.transaction((tx) => recordLoyaltyVisit({ tx, email, bookingId }));

  it('counts a visit once per booking, with First Steps at the first and Regular Visitor at the fifth', async () => {
    const email = 'visits@example.com';
    const booked = [];
    for (let i = 0; i < 5; i++)
      booked.push(
        await bookAndPay(t.app, { customerEmail: email, ticketQuantities: { 'child-1-12': 1 }, totalAmount: 950 }),
      );
    expect(await visit(' Visits@Example.com', booked[0]!.bookingId)).toEqual({
      counted: true,
      visitCount: 1,
      awarded: ['first-steps'],
    });
    expect(await visit(email, booked[0]!.bookingId)).toEqual({ counted: false, visitCount: 1, awarded: [] });
    for (let i = 1; i < 4; i++) expect((await visit(email, booked[i]!.bookingId)).awarded).toEqual([]);
    expect(await visit(email, booked[4]!.bookingId)).toEqual({
      counted: true,
      visitCount: 5,
      awarded: ['regular-visitor'],
    });

    const { member } = (await getAsFamily(t.app, t.ctx.db, memberUrl(email))).json();
    expect(member).toMatchObject({ visitCount: 5, currentPoints: 50 + 5 * 9 + 50 + 100, totalPoints: 245 });
    const achievements = (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/achievements?memberId=${member.id}`)).json()
      .achievements;
    expect(achievements.map((a: { id: string; earned: boolean }) => [a.id, a.earned])).toEqual([
      ['first-steps', true],
      ['regular-visitor', true],
      ['party-host', false],
    ]);
    // The history shows the achievements but not the zero-point visit markers.
    const history = (await getAsFamily(t.app, t.ctx.db, `/api/loyalty/transactions?memberId=${member.id}`)).json()
      .transactions;
    expect(history.slice(0, 2).map((h: { description: string; points: number }) => [h.description, h.points])).toEqual([
      ['Achievement unlocked: Regular Visitor', 100],
      ['Achievement unlocked: First Steps', 50],
    ]);
    expect(history.some((h: { points: number }) => h.points === 0)).toBe(false);
    expect(await ledgerOf(t.ctx.db, email)).toContain('visit:0');
  });

  it('awards Party Host once, and leaves addresses with no membership alone', async () => {
    await bookAndPay(t.app, { customerEmail: 'party@example.com' });
    const award = () => t.ctx.db.transaction((tx) => awardPartyHost({ tx, email: 'PARTY@example.com' }));
    expect(await award()).toEqual({ awarded: true });
    expect(await award()).toEqual({ awarded: false });
    expect(await ledgerOf(t.ctx.db, 'party@example.com')).toEqual(['welcome:50', 'earn:21', 'achievement:150']);

    const { bookingId } = await bookAndPay(t.app, { customerEmail: 'stranger@example.com', loyaltyOptIn: false });
    expect(await t.ctx.db.transaction((tx) => awardPartyHost({ tx, email: 'stranger@example.com' }))).toEqual({
      awarded: false,
    });
    expect(await visit('stranger@example.com', bookingId)).toEqual({ counted: false, visitCount: 0, awarded: [] });
    expect(
      await t.ctx.db.select().from(loyaltyMembers).where(eq(loyaltyMembers.email, 'stranger@example.com')),
    ).toEqual([]);
  });
});
