import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FamilyMembershipsResponse, JoinMembershipResponse } from '../../shared/contracts/memberships';
import { useAdminApp, type Req } from '../catalogue/testing/admin-fixtures';
import { loyaltyLedger, outbox, testProviderPayments } from '../db/schema';
import { seedMember } from '../loyalty/testing/loyalty-fixtures';
import { paymentDeps } from '../payments/payment-deps';
import { rowCounter } from '../testing/row-counts';
import { testDbKinds } from '../testing/test-database';
import { keptAndCounted } from '../overview/testing/kept-and-counted';
import { runMembershipRenewals } from './renew-memberships';
import {
  familyWithChildren,
  mailsTo,
  membershipPayments,
  membershipRow,
  payByTestCard,
  qrTextOfPng,
} from './testing/membership-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const START = new Date('2026-07-01T08:00:00Z');
const minutesAfter = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);
const daysAfter = (at: Date, d: number) => minutesAfter(at, d * 1440);

describe.each(testDbKinds)('memberships in TEST MODE (%s)', (kind) => {
  let clock = START;
  const t = useAdminApp(kind, { now: () => clock });
  const renew = () => runMembershipRenewals({ ...paymentDeps(t.ctx), now: clock });
  const join = async (family: Req, body: unknown) => family('POST', '/api/memberships', body);
  const joined = async (family: Req, body: unknown, card = '4242424242424242') => {
    const res = await join(family, body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as JoinMembershipResponse;
    const paid = await payByTestCard(t.app, answer.clientSecret, card);
    expect(paid.json()).toEqual({ status: 'succeeded' });
    return answer;
  };

  it('joins the Monthly Play Pass and renews it three times on the movable clock, once per period', async () => {
    clock = START;
    const { family, childIds } = await familyWithChildren(
      t.app,
      t.ctx.db,
      'carter@example.com',
      ['Maisie', 'Alfie'],
      clock,
    );
    const answer = await joined(family, { planId: 'monthly-play-pass', childIds: [childIds[0]] });
    expect(answer).toMatchObject({ amount: 2499, period: 'monthly', subscription: false });
    expect(answer.memberNumber).toMatch(/^M\d+$/);
    const m = await membershipRow(t.ctx.db, answer.membershipId);
    expect(m).toMatchObject({ status: 'active', periodsPaid: 1, pricePence: 2499 });
    expect(m.currentPeriodEnd!.toISOString()).toBe('2026-07-31T23:00:00.000Z'); // 00:00 BST on 1 August
    expect(await mailsTo(t.ctx.db, 'carter@example.com', 'membership-welcome')).toHaveLength(1);
    // The welcome mail carries the member card: the same token as My Bookings' QR, never in the text.
    const [welcome] = await t.ctx.db.select().from(outbox).where(eq(outbox.template, 'membership-welcome'));
    const card = await qrTextOfPng(Buffer.from(welcome!.attachments[0]!.content, 'base64'));
    expect(card).toMatch(/^MC-/);
    expect(welcome!.html).toContain('src="cid:member-card"');
    expect(welcome!.text).not.toContain(card);

    const list = (await family('GET', '/api/family/memberships')).json() as FamilyMembershipsResponse;
    expect(await qrTextOfPng(Buffer.from(list.memberships[0]!.cardQr!.split(',')[1]!, 'base64'))).toBe(card);
    expect(list.memberships).toEqual([
      expect.objectContaining({
        id: answer.membershipId,
        status: 'active',
        children: [{ id: childIds[0], firstName: 'Maisie' }],
      }),
    ]);

    // Nothing is due before the period ends.
    clock = minutesAfter(m.currentPeriodEnd!, -1);
    expect(await renew()).toMatchObject({ renewed: 0, failed: 0 });
    for (const month of [2, 3, 4]) {
      const before = await membershipRow(t.ctx.db, answer.membershipId);
      clock = minutesAfter(before.currentPeriodEnd!, 5);
      // Two runs at once (as two server processes would): the period is charged once.
      const [a, b] = await Promise.all([renew(), renew()]);
      expect([a.renewed + b.renewed, a.failed + b.failed]).toEqual([1, 0]);
      expect(await renew()).toMatchObject({ renewed: 0, failed: 0 }); // and again later: still once
      const after = await membershipRow(t.ctx.db, answer.membershipId);
      expect(after).toMatchObject({ status: 'active', periodsPaid: month });
      expect(after.currentPeriodStart).toEqual(before.currentPeriodEnd);
    }
    expect((await membershipRow(t.ctx.db, answer.membershipId)).currentPeriodEnd!.toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    const paid = await membershipPayments(t.ctx.db, answer.membershipId);
    expect(paid.map((p) => [p.purpose, p.membershipPeriod, p.status, p.amountPence])).toEqual([
      ['membership', 1, 'succeeded', 2499],
      ['membership_renewal', 2, 'succeeded', 2499],
      ['membership_renewal', 3, 'succeeded', 2499],
      ['membership_renewal', 4, 'succeeded', 2499],
    ]);
  });

  it('retries a failed renewal 3 times over 7 days, mailing each time, then pauses', async () => {
    clock = START;
    const email = 'declines@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Ruby'], clock);
    // Stripe's test card 0341: it pays the first month, then every later charge declines.
    const { membershipId } = await joined(family, { planId: 'monthly-play-pass', childIds }, '4000000000000341');
    const periodEnd = (await membershipRow(t.ctx.db, membershipId)).currentPeriodEnd!;

    const tries = [0, 1, 3, 7];
    for (const [i, day] of tries.entries()) {
      clock = minutesAfter(daysAfter(periodEnd, day), 1);
      expect((await renew()).failed, `try ${i + 1}`).toBe(1);
      expect((await renew()).failed, `try ${i + 1} again`).toBe(0);
      const m = await membershipRow(t.ctx.db, membershipId);
      expect(m.status).toBe(i === tries.length - 1 ? 'paused' : 'past_due');
      expect(await mailsTo(t.ctx.db, email, 'membership-renewal-failed')).toHaveLength(i + 1);
    }
    const mails = await mailsTo(t.ctx.db, email, 'membership-renewal-failed');
    expect(mails[0]!.text).toContain('We will try again on');
    expect(mails[0]!.text).toContain(`/my-bookings?membership=${membershipId}`);
    expect(mails[3]!.text).toContain('your membership is paused');
    clock = daysAfter(periodEnd, 30);
    expect(await renew()).toMatchObject({ renewed: 0, failed: 0 });
    const [, renewal] = await membershipPayments(t.ctx.db, membershipId);
    expect(renewal).toMatchObject({ membershipPeriod: 2, status: 'failed' });
    expect((await membershipRow(t.ctx.db, membershipId)).periodsPaid).toBe(1);
  });

  it('refuses a child not on the profile, another family, too many children and a plan not on sale: nothing written', async () => {
    clock = START;
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'smith@example.com', ['Ada', 'Ben'], clock);
    const other = await familyWithChildren(t.app, t.ctx.db, 'jones@example.com', ['Cy'], clock);
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const cases: [unknown, number, string][] = [
      [{ planId: 'monthly-play-pass', childIds: other.childIds }, 404, 'not_found'],
      [{ planId: 'monthly-play-pass', childIds: ['00000000-0000-4000-8000-000000000000'] }, 404, 'not_found'],
      [{ planId: 'annual-family-pass', childIds: [childIds[0], other.childIds[0]] }, 404, 'not_found'],
      [{ planId: 'monthly-play-pass', childIds }, 400, 'invalid_input'],
      [{ planId: 'no-such-plan', childIds: [childIds[0]] }, 400, 'plan_not_on_sale'],
      [{ planId: 'monthly-play-pass', childIds: [] }, 400, 'invalid_input'],
      [{ planId: 'monthly-play-pass', childIds: [childIds[0], childIds[0]] }, 400, 'invalid_input'],
      [{ planId: 'monthly-play-pass', childIds: ['not-a-uuid'] }, 400, 'invalid_input'],
      ['nonsense', 400, 'invalid_input'],
    ];
    for (const [body, status, code] of cases) {
      const res = await join(family, body);
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const anon = await t.anon('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds: [childIds[0]] });
    expect([anon.statusCode, anon.json().error.code]).toEqual([401, 'family_session_required']);
    expect(await counts()).toEqual(before);
  });

  it("keeps another family's membership from view and from cancelling: 404", async () => {
    clock = START;
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'owner@example.com', ['Dot'], clock);
    const { membershipId } = await joined(family, { planId: 'monthly-play-pass', childIds });
    const stranger = (await familyWithChildren(t.app, t.ctx.db, 'stranger@example.com', ['Eve'], clock)).family;
    expect(
      ((await stranger('GET', '/api/family/memberships')).json() as FamilyMembershipsResponse).memberships,
    ).toEqual([]);
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    for (const mode of ['end_of_period', 'cooling_off']) {
      const res = await stranger('POST', `/api/family/memberships/${membershipId}/cancel`, { mode });
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
    }
    expect((await t.anon('POST', `/api/family/memberships/${membershipId}/cancel`, {})).statusCode).toBe(401);
    expect((await t.anon('GET', '/api/family/memberships')).statusCode).toBe(401);
    expect((await family('POST', '/api/family/memberships/not-an-id/cancel', {})).statusCode).toBe(400);
    expect((await family('POST', `/api/family/memberships/${membershipId}/cancel`, { mode: 'now' })).statusCode).toBe(
      400,
    );
    expect(await counts()).toEqual(before);
    expect((await membershipRow(t.ctx.db, membershipId)).status).toBe('active');
  });

  it('cancels in the cooling-off period with a refund of the first payment; later, to the end of the period', async () => {
    clock = START;
    const email = 'changed-mind@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Fay', 'Gus'], clock);
    const annual = await joined(family, { planId: 'annual-family-pass', childIds });
    // A child already covered cannot join a second plan.
    const twice = await join(family, { planId: 'monthly-play-pass', childIds: [childIds[0]] });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'already_member']);

    clock = daysAfter(START, 13);
    const res = await family('POST', `/api/family/memberships/${annual.membershipId}/cancel`, { mode: 'cooling_off' });
    expect(res.statusCode, res.body).toBe(200);
    // Visits are not counted yet (bookings do not name a membership's children): the whole payment goes back.
    expect(res.json()).toMatchObject({ refundPence: 19900, membership: { status: 'ended' } });
    const [first] = await membershipPayments(t.ctx.db, annual.membershipId);
    expect(first).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundPence: 19900 });
    const [ledger] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, first!.providerPaymentId!));
    expect(ledger!.refundedPence).toBe(19900);
    expect(await mailsTo(t.ctx.db, email, 'membership-cooling-off')).toHaveLength(1);
    const again = await family('POST', `/api/family/memberships/${annual.membershipId}/cancel`, {
      mode: 'cooling_off',
    });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'membership_state']);

    // A monthly one, 15 days on: no cooling-off, but it stops renewing and runs to the period's end.
    clock = START;
    const monthly = await joined(family, { planId: 'monthly-play-pass', childIds: [childIds[0]] });
    clock = daysAfter(START, 15);
    const late = await family('POST', `/api/family/memberships/${monthly.membershipId}/cancel`, {
      mode: 'cooling_off',
    });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'cooling_off_over']);
    const ends = await family('POST', `/api/family/memberships/${monthly.membershipId}/cancel`, {});
    expect(ends.json()).toMatchObject({ refundPence: 0, membership: { status: 'cancelled', cancelAtPeriodEnd: true } });
    const [mail] = await mailsTo(t.ctx.db, email, 'membership-cancelled');
    // The last day it covers (shared/memberships.ts lastDayPaid), not the day after it.
    expect(mail!.text).toContain('until Friday 31 July 2026, its last day');
    clock = daysAfter(START, 31);
    expect((await renew()).ended).toBe(1); // (other tests' memberships renew meanwhile: one app for the file)
    expect((await membershipRow(t.ctx.db, monthly.membershipId)).status).toBe('ended');
    expect(await membershipPayments(t.ctx.db, monthly.membershipId)).toHaveLength(1);
  });
});

describe.each(testDbKinds)('membership takings on the Overview (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => START });

  it('counts a membership payment on the day paid, less a cooling-off refund, and earns a member points once', async () => {
    const memberId = await seedMember(t.ctx.db, 'takings@example.com', 0);
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'takings@example.com', ['Nia'], START);
    const res = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    const { clientSecret } = res.json() as JoinMembershipResponse;
    await payByTestCard(t.app, clientSecret);
    await payByTestCard(t.app, clientSecret); // a repeated report earns nothing more
    const earned = await t.ctx.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, memberId));
    expect(earned.map((e) => [e.kind, e.points])).toEqual([['earn', 24]]);
    expect(earned[0]!.paymentId).toBeTruthy();
    const today = async () => {
      const { kept, counted } = await keptAndCounted(t.ctx.db);
      expect(kept).toEqual(counted);
      return kept.find((d) => d.day === '2026-07-01')?.memberships ?? 0;
    };
    expect(await today()).toBe(2499);
    const { membershipId } = res.json() as JoinMembershipResponse;
    await family('POST', `/api/family/memberships/${membershipId}/cancel`, { mode: 'cooling_off' });
    expect(await today()).toBe(0);
    // The refund takes back what the payment earned.
    const after = await t.ctx.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, memberId));
    expect(after.map((e) => [e.kind, e.points])).toEqual([
      ['earn', 24],
      ['reverse', -24],
    ]);
  });
});
