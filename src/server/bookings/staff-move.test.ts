import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingManagerDetail } from '../../shared/contracts/booking-manager';
import { bookings } from '../db/schema';
import { book } from '../testing/dashboard-fixtures';
import { auditRows } from '../testing/staff-fixtures';
import { expectStaffOnly, movableClock, useStaffBookingApp } from './testing/staff-booking-fixtures';
import { testDbKinds } from '../testing/test-database';
import { mailsTo, taken } from './testing/booking-fixtures';

// Tuesday 21 October 2025, 10:00 in London: the afternoon session today is still bookable.
const clock = movableClock();

describe.each(testDbKinds)('staff booking manager: move to another session or date (%s)', (kind) => {
  const t = useStaffBookingApp(kind, clock.now);

  const move = (id: string, body: unknown) => t.req('POST', `/api/admin/bookings/${id}/move`, body);
  const row = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** Leaves exactly `room` places in one session of one date. */
  async function setRoom(date: string, sessionId: string, room: number) {
    await t.ctx.db.execute(sql`
      insert into session_occupancy (visit_date, session_id, capacity)
      select ${date}::date, id, capacity from session_times where id = ${sessionId} on conflict do nothing`);
    await t.ctx.db.execute(sql`
      update session_occupancy set capacity = taken + ${room}
      where visit_date = ${date}::date and session_id = ${sessionId}`);
  }
  /** What the kiosk's scan finds for a ticket token (as staff, who may use the kiosk's routes). */
  const scan = (token: string) => t.req('POST', '/api/check-in/find', { by: 'ticket', token });

  it('moves places, replaces the ticket (the old QR finds nothing), e-mails the new ticket, audits', async () => {
    const b = await book(t.app, { customerEmail: 'move@example.com' });
    const before = await row(b.bookingId);
    const oldFrom = await taken(t.ctx.db, '2025-10-22', 'morning');
    const oldTo = await taken(t.ctx.db, '2025-10-21', 'afternoon');
    clock.tick();
    const res = await move(b.bookingId, { visitDate: '2025-10-21', sessionId: 'afternoon', reason: 'Phoned' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'moved', visitDate: '2025-10-21', sessionId: 'afternoon', duePence: 0 });
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(oldFrom - 2);
    expect(await taken(t.ctx.db, '2025-10-21', 'afternoon')).toBe(oldTo + 2);
    const after = await row(b.bookingId);
    expect(after).toMatchObject({ visitDate: '2025-10-21', sessionId: 'afternoon', status: 'confirmed' });
    expect(after.ticketToken).not.toBe(before.ticketToken);
    // The old QR no longer names any booking; the new one is today's ticket.
    const old = await scan(before.ticketToken);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().tickets).toEqual([]);
    const fresh = await scan(after.ticketToken);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().tickets).toHaveLength(1);
    const mails = await mailsTo(t.ctx.db, 'move@example.com');
    expect(mails.map((m) => m.template)).toEqual(['booking-confirmation', 'booking-confirmation']);
    expect(mails[1]!.text).toContain('2:00 PM - 4:00 PM');
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([
      expect.objectContaining({
        actor: t.username,
        action: 'booking_moved',
        details: {
          from: { visitDate: '2025-10-22', sessionId: 'morning' },
          to: { visitDate: '2025-10-21', sessionId: 'afternoon' },
          reason: 'Phoned',
        },
      }),
    ]);
    const detail = (await t.req('GET', `/api/admin/bookings/${b.bookingId}`)).json() as {
      booking: BookingManagerDetail;
    };
    expect(detail.booking).toMatchObject({ visitDate: '2025-10-21', sessionLabel: '2:00 PM - 4:00 PM' });
  });

  it('a full target is refused (409 capacity_exhausted) and nothing changes', async () => {
    const b = await book(t.app, { customerEmail: 'full-target@example.com' });
    const before = await row(b.bookingId);
    await setRoom('2025-10-23', 'midday', 1); // two children need two places
    const fromTaken = await taken(t.ctx.db, '2025-10-22', 'morning');
    const toTaken = await taken(t.ctx.db, '2025-10-23', 'midday');
    const res = await move(b.bookingId, { visitDate: '2025-10-23', sessionId: 'midday' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'capacity_exhausted' });
    expect(await row(b.bookingId)).toEqual(before);
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(fromTaken);
    expect(await taken(t.ctx.db, '2025-10-23', 'midday')).toBe(toTaken);
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([]);
    expect(await mailsTo(t.ctx.db, 'full-target@example.com')).toHaveLength(1);
  });

  it('a different price there is refused (409 price_changed, saying the prices differ) and nothing changes', async () => {
    const b = await book(t.app, { customerEmail: 'price@example.com' });
    const before = await row(b.bookingId);
    const fromTaken = await taken(t.ctx.db, '2025-10-22', 'morning');
    const toTaken = await taken(t.ctx.db, '2025-10-24', 'morning');
    // The children's ticket now costs more than when the family paid.
    await t.ctx.db.execute(
      sql`update ticket_type_prices set price_pence = price_pence + 100 where ticket_type_id = 'child-1-12'`,
    );
    try {
      const res = await move(b.bookingId, { visitDate: '2025-10-24', sessionId: 'morning' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('price_changed');
      expect(res.json().error.message).toContain('The prices differ: these tickets cost £23.00');
      expect(res.json().error.message).toContain('not the £21.00 paid');
    } finally {
      await t.ctx.db.execute(
        sql`update ticket_type_prices set price_pence = price_pence - 100 where ticket_type_id = 'child-1-12'`,
      );
    }
    expect(await row(b.bookingId)).toEqual(before);
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(fromTaken);
    expect(await taken(t.ctx.db, '2025-10-24', 'morning')).toBe(toTaken);
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([]);
    expect(await mailsTo(t.ctx.db, 'price@example.com')).toHaveLength(1);
  });

  it('refuses an unpaid or cancelled booking, the same session, a date out of range, a blocked session', async () => {
    const unpaid = await book(t.app, { customerEmail: 'move-unpaid@example.com' }, { pay: false });
    const r1 = await move(unpaid.bookingId, { visitDate: '2025-10-23', sessionId: 'midday' });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error.code).toBe('not_confirmed');
    const c = await book(t.app, { customerEmail: 'move-cancelled@example.com' });
    expect(
      (await t.req('POST', `/api/admin/bookings/${c.bookingId}/cancel`, { reason: 'Ill', refund: 'none' })).statusCode,
    ).toBe(200);
    const r2 = await move(c.bookingId, { visitDate: '2025-10-23', sessionId: 'midday' });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().error.code).toBe('not_confirmed');

    const b = await book(t.app, { customerEmail: 'move-odd@example.com' });
    expect((await move(b.bookingId, { visitDate: '2025-10-22', sessionId: 'morning' })).json().error.code).toBe(
      'same_session',
    );
    expect((await move(b.bookingId, { visitDate: '2025-12-30', sessionId: 'morning' })).json().error.code).toBe(
      'date_out_of_range',
    );
    expect((await move(b.bookingId, { visitDate: '2025-10-20', sessionId: 'morning' })).json().error.code).toBe(
      'date_out_of_range',
    );
    // 13:00 in London: the morning session of today has ended.
    const closed = await clock.at('2025-10-21T12:00:00Z', () =>
      move(b.bookingId, { visitDate: '2025-10-21', sessionId: 'morning' }),
    );
    expect(closed.json().error.code).toBe('session_closed');
    expect((await move(b.bookingId, { visitDate: '2025-10-23', sessionId: 'nope' })).statusCode).toBe(400);
    await t.ctx.db.execute(
      sql`insert into session_restrictions (date, session_id, reason, created_by) values ('2025-10-27'::date, 'midday', 'Party', 'test')`,
    );
    expect((await move(b.bookingId, { visitDate: '2025-10-27', sessionId: 'midday' })).json().error.code).toBe(
      'session_unavailable',
    );
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([]);
    expect(
      (await move('00000000-0000-4000-8000-000000000000', { visitDate: '2025-10-23', sessionId: 'midday' })).statusCode,
    ).toBe(404);
  });

  it('is for staff only: 401 without a session, 403 for a kiosk device', async () => {
    const b = await book(t.app, { customerEmail: 'move-guard@example.com' });
    const url = `/api/admin/bookings/${b.bookingId}/move`;
    const body = { visitDate: '2025-10-23', sessionId: 'midday' };
    await expectStaffOnly(t, url, body);
    expect(await row(b.bookingId)).toMatchObject({ visitDate: '2025-10-22', sessionId: 'morning' });
  });

  it('two moves at once into a session with one place left: exactly one succeeds', async () => {
    const one = { ticketQuantities: { 'child-1-12': 1 }, totalAmount: 950 };
    const a = await book(t.app, { customerEmail: 'race-a@example.com', ...one });
    const b = await book(t.app, { customerEmail: 'race-b@example.com', ...one });
    await setRoom('2025-10-28', 'afternoon', 1);
    const toTaken = await taken(t.ctx.db, '2025-10-28', 'afternoon');
    const body = { visitDate: '2025-10-28', sessionId: 'afternoon' };
    const both = await Promise.all([move(a.bookingId, body), move(b.bookingId, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await taken(t.ctx.db, '2025-10-28', 'afternoon')).toBe(toTaken + 1);
    const rows = [await row(a.bookingId), await row(b.bookingId)];
    expect(rows.filter((r) => r.visitDate === '2025-10-28')).toHaveLength(1);
  });
});
