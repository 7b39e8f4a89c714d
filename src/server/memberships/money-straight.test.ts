import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { requestAs, useAdminApp, type Req } from '../catalogue/testing/admin-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { payments } from '../db/schema';
import { paymentDeps } from '../payments/payment-deps';
import { testDbKinds } from '../testing/test-database';
import { runMembershipRenewals } from './renew-memberships';
import {
  familyWithChildren,
  mailsTo,
  membershipPayments,
  membershipRow,
  payByTestCard,
} from './testing/membership-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const START = new Date('2026-07-01T08:00:00Z');
const minutesAfter = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);
const daysAfter = (at: Date, d: number) => minutesAfter(at, d * 1440);

/**
 * Issue 46 (DECISIONS.md "Memberships keep their money straight"), in TEST MODE on the movable clock: one
 * membership per child whatever the timing, money for a membership that cannot start refunded in full with a
 * mail, an admin's pause that the family cannot undo and that takes no money, and a paused membership that is
 * not paid within 60 days ended.
 */
describe.each(testDbKinds)('memberships keep their money straight (%s)', (kind) => {
  let clock = START;
  const t = useAdminApp(kind, { now: () => clock });
  const renew = () => runMembershipRenewals({ ...paymentDeps(t.ctx), now: clock });
  /** An admin signed in now (the clock moves days on: an older session has expired). */
  const admin = async () => requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
  const join = async (family: Req, childIds: string[], planId = 'monthly-play-pass') => {
    const res = await family('POST', '/api/memberships', { planId, childIds });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as JoinMembershipResponse;
  };
  const firstPayment = async (membershipId: string) => (await membershipPayments(t.ctx.db, membershipId))[0]!;
  const periodPayments = async (membershipId: string, period: number) =>
    t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.membershipId, membershipId), eq(payments.membershipPeriod, period)));

  it('holds the child while a join waits for its payment; the expired join paid late after another started is refunded in full, with a mail', async () => {
    clock = START;
    const email = 'two-tabs@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Ada'], clock);
    const first = await join(family, childIds);
    // The first join's card form is still open: the child is taken.
    const second = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    expect([second.statusCode, second.json().error.code]).toEqual([409, 'already_member']);
    const annual = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
    expect(annual.statusCode).toBe(409);

    // 15 minutes later the join expires unpaid: the child is free again.
    clock = minutesAfter(START, 16);
    expect((await renew()).joinsExpired).toBeGreaterThanOrEqual(1);
    expect(await membershipRow(t.ctx.db, first.membershipId)).toMatchObject({
      status: 'ended',
      statusReason: 'expired',
    });
    const winner = await join(family, childIds);
    expect((await payByTestCard(t.app, winner.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await membershipRow(t.ctx.db, winner.membershipId)).status).toBe('active');

    // The first tab is paid after all: its child is covered by the other membership, so all of it goes back.
    const late = await payByTestCard(t.app, first.clientSecret);
    expect(late.json()).toMatchObject({ status: 'failed', message: expect.stringContaining('refunded in full') });
    expect(await membershipRow(t.ctx.db, first.membershipId)).toMatchObject({
      status: 'ended',
      periodsPaid: 0,
      statusReason: `child_covered: ${winner.memberNumber}`,
    });
    expect(await firstPayment(first.membershipId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundPence: 2499,
      refundReason: 'late_payment',
    });
    const [mail] = await mailsTo(t.ctx.db, email, 'membership-payment-refunded');
    expect(mail!.text).toContain('£24.99');
    expect(mail!.text).toContain(`covered by another membership (${winner.memberNumber})`);
    expect(await mailsTo(t.ctx.db, email, 'membership-welcome')).toHaveLength(1);
  });

  it('starts a join paid after its 15 minutes when its child is still free', async () => {
    clock = START;
    const email = 'slow-typist@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Bo'], clock);
    const joined = await join(family, childIds);
    clock = minutesAfter(START, 20);
    await renew();
    expect((await membershipRow(t.ctx.db, joined.membershipId)).statusReason).toBe('expired');
    expect((await payByTestCard(t.app, joined.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'active',
      statusReason: null,
      endedAt: null,
      periodsPaid: 1,
    });
  });

  it('refunds in full, with a mail, a join paid after an admin ended it', async () => {
    clock = START;
    const email = 'ended-first@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Cy'], clock);
    const joined = await join(family, childIds, 'annual-family-pass');
    const ended = await (
      await admin()
    )('POST', `/api/admin/memberships/${joined.membershipId}/end`, {
      reason: 'Duplicate sign-up',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const paid = await payByTestCard(t.app, joined.clientSecret);
    expect(paid.json()).toMatchObject({ status: 'failed' });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({ status: 'ended', periodsPaid: 0 });
    expect(await firstPayment(joined.membershipId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundPence: 19900,
    });
    const [mail] = await mailsTo(t.ctx.db, email, 'membership-payment-refunded');
    expect(mail!.text).toContain('£199.00');
    expect(mail!.text).toContain('The venue had ended it before the payment reached us (Duplicate sign-up)');
    expect(await mailsTo(t.ctx.db, email, 'membership-welcome')).toHaveLength(0);
  });

  it('keeps an admin’s pause: the family cannot cancel it, no renewal is charged, and the resume charges nothing', async () => {
    clock = START;
    const email = 'paused-by-venue@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Di'], clock);
    const joined = await join(family, childIds);
    await payByTestCard(t.app, joined.clientSecret);
    const url = `/api/admin/memberships/${joined.membershipId}`;

    clock = daysAfter(START, 10);
    expect((await (await admin())('POST', `${url}/pause`, { reason: 'Card dispute' })).statusCode).toBe(200);
    const cancel = await family('POST', `/api/family/memberships/${joined.membershipId}/cancel`, {
      mode: 'end_of_period',
    });
    expect([cancel.statusCode, cancel.json().error.code]).toEqual([409, 'membership_state']);
    expect(cancel.json().error.message).toContain('call us');
    const paused = await membershipRow(t.ctx.db, joined.membershipId);
    expect(paused).toMatchObject({ status: 'paused', statusReason: 'admin: Card dispute', cancelAtPeriodEnd: false });

    // Past the period's end, and the retries' days: nothing is charged while paused.
    for (const day of [0, 1, 3, 7]) {
      clock = minutesAfter(daysAfter(paused.currentPeriodEnd!, day), 5);
      await renew();
    }
    expect(await periodPayments(joined.membershipId, 2)).toEqual([]);

    // Resumed 40 days after the pause: the 21 paid days it had left are given back from now; nothing charged.
    clock = daysAfter(START, 50);
    expect((await (await admin())('POST', `${url}/resume`, { reason: 'Sorted' })).statusCode).toBe(200);
    const resumed = await membershipRow(t.ctx.db, joined.membershipId);
    expect(resumed.status).toBe('active');
    expect(resumed.currentPeriodEnd!.getTime()).toBe(
      clock.getTime() + (paused.currentPeriodEnd!.getTime() - paused.pausedAt!.getTime()),
    );
    await renew();
    expect(await periodPayments(joined.membershipId, 2)).toEqual([]);
    // The next renewal comes when the period given back ends, on its usual terms.
    clock = minutesAfter(resumed.currentPeriodEnd!, 1);
    await renew();
    expect(await periodPayments(joined.membershipId, 2)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('resumes an admin’s pause of an overdue membership as payment due: the family pays, the card is not charged', async () => {
    clock = START;
    const email = 'overdue-pause@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Eli'], clock);
    const joined = await join(family, childIds);
    await payByTestCard(t.app, joined.clientSecret, '4000000000000341');
    const end = (await membershipRow(t.ctx.db, joined.membershipId)).currentPeriodEnd!;
    clock = minutesAfter(end, 1);
    expect(await renew()).toMatchObject({ failed: 1 });
    const url = `/api/admin/memberships/${joined.membershipId}`;
    expect((await (await admin())('POST', `${url}/pause`, { reason: 'Call the family' })).statusCode).toBe(200);
    clock = daysAfter(end, 20);
    expect((await (await admin())('POST', `${url}/resume`, { reason: 'Spoke to them' })).statusCode).toBe(200);
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'paused',
      statusReason: 'renewal_failed',
    });
    const tries = (await periodPayments(joined.membershipId, 2))[0]!;
    await renew();
    expect((await periodPayments(joined.membershipId, 2))[0]!.updatedAt).toEqual(tries.updatedAt);
    // A renewal-failed pause is the family's to pay, not the admin's to resume.
    const again = await (await admin())('POST', `${url}/resume`, { reason: 'again' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'membership_state']);
  });

  it('ends a membership paused for its unpaid renewal 60 days on, with a mail; not a day before', async () => {
    clock = START;
    const email = 'never-paid@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Fay'], clock);
    const joined = await join(family, childIds);
    await payByTestCard(t.app, joined.clientSecret, '4000000000000341');
    const end = (await membershipRow(t.ctx.db, joined.membershipId)).currentPeriodEnd!;
    for (const day of [0, 1, 3, 7]) {
      clock = minutesAfter(daysAfter(end, day), 1);
      await renew();
    }
    const paused = await membershipRow(t.ctx.db, joined.membershipId);
    expect(paused).toMatchObject({ status: 'paused', statusReason: 'renewal_failed' });
    expect(paused.pausedAt).toEqual(clock);

    clock = daysAfter(paused.pausedAt!, 59);
    await renew();
    expect((await membershipRow(t.ctx.db, joined.membershipId)).status).toBe('paused');
    clock = minutesAfter(daysAfter(paused.pausedAt!, 60), 1);
    expect((await renew()).unpaidEnded).toBeGreaterThanOrEqual(1);
    expect(await renew()).toMatchObject({ unpaidEnded: 0 });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'ended',
      statusReason: 'unpaid',
      endedAt: clock,
    });
    const mails = await mailsTo(t.ctx.db, email, 'membership-unpaid-ended');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('paused for 60 days');
  });
});
