import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import type { Sale } from '../../shared/contracts/till';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { bookingChildren, tillSales } from '../db/schema';
import { memberCardToken } from '../memberships/member-card';
import { familyWithChildren, payByTestCard } from '../memberships/testing/membership-fixtures';
import { getAppSecret } from '../security/app-secret';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill, sell } from './testing/till-fixtures';

// Wednesday 10 June 2026, 10:00 in London: the morning session is on now.
const NOW = new Date('2026-06-10T09:00:00Z');

describe.each(testDbKinds)('a member card at the till (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  let card: string;
  let session: string;

  beforeAll(async () => {
    // The Carters' Annual Family Pass: Maisie and Alfie (aged 7 and 6), grown-ups free.
    const { family, childIds } = await familyWithChildren(
      t.app,
      t.ctx.db,
      'carter@example.com',
      ['Maisie', 'Alfie'],
      NOW,
    );
    const joined = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
    expect(joined.statusCode, joined.body).toBe(201);
    const answer = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
    card = memberCardToken(await getAppSecret(t.ctx.db), answer.membershipId);
    session = await openTill(t.staff, 'Members', 0);
  });

  const lines = [
    { kind: 'entry' as const, ticketTypeId: 'child-1-12', quantity: 3 },
    { kind: 'entry' as const, ticketTypeId: 'adult', quantity: 1 },
    { kind: 'shop' as const, itemId: 'grip-socks', quantity: 1 },
  ];

  it('prices the covered children (and the plan’s free grown-up) at £0 by the membership rule', async () => {
    const sale: Sale = await sell(t.staff, cashSale(session, lines, { codes: [card], expectedTotalPence: 950 + 150 }));
    expect(sale.totalPence).toBe(1100);
    expect(
      sale.lines.map((l) => [l.description.replace(/, .*?( \(membership\))?$/, '$1'), l.quantity, l.totalPence]),
    ).toEqual([
      [expect.stringContaining('(membership)'), 2, 0],
      [expect.not.stringContaining('(membership)'), 1, 950],
      [expect.stringContaining('(membership)'), 1, 0],
      ['Grip socks', 1, 150],
    ]);
    // The visit counts against the membership: its children are on the walk-in booking.
    const [row] = await t.ctx.db.select().from(tillSales).where(eq(tillSales.id, sale.id));
    const children = await t.ctx.db
      .select()
      .from(bookingChildren)
      .where(eq(bookingChildren.bookingId, row!.bookingId!));
    expect(children).toHaveLength(2);
    expect(children.every((c) => c.membershipId !== null)).toBe(true);
  });

  it('refuses the card a second time the same day (the plan’s visits a day), and a forged card', async () => {
    const again = await t.staff('POST', '/api/till/sales', cashSale(session, lines, { codes: [card] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_covered');
    const forged = await t.staff('POST', '/api/till/sales', cashSale(session, lines, { codes: [`${card}x`] }));
    expect(forged.statusCode).toBe(404);
  });
});
