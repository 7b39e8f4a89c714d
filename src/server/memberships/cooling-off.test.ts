import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../shared/contracts/booking';
import type {
  CancelMembershipResponse,
  CoolingOffPreview,
  JoinMembershipResponse,
} from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp, type Req } from '../catalogue/testing/admin-fixtures';
import { rowsOf } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { testDbKinds } from '../testing/test-database';
import { visitsThisPeriod } from './member-cover';
import { familyWithChildren, mailsTo, membershipPayments, payByTestCard } from './testing/membership-fixtures';

// Wednesday 1 July 2026, 09:00 in London: every family joins then; the clock moves on within the 14 days.
const NOW = new Date('2026-07-01T08:00:00Z');
const at = (iso: string) => new Date(iso);

/**
 * Issue 46, "Memberships keep their money straight": what a membership paid for is kept on the booking; a child
 * it covers stays on the profile; the cooling-off refund takes off only that membership's visits made, and the
 * family chooses what becomes of the visits booked ahead; free grown-ups are 2 a booking.
 */
describe.each(testDbKinds)('the cooling-off refund counts what the membership paid for (%s)', (kind) => {
  let clock = NOW;
  const t = useAdminApp(kind, { now: () => clock });

  type Family = { email: string; family: Req; cookie: string; childIds: string[] };
  const familyOf = async (email: string, names: string[]): Promise<Family> => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, names, NOW);
    return { email, family, childIds, cookie: await familyCookieFor(t.ctx.db, email, NOW) };
  };
  const join = async (f: Family, planId: string, childIds: string[]) => {
    const joined = await f.family('POST', '/api/memberships', { planId, childIds });
    expect(joined.statusCode, joined.body).toBe(201);
    const answer = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
    return answer.membershipId;
  };
  const book = async (
    f: Family,
    date: string,
    childIds: string[],
    ticketQuantities: Record<string, number>,
    totalAmount: number,
  ) => {
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: f.email,
        selectedDate: date,
        selectedTime: 'midday',
        ticketQuantities,
        totalAmount,
        childIds,
      }),
      f.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as CreateBookingResponse;
    if (booked.clientSecret)
      expect((await payByTestCard(t.app, booked.clientSecret)).json()).toEqual({ status: 'succeeded' });
    return booked;
  };
  const profileWithout = async (f: Family, removed: string) => {
    const profile = (await f.family('GET', '/api/family/profile')).json() as {
      version: number;
      adults: unknown[];
      children: { id: string; firstName: string; dateOfBirth: string }[];
      birthdayReminders: boolean;
    };
    return f.family('PUT', '/api/family/profile', {
      ...profile,
      children: profile.children.filter((c) => c.id !== removed),
    });
  };
  const statusOf = async (bookingId: string) =>
    rowsOf<{ status: string }>(
      await t.ctx.db.execute(sql`select status from bookings where id = ${bookingId}::uuid`),
    )[0]!.status;

  it('ten visits on the Annual Family Pass: the child cannot be removed, and the refund is £199 less those visits', async () => {
    clock = NOW;
    const f = await familyOf('ava@example.com', ['Mia', 'Leo']);
    const [mia, leo] = f.childIds as [string, string];
    const id = await join(f, 'annual-family-pass', [mia]);
    let worth = 0;
    for (let day = 2; day <= 11; day++) {
      const booked = await book(f, `2026-07-${String(day).padStart(2, '0')}`, [mia], { 'child-1-12': 1 }, 0);
      expect(booked).toMatchObject({ finalAmount: 0 });
      worth += booked.membershipCover;
    }
    expect(worth).toBeGreaterThanOrEqual(10 * 950);
    // Leo, who has no membership, is booked for a visit still to come.
    await book(f, '2026-07-20', [leo], { 'child-1-12': 1 }, 950);
    clock = at('2026-07-12T09:00:00Z'); // Sunday 12 July: the ten visits are made; still in the 14 days

    const refused = await profileWithout(f, mia);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'child_in_use' });
    expect(refused.json().error.message).toMatch(/^Mia is covered by membership M\d+/);
    const leoRefused = await profileWithout(f, leo);
    expect(leoRefused.statusCode).toBe(409);
    expect(leoRefused.json().error.message).toMatch(/^Leo is named on your booking on Monday 20 July/);
    // Nothing was saved: both children are still there.
    const kept = (await f.family('GET', '/api/family/profile')).json() as { children: unknown[] };
    expect(kept.children).toHaveLength(2);

    const preview = (await f.family('GET', `/api/family/memberships/${id}/cooling-off`)).json() as CoolingOffPreview;
    expect(preview).toMatchObject({
      paidPence: 19900,
      made: { visits: 10, valuePence: worth },
      future: [],
      refundPence: { ifCancelled: 19900 - worth, ifKept: 19900 - worth },
    });
    const cancelled = await f.family('POST', `/api/family/memberships/${id}/cancel`, { mode: 'cooling_off' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as CancelMembershipResponse).refundPence).toBe(19900 - worth);
    expect((await membershipPayments(t.ctx.db, id))[0]).toMatchObject({ refundPence: 19900 - worth });
    // Ended, the membership no longer holds Mia; the visits it paid for stay on the bookings.
    expect((await profileWithout(f, mia)).statusCode).toBe(200);
    const history = rowsOf<{ visits: number; value: number }>(
      await t.ctx.db.execute(
        sql`select sum(visits)::int as visits, sum(value_pence)::int as value from booking_membership_cover where membership_id = ${id}::uuid`,
      ),
    );
    expect(history).toEqual([{ visits: 10, value: worth }]);
  });

  it("shows the preview to its own family only: another family's session 404, no session 401", async () => {
    const f = await familyOf('preview.owner@example.com', ['Ava']);
    const id = await join(f, 'annual-family-pass', [f.childIds[0]!]);
    expect((await f.family('GET', `/api/family/memberships/${id}/cooling-off`)).statusCode).toBe(200);
    const stranger = await familyOf('preview.stranger@example.com', ['Bo']);
    const theirs = await stranger.family('GET', `/api/family/memberships/${id}/cooling-off`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('preview.owner');
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/family/memberships/${id}/cooling-off` });
    expect(signedOut.statusCode).toBe(401);
  });

  it("keeps two memberships' visits apart on one booking", async () => {
    clock = NOW;
    const f = await familyOf('two@example.com', ['Ada', 'Ben']);
    const [ada, ben] = f.childIds as [string, string];
    const monthly = await join(f, 'monthly-play-pass', [ada]);
    const annual = await join(f, 'annual-family-pass', [ben]);
    // Tuesday 7 July (off-peak): Ada on the monthly pass, Ben and two grown-ups on the annual one.
    const booked = await book(f, '2026-07-07', [ada, ben], { 'child-1-12': 2, adult: 2 }, 0);
    expect(booked).toMatchObject({ membershipCover: 2 * 950 + 2 * 200, finalAmount: 0 });
    clock = at('2026-07-07T12:30:00Z'); // 13:30: the midday visit has started

    const cancelled = await f.family('POST', `/api/family/memberships/${monthly}/cancel`, { mode: 'cooling_off' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as CancelMembershipResponse).refundPence).toBe(2499 - 950);
    const annualPreview = (await f.family('GET', `/api/family/memberships/${annual}/cooling-off`)).json();
    expect(annualPreview).toMatchObject({ made: { visits: 1, valuePence: 950 + 400 }, future: [] });
    // What staff see on the Members tab: each its own visit.
    const visits = await visitsThisPeriod(t.ctx.db, [monthly, annual]);
    expect([visits.get(monthly), visits.get(annual)]).toEqual([1, 1]);
  });

  it('lets in at most 2 free grown-ups a booking, however many memberships say adults are free', async () => {
    clock = NOW;
    const f = await familyOf('cap@example.com', ['Cal', 'Dot']);
    const [cal, dot] = f.childIds as [string, string];
    const first = await join(f, 'annual-family-pass', [cal]);
    const second = await join(f, 'annual-family-pass', [dot]);
    const booked = await book(f, '2026-07-08', [cal, dot], { 'child-1-12': 2, adult: 4 }, 2 * 200);
    expect(booked).toMatchObject({ membershipCover: 2 * 950 + 2 * 200, finalAmount: 2 * 200 });
    const rows = rowsOf<{ membership_id: string; visits: number; value_pence: number }>(
      await t.ctx.db.execute(
        sql`select membership_id::text, visits, value_pence from booking_membership_cover where booking_id = ${booked.bookingId}::uuid`,
      ),
    );
    expect(rows.map((r) => r.visits)).toEqual([1, 1]);
    expect(rows.reduce((n, r) => n + r.value_pence, 0)).toBe(2 * 950 + 2 * 200);
    expect(rows.map((r) => r.membership_id).sort()).toEqual([first, second].sort());
  });

  describe.each(['cancel', 'keep'] as const)(
    'the visits booked ahead, when the family chooses to %s them',
    (choice) => {
      it('shows them first, then does what was chosen', async () => {
        clock = NOW;
        const f = await familyOf(`ahead-${choice}@example.com`, ['Eve', 'Fin']);
        const [eve, fin] = f.childIds as [string, string];
        const id = await join(f, 'annual-family-pass', [eve]);
        const made = await book(f, '2026-07-02', [eve], { 'child-1-12': 1 }, 0);
        // Ahead: Eve (covered) and Fin (paid, £9.50).
        const ahead = await book(f, '2026-07-09', [eve, fin], { 'child-1-12': 2 }, 950);
        clock = at('2026-07-03T09:00:00Z');

        const preview = (
          await f.family('GET', `/api/family/memberships/${id}/cooling-off`)
        ).json() as CoolingOffPreview;
        expect(preview).toMatchObject({
          paidPence: 19900,
          made: { visits: 1, valuePence: made.membershipCover },
          future: [{ visitDate: '2026-07-09', visits: 1, valuePence: ahead.membershipCover }],
          refundPence: {
            ifCancelled: 19900 - made.membershipCover,
            ifKept: 19900 - made.membershipCover - ahead.membershipCover,
          },
        });
        const unchosen = await f.family('POST', `/api/family/memberships/${id}/cancel`, { mode: 'cooling_off' });
        expect([unchosen.statusCode, unchosen.json().error.code]).toEqual([400, 'invalid_input']);

        const res = await f.family('POST', `/api/family/memberships/${id}/cancel`, {
          mode: 'cooling_off',
          futureVisits: choice,
        });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as CancelMembershipResponse;
        const bookingPayment = rowsOf<{ refund_pence: number | null }>(
          await t.ctx.db.execute(sql`select refund_pence from payments where booking_id = ${ahead.bookingId}::uuid`),
        )[0]!;
        if (choice === 'cancel') {
          expect(answer.refundPence).toBe(preview.refundPence.ifCancelled);
          expect(await statusOf(ahead.bookingId)).toBe('cancelled');
          // Fin's place was paid: it goes back in full, and the family is told why.
          expect(bookingPayment.refund_pence).toBe(950);
          const mails = await t.ctx.db.execute(
            sql`select text from outbox where to_address = ${f.email} and text like '%in its first 14 days%'`,
          );
          expect(rowsOf(mails)).toHaveLength(1);
        } else {
          expect(answer.refundPence).toBe(preview.refundPence.ifKept);
          expect(await statusOf(ahead.bookingId)).toBe('confirmed');
          expect(bookingPayment.refund_pence ?? 0).toBe(0);
          const [mail] = await mailsTo(t.ctx.db, f.email, 'membership-cooling-off');
          expect(mail!.text).toContain('booked ahead that you kept');
        }
      });
    },
  );
});
