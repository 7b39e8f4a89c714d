import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../shared/contracts/booking';
import type { CancelMembershipResponse, JoinMembershipResponse } from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp, type Req } from '../catalogue/testing/admin-fixtures';
import { rowsOf } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { testDbKinds } from '../testing/test-database';
import { familyWithChildren, payByTestCard } from './testing/membership-fixtures';

// Wednesday 1 July 2026, 09:00 in London. Tuesday 7 July is an off-peak (term-time) weekday, Saturday 11 July peak.
const NOW = new Date('2026-07-01T08:00:00Z');
const TUESDAY = '2026-07-07';
const SATURDAY = '2026-07-11';

describe.each(testDbKinds)('a membership pays for the places it covers (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  let family: Req;
  let maisie: string;
  let alfie: string;
  let cookie: string;
  let membershipId: string;

  const book = (date: string, childIds: string[], quantities: Record<string, number>, totalAmount: number) =>
    postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: 'carter@example.com',
        selectedDate: date,
        selectedTime: 'midday',
        ticketQuantities: quantities,
        totalAmount,
        childIds,
      }),
      cookie,
    );
  const coveredOn = async (bookingId: string) =>
    rowsOf<{ child_id: string; membership_id: string | null }>(
      await t.ctx.db.execute(
        sql`select child_id::text, membership_id::text from booking_children where booking_id = ${bookingId}::uuid order by child_id`,
      ),
    );

  it('prices the member child at £0 on an off-peak Tuesday and the extra child at full price', async () => {
    ({
      family,
      childIds: [maisie, alfie],
    } = await familyWithChildren(t.app, t.ctx.db, 'carter@example.com', ['Maisie', 'Alfie'], NOW).then((f) => ({
      family: f.family,
      childIds: f.childIds as [string, string],
    })));
    cookie = await familyCookieFor(t.ctx.db, 'carter@example.com', NOW);
    const joined = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds: [maisie] });
    expect(joined.statusCode, joined.body).toBe(201);
    const answer = joined.json() as JoinMembershipResponse;
    membershipId = answer.membershipId;
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });

    // Maisie's place is the membership's; Alfie's (£9.50) and the adult's (£2.00) are paid.
    const res = await book(TUESDAY, [maisie, alfie], { 'child-1-12': 2, adult: 1 }, 950 + 200);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as CreateBookingResponse;
    expect(booked).toMatchObject({ originalAmount: 2 * 950 + 200, membershipCover: 950, finalAmount: 1150 });
    const named = await coveredOn(booked.bookingId);
    expect(named.find((n) => n.child_id === maisie)?.membership_id).toBe(membershipId);
    expect(named.find((n) => n.child_id === alfie)?.membership_id).toBeNull();
  });

  it('holds the plan to one visit a day: a second booking that day for the member child is paid', async () => {
    const again = await book(TUESDAY, [maisie], { 'child-1-12': 1 }, 0);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('total_mismatch');
    const paid = await book(TUESDAY, [maisie], { 'child-1-12': 1 }, 950);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ membershipCover: 0, finalAmount: 950 });
  });

  it('refuses an off-peak pass on a Saturday: the member child is priced like any other', async () => {
    const saturday = await book(SATURDAY, [maisie], { 'child-1-12': 1 }, 0);
    expect(saturday.json().error.code).toBe('total_mismatch');
    const prices = (await t.app.inject({ url: `/api/ticket-types?date=${SATURDAY}` })).json() as {
      ticketTypes: { id: string; price: number; fee: number }[];
    };
    const child = prices.ticketTypes.find((p) => p.id === 'child-1-12')!;
    const full = await book(SATURDAY, [maisie], { 'child-1-12': 1 }, child.price + child.fee);
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({ membershipCover: 0 });
  });

  it('a booking that names no children, or is made without the family session, uses no membership', async () => {
    const unnamed = await book('2026-07-08', [], { 'child-1-12': 1 }, 950);
    expect(unnamed.json()).toMatchObject({ membershipCover: 0, finalAmount: 950 });
    const stranger = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'carter@example.com', selectedDate: '2026-07-08', childIds: [maisie] }),
    );
    expect(stranger.statusCode).toBe(401);
  });

  it('takes the visits used off the cooling-off refund', async () => {
    // The Tuesday booking is paid, so the membership's visit on it counts.
    const [row] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(
        sql`select b.id::text from bookings b join booking_children bc on bc.booking_id = b.id where bc.membership_id = ${membershipId}::uuid`,
      ),
    );
    const payment = rowsOf<{ client_secret: string }>(
      await t.ctx.db.execute(sql`select client_secret from payments where booking_id = ${row!.id}::uuid`),
    );
    expect((await payByTestCard(t.app, payment[0]!.client_secret)).json()).toEqual({ status: 'succeeded' });
    // The visit is still to come: kept, it is paid for out of the refund (issue 46).
    const cancelled = await family('POST', `/api/family/memberships/${membershipId}/cancel`, {
      mode: 'cooling_off',
      futureVisits: 'keep',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as CancelMembershipResponse).refundPence).toBe(2499 - 950);
  });
});
