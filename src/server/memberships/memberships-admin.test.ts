import { describe, expect, it } from 'vitest';
import type { AdminMembershipsResponse, JoinMembershipResponse } from '../../shared/contracts/memberships';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { familyWithChildren, membershipRow, payByTestCard } from './testing/membership-fixtures';

const NOW = new Date('2026-07-01T08:00:00Z');

describe.each(testDbKinds)('the Members tab (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  let joined: JoinMembershipResponse;

  it('lets staff find a membership by member number, e-mail or name, and by status; strangers refused', async () => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'patel@example.com', ['Zara'], NOW);
    joined = (await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds })).json();
    await payByTestCard(t.app, joined.clientSecret);
    const other = await familyWithChildren(t.app, t.ctx.db, 'other@example.com', ['Yan'], NOW);
    await other.family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds: other.childIds }); // unpaid

    const find = async (query: string) =>
      ((await t.staff('GET', `/api/admin/memberships${query}`)).json() as AdminMembershipsResponse).memberships.map(
        (m) => m.email,
      );
    expect(await find('')).toEqual(['other@example.com', 'patel@example.com']);
    expect(await find(`?q=${joined.memberNumber}`)).toEqual(['patel@example.com']);
    expect(await find(`?q=${joined.memberNumber.slice(1)}`)).toEqual(['patel@example.com']);
    expect(await find('?q=PATEL@')).toEqual(['patel@example.com']);
    expect(await find("?q=Zara's%20parent")).toEqual(['patel@example.com']);
    expect(await find('?status=pending')).toEqual(['other@example.com']);
    expect(await find('?q=%25')).toEqual([]);
    const [row] = ((await t.staff('GET', '/api/admin/memberships?status=active')).json() as AdminMembershipsResponse)
      .memberships;
    expect(row).toMatchObject({
      name: "Zara's parent",
      planName: 'Annual Family Pass',
      children: [{ firstName: 'Zara' }],
    });
    // Periods end at the start of a London day (shared/memberships.ts periodEndAfter): 00:00 BST on 1 July 2027.
    expect(row!.renewsOn).toBe('2027-06-30T23:00:00.000Z');

    expect((await t.staff('GET', '/api/admin/memberships?status=gone')).statusCode).toBe(400);
    expect((await t.anon('GET', '/api/admin/memberships')).statusCode).toBe(401);
    expect((await family('GET', '/api/admin/memberships')).statusCode).toBe(401);
  });

  it('lets admins pause, resume and end with a reason, audited; staff and strangers refused, nothing written', async () => {
    const url = `/api/admin/memberships/${joined.membershipId}`;
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    expect((await t.staff('POST', `${url}/pause`, { reason: 'Injured arm' })).statusCode).toBe(403);
    expect((await t.anon('POST', `${url}/pause`, { reason: 'Injured arm' })).statusCode).toBe(401);
    expect((await t.admin('POST', `${url}/pause`, {})).statusCode).toBe(400);
    expect((await t.admin('POST', `${url}/pause`, { reason: '' })).statusCode).toBe(400);
    expect((await t.admin('POST', '/api/admin/memberships/not-a-uuid/pause', { reason: 'x y z' })).statusCode).toBe(
      400,
    );
    const missing = await t.admin('POST', '/api/admin/memberships/00000000-0000-4000-8000-000000000000/pause', {
      reason: 'Injured arm',
    });
    expect(missing.statusCode).toBe(404);
    const notPaused = await t.admin('POST', `${url}/resume`, { reason: 'Back again' });
    expect([notPaused.statusCode, notPaused.json().error.code]).toEqual([409, 'membership_state']);
    expect(await counts()).toEqual(before);

    for (const [action, status] of [
      ['pause', 'paused'],
      ['resume', 'active'],
      ['end', 'ended'],
    ] as const) {
      const res = await t.admin('POST', `${url}/${action}`, { reason: `Family asked (${action})` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().membership.status).toBe(status);
    }
    expect((await membershipRow(t.ctx.db, joined.membershipId)).statusReason).toBe('admin: Family asked (end)');
    expect((await auditRows(t.ctx.db, joined.membershipId)).map((a) => [a.action, a.details])).toEqual([
      ['membership.pause', { reason: 'Family asked (pause)', before: 'active', after: 'paused' }],
      [
        'membership.resume',
        {
          reason: 'Family asked (resume)',
          before: 'paused',
          after: 'active',
          // Paused and resumed at once: the paid time left is the same.
          periodEndBefore: '2027-06-30T23:00:00.000Z',
          periodEndAfter: '2027-06-30T23:00:00.000Z',
        },
      ],
      ['membership.end', { reason: 'Family asked (end)', before: 'active', after: 'ended' }],
    ]);
    const again = await t.admin('POST', `${url}/end`, { reason: 'Twice' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'membership_state']);
  });
});
