import { describe, expect, it } from 'vitest';
import type {
  AdminMembershipsResponse,
  FamilyMembershipsResponse,
  JoinMembershipResponse,
} from '../../shared/contracts/memberships';
import { lastDayPaid } from '../../shared/memberships';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { kioskPost } from '../checkin/testing/kiosk-fixtures';
import { getAppSecret } from '../security/app-secret';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { memberCardToken } from './member-card';
import { familyWithChildren, mailsTo, membershipRow, payByTestCard } from './testing/membership-fixtures';

// 00:30 BST on Thursday 1 October 2026 (23:30 UTC on 30 September): the clocks go back on 25 October.
const JOINED = new Date('2026-09-30T23:30:00Z');

/** DECISIONS.md "Memberships keep their money straight": periods and end dates are London dates. */
describe.each(testDbKinds)('membership periods in London (%s)', (kind) => {
  let now = JOINED;
  const t = useAdminApp(kind, { now: () => now });

  async function join(email: string, planId: string) {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Maisie'], JOINED);
    const joined = (await family('POST', '/api/memberships', { planId, childIds })).json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, joined.clientSecret)).json()).toEqual({ status: 'succeeded' });
    return { family, id: joined.membershipId };
  }

  it('a month from 00:30 BST on 1 October ends at the start of 1 November, London time; the last day shown is 31 October', async () => {
    now = JOINED;
    const { family, id } = await join('october@example.com', 'monthly-play-pass');
    // 00:00 GMT on 1 November (not 23:30 GMT on 30 October: a month added to the UTC instant).
    expect((await membershipRow(t.ctx.db, id)).currentPeriodEnd).toEqual(new Date('2026-11-01T00:00:00Z'));
    const [welcome] = await mailsTo(t.ctx.db, 'october@example.com', 'membership-welcome');
    expect(welcome!.text).toContain('It renews on Sunday 1 November 2026 and each month after.');

    const res = await family('POST', `/api/family/memberships/${id}/cancel`, { mode: 'end_of_period' });
    expect(res.statusCode, res.body).toBe(200);
    const [cancelled] = await mailsTo(t.ctx.db, 'october@example.com', 'membership-cancelled');
    expect(cancelled!.text).toContain('You can keep using it until Saturday 31 October 2026, its last day.');
    // My Bookings and the Members tab show the same last day (web/lib/membership-text.ts lastDayText).
    const mine = (await family('GET', '/api/family/memberships')).json() as FamilyMembershipsResponse;
    expect(lastDayPaid(mine.memberships[0]!.currentPeriodEnd!)).toBe('2026-10-31');
    const staff = (await t.staff('GET', '/api/admin/memberships?q=october')).json() as AdminMembershipsResponse;
    expect(lastDayPaid(staff.memberships[0]!.renewsOn!)).toBe('2026-10-31');
  });

  it('the last day shown is the last day the kiosk accepts the card, and not a day more', async () => {
    now = JOINED;
    const { family, id } = await join('year@example.com', 'annual-family-pass');
    expect((await membershipRow(t.ctx.db, id)).currentPeriodEnd).toEqual(new Date('2027-09-30T23:00:00Z'));
    const mine = (await family('GET', '/api/family/memberships')).json() as FamilyMembershipsResponse;
    const lastDay = lastDayPaid(mine.memberships[0]!.currentPeriodEnd!);
    expect(lastDay).toBe('2027-09-30');
    const card = memberCardToken(await getAppSecret(t.ctx.db), id);
    // 08:00 BST on the last day shown: covered. 08:00 the next morning: not paid for.
    now = new Date('2027-09-30T07:00:00Z');
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const offer = () => kioskPost(t.app, kiosk, '/api/check-in/member-offer', { card });
    const onLastDay = await offer();
    expect(onLastDay.statusCode, onLastDay.body).toBe(200);
    now = new Date('2027-10-01T07:00:00Z');
    const dayAfter = await offer();
    expect(dayAfter.statusCode).toBe(409);
    expect(dayAfter.json()).toMatchObject({ error: { message: expect.stringMatching(/not paid for today/) } });
  });
});
