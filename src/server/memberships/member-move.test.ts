import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../shared/contracts/booking';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { rowsOf } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { testDbKinds } from '../testing/test-database';
import { familyWithChildren, payByTestCard } from './testing/membership-fixtures';

// Wednesday 1 July 2026, 09:00 in London. 7 and 8 July are off-peak (term-time) weekdays, Saturday 11 July peak.
const NOW = new Date('2026-07-01T08:00:00Z');
const TUESDAY = '2026-07-07';
const WEDNESDAY = '2026-07-08';
const SATURDAY = '2026-07-11';

/** Issue 46 "Staff moves keep the rules": a covered booking moved by staff has its membership's cover checked again. */
describe.each(testDbKinds)('staff move a booking a membership pays for (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });

  async function memberBooking(email: string, date: string) {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Rosie'], NOW);
    const joined = (
      await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds })
    ).json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, joined.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const cookie = await familyCookieFor(t.ctx.db, email, NOW);
    const book = async (day: string, totalAmount = 0) => {
      const res = await postJson(
        t.app,
        '/api/create-booking-payment',
        bookingPayload({
          customerEmail: email,
          selectedDate: day,
          selectedTime: 'midday',
          ticketQuantities: { 'child-1-12': 1 },
          totalAmount,
          childIds,
        }),
        cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as CreateBookingResponse;
    };
    const booked = await book(date);
    expect(booked).toMatchObject({ membershipCover: 950, finalAmount: 0 });
    return { bookingId: booked.bookingId, membershipId: joined.membershipId, book };
  }
  const bookingOf = async (id: string) =>
    rowsOf<{
      visit_date: string;
      membership_cover_pence: number;
      original_pence: number;
      due_pence: number;
      membership_id: string | null;
    }>(
      await t.ctx.db.execute(sql`select to_char(b.visit_date, 'YYYY-MM-DD') as visit_date, b.membership_cover_pence,
          b.original_pence, b.due_pence, bc.membership_id::text
        from bookings b join booking_children bc on bc.booking_id = b.id where b.id = ${id}::uuid`),
    )[0]!;
  const move = (id: string, body: Record<string, unknown>) =>
    t.staff('POST', `/api/admin/bookings/${id}/move`, { sessionId: 'midday', ...body });

  it('moves an off-peak pass to another off-peak day with its cover, as before', async () => {
    const { bookingId, membershipId } = await memberBooking('offpeak@example.com', TUESDAY);
    const res = await move(bookingId, { visitDate: WEDNESDAY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'moved', duePence: 0 });
    expect(await bookingOf(bookingId)).toEqual({
      visit_date: WEDNESDAY,
      membership_cover_pence: 950,
      original_pence: 950,
      due_pence: 0,
      membership_id: membershipId,
    });
  });

  it('to a peak day the pass does not cover: 409 with the difference; confirmed, the booking owes it', async () => {
    const { bookingId } = await memberBooking('peak@example.com', TUESDAY);
    const refused = await move(bookingId, { visitDate: SATURDAY });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'price_changed', current: { differencePence: 950 } });
    expect(refused.json().error.message).toContain('£9.50 more');
    expect((await bookingOf(bookingId)).visit_date).toBe(TUESDAY);
    // Another amount than the one shown is refused again (the difference may have changed meanwhile).
    expect((await move(bookingId, { visitDate: SATURDAY, confirmDifferencePence: 100 })).statusCode).toBe(409);

    const confirmed = await move(bookingId, { visitDate: SATURDAY, confirmDifferencePence: 950 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'moved', visitDate: SATURDAY, duePence: 950 });
    expect(await bookingOf(bookingId)).toEqual({
      visit_date: SATURDAY,
      membership_cover_pence: 0,
      original_pence: 950,
      due_pence: 950,
      membership_id: null,
    });
  });

  it("to a day the child's visit is already used: the difference, not a second free visit", async () => {
    const { bookingId, book } = await memberBooking('twice@example.com', TUESDAY);
    await book(WEDNESDAY);
    const refused = await move(bookingId, { visitDate: WEDNESDAY });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.current).toEqual({ differencePence: 950 });
    // Another session the same day is the same visit: it keeps its cover.
    const sameDay = await move(bookingId, { visitDate: TUESDAY, sessionId: 'afternoon' });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
    expect(sameDay.json()).toMatchObject({ duePence: 0 });
  });
});
