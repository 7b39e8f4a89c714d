import { describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { MembershipPlansResponse } from '../../shared/contracts/memberships';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';

describe.each(testDbKinds)('membership plans in the catalogue (%s)', (kind) => {
  const t = useAdminApp(kind);
  const plansOnSale = async () =>
    ((await t.anon('GET', '/api/memberships/plans')).json() as MembershipPlansResponse).plans;

  it('starts with the Monthly Play Pass and the Annual Family Pass', async () => {
    expect(await plansOnSale()).toEqual([
      expect.objectContaining({
        id: 'monthly-play-pass',
        name: 'Monthly Play Pass',
        pricePence: 2499,
        period: 'monthly',
        children: 1,
        days: 'Off-peak days',
        adultsFree: false,
      }),
      expect.objectContaining({
        id: 'annual-family-pass',
        name: 'Annual Family Pass',
        pricePence: 19900,
        period: 'annual',
        children: 3,
        days: 'Any day',
      }),
    ]);
  });

  it('lets an admin change the plans: validated, audited, 409 when stale; others refused', async () => {
    const { membershipPlans } = await t.catalogue();
    expect(membershipPlans.version).toBe(0);
    const [monthly, annual] = membershipPlans.value.plans;
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const bad = [
      { ...monthly, pricePence: 0 },
      { ...monthly, pricePence: 100_001 },
      { ...monthly, ticketTypeIds: ['no-such-ticket'] },
      { ...monthly, bandIds: ['no-such-band'] },
      { ...monthly, children: 0 },
      { ...monthly, period: 'weekly' },
    ];
    for (const plan of bad) {
      const res = await t.admin('PATCH', '/api/admin/catalogue/membership-plans', {
        version: 0,
        plans: [plan, annual],
      });
      expect(res.statusCode, JSON.stringify(plan)).toBe(400);
    }
    const twice = await t.admin('PATCH', '/api/admin/catalogue/membership-plans', {
      version: 0,
      plans: [monthly, monthly],
    });
    expect(twice.statusCode).toBe(400);
    const edit = {
      version: 0,
      plans: [
        { ...monthly, pricePence: 2299 },
        { ...annual, active: false },
      ],
    };
    expect((await t.staff('PATCH', '/api/admin/catalogue/membership-plans', edit)).statusCode).toBe(403);
    expect((await t.anon('PATCH', '/api/admin/catalogue/membership-plans', edit)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);

    const res = await t.admin('PATCH', '/api/admin/catalogue/membership-plans', edit);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminCatalogue).membershipPlans.version).toBe(1);
    // Served at once by the process that made it: the annual pass is off sale, the monthly one cheaper.
    expect((await plansOnSale()).map((p) => [p.id, p.pricePence])).toEqual([['monthly-play-pass', 2299]]);
    expect((await auditRows(t.ctx.db, 'membership_plans')).at(-1)).toMatchObject({
      action: 'catalogue.membership_plans_edited',
      details: {
        before: { plans: [{ pricePence: 2499 }, { active: true }] },
        after: { plans: [{ pricePence: 2299 }, { active: false }] },
      },
    });
    const stale = await t.admin('PATCH', '/api/admin/catalogue/membership-plans', edit);
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'stale_version']);
  });
});
