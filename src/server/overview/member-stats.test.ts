import { describe, expect, it } from 'vitest';
import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { familyWithChildren, payByTestCard } from '../memberships/testing/membership-fixtures';
import { testDbKinds } from '../testing/test-database';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');

/** The Overview's members and membership takings (issue 40), as the memberships move. */
describe.each(testDbKinds)("the Overview's members (%s)", (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const overview = async () => {
    const res = await t.staff('GET', '/api/admin/dashboard-stats');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardStatsResponse;
  };

  it('counts members in force, monthly recurring revenue, members lost this month and their takings', async () => {
    expect((await overview()).members).toEqual({ active: 0, monthlyRecurringPence: 0, lostThisMonth: 0 });
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'lee@example.com', ['Ivy', 'Max'], NOW);
    const join = async (planId: string, children: string[]) => {
      const res = await family('POST', '/api/memberships', { planId, childIds: children });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json() as JoinMembershipResponse;
      expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
      return answer.membershipId;
    };
    const monthly = await join('monthly-play-pass', [childIds[0]!]);
    await join('annual-family-pass', [childIds[1]!]);
    // £24.99 a month, and £199 a year as £16.58 a month.
    const both = await overview();
    expect(both.members).toEqual({ active: 2, monthlyRecurringPence: 2499 + 1658, lostThisMonth: 0 });
    expect(both.revenueByKind.today.memberships).toBe(2499 + 19900);
    expect(both.stats.todayRevenue).toBe(2499 + 19900);

    // The monthly one ends at once in its cooling-off period, refunded in full (no visits): lost, and out of takings.
    const cancelled = await family('POST', `/api/family/memberships/${monthly}/cancel`, { mode: 'cooling_off' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await overview();
    expect(after.members).toEqual({ active: 1, monthlyRecurringPence: 1658, lostThisMonth: 1 });
    expect(after.revenueByKind.today.memberships).toBe(19900);
    expect(after.stats.todayRevenue).toBe(19900);
  });
});
