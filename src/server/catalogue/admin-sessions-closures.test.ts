import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { DateAvailability } from '../../shared/contracts/booking';
import type { ClosureResponse } from '../../shared/contracts/catalogue';
import { bookingPayload, mailsTo, oneChildBooking, postJson } from '../bookings/testing/booking-fixtures';
import { rowsOf } from '../db/client';
import { bookings, payments, sessionRestrictions } from '../db/schema';
import { book } from '../testing/dashboard-fixtures';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { useAdminApp } from './testing/admin-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');
const REASON = 'Closed for a burst pipe, sorry';

describe.each(testDbKinds)('editing sessions (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW, config: { AVAILABILITY_CACHE_MS: '0' } });
  const day = async (date: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/calendar/availability/${date}` })).json() as DateAvailability;

  it('refuses new times while bookings are sold for the session, naming how many and the first dates', async () => {
    await book(t.app, oneChildBooking('s1@example.com', '2026-07-08'));
    await book(t.app, oneChildBooking('s2@example.com', '2026-07-08'));
    // Held, not yet paid: its family will be sent the times too.
    await book(t.app, oneChildBooking('s3@example.com', '2026-07-10'), { pay: false });
    await book(t.app, oneChildBooking('s4@example.com', '2026-07-14'));
    await book(t.app, oneChildBooking('s5@example.com', '2026-07-21'));
    const counts = await rowCounter(t.ctx.db);
    const before = [await counts(), await t.catalogue()];
    const res = await t.admin('PATCH', '/api/admin/catalogue/sessions/midday', {
      start: '12:30',
      end: '14:30',
      capacity: 60,
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'sessions_in_use',
      message:
        '5 bookings are already sold for this session (first dates: 8 Jul 2026, 10 Jul 2026, 14 Jul 2026). Move or cancel them first, then change the times.',
    });
    expect([await counts(), await t.catalogue()]).toEqual(before);
  });

  // PGlite has one connection: nothing is in flight beside a transaction there.
  if (kind === 'postgres')
    it('waits for a booking in flight before deciding that none is sold', async () => {
      await book(t.app, oneChildBooking('race@example.com', '2026-07-22'));
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let wrote!: () => void;
      const written = new Promise<void>((r) => (wrote = r));
      // A booking taking its places: it has written session_occupancy and not yet committed.
      const inFlight = t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`update session_occupancy set taken = taken where visit_date = '2026-07-22'`);
        wrote();
        await released;
      });
      await written;
      const catalogue = await t.catalogue();
      const version = catalogue.sessions.find((s) => s.id === 'morning')!.version;
      let answered = false;
      const edit = (async () => {
        const res = await t.admin('PATCH', '/api/admin/catalogue/sessions/morning', {
          start: '09:45',
          end: '11:30',
          capacity: 60,
          version,
        });
        answered = true;
        return res;
      })();
      await new Promise((r) => setTimeout(r, 400));
      expect(answered).toBe(false);
      release();
      await inFlight;
      const res = await edit;
      expect(res.statusCode).toBe(200);
    });

  it('changes the default capacity at any time: dates already opened keep theirs', async () => {
    const res = await t.admin('PATCH', '/api/admin/catalogue/sessions/midday', {
      start: '12:00',
      end: '14:00',
      capacity: 40,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminCatalogue).sessions.find((s) => s.id === 'midday')).toMatchObject({
      capacity: 40,
      version: 2,
      label: '12:00 PM - 2:00 PM',
    });
    expect((await day('2026-07-08')).sessions.find((s) => s.id === 'midday')!.remaining).toBe(58);
    expect((await day('2026-07-09')).sessions.find((s) => s.id === 'midday')!.remaining).toBe(40);
    expect((await auditRows(t.ctx.db, 'midday')).at(-1)).toMatchObject({
      action: 'catalogue.session_edited',
      details: { before: { capacity: 60 }, after: { capacity: 40 } },
    });
  });

  it('changes the times of a session with no bookings, and its label with them', async () => {
    const res = await t.admin('PATCH', '/api/admin/catalogue/sessions/afternoon', {
      start: '14:30',
      end: '16:30',
      capacity: 60,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminCatalogue).sessions.find((s) => s.id === 'afternoon')).toMatchObject({
      start: '14:30',
      end: '16:30',
      label: '2:30 PM - 4:30 PM',
      version: 2,
    });
    const bad = await t.admin('PATCH', '/api/admin/catalogue/sessions/afternoon', {
      start: '16:30',
      end: '14:30',
      capacity: 60,
      version: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ end: ['The session must end after it starts'] });
  });
});

describe.each(testDbKinds)('closures and cancelling the bookings they affect (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW, config: { AVAILABILITY_CACHE_MS: '0' } });
  const days = async (from: string, to: string) =>
    (
      (await t.app.inject({ method: 'GET', url: `/api/calendar/availability?from=${from}&to=${to}` })).json() as {
        dates: DateAvailability[];
      }
    ).dates;
  const booked: Record<string, string> = {};

  it('closes whole days: unavailable with the reason, answering the paid bookings it affects', async () => {
    booked.midday = (await book(t.app, oneChildBooking('a@example.com', '2026-07-08'))).bookingId;
    booked.morning = (
      await book(t.app, bookingPayload({ customerEmail: 'b@example.com', selectedDate: '2026-07-08' }))
    ).bookingId;
    booked.held = (await book(t.app, oneChildBooking('c@example.com', '2026-07-09'), { pay: false })).bookingId;
    booked.later = (await book(t.app, oneChildBooking('d@example.com', '2026-07-10'))).bookingId;

    const res = await t.admin('POST', '/api/admin/catalogue/closures', {
      from: '2026-07-08',
      to: '2026-07-09',
      reason: REASON,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ClosureResponse;
    expect(body.closedDays).toBe(2);
    expect(body.affectedBookings).toEqual([
      expect.objectContaining({
        id: booked.morning,
        customerName: 'Jo Bloggs',
        visitDate: '2026-07-08',
        sessionLabel: '9:30 AM - 11:30 AM',
        paidPence: 2100,
      }),
      expect.objectContaining({
        id: booked.midday,
        visitDate: '2026-07-08',
        sessionLabel: '12:00 PM - 2:00 PM',
        paidPence: 950,
      }),
    ]);
    expect(body.affectedBookings[0]!.reference).toMatch(/\S/);
    for (const d of await days('2026-07-08', '2026-07-09')) {
      expect(d).toMatchObject({ available: false, restricted: true, closedReason: REASON });
      for (const s of d.sessions) expect(s).toMatchObject({ available: false, blocked: true, closedReason: REASON });
    }
    expect((await days('2026-07-10', '2026-07-10'))[0]!.available).toBe(true);
    const refused = await postJson(
      t.app,
      '/api/create-booking-payment',
      oneChildBooking('e@example.com', '2026-07-09'),
    );
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'session_unavailable']);
    const [audit] = (await auditRows(t.ctx.db)).filter((a) => a.action === 'catalogue.closure_created');
    expect(audit).toMatchObject({
      actor: t.adminName,
      details: {
        after: { from: '2026-07-08', to: '2026-07-09', reason: REASON, closedDates: ['2026-07-08', '2026-07-09'] },
      },
    });
  });

  it('closes one session, through the Booking Calendar’s blocks, skipping dates already closed', async () => {
    const res = await t.admin('POST', '/api/admin/catalogue/closures', {
      from: '2026-07-09',
      to: '2026-07-10',
      sessionId: 'midday',
      reason: 'Staff training',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      closedDays: 1,
      affectedBookings: [expect.objectContaining({ id: booked.later, sessionLabel: '12:00 PM - 2:00 PM' })],
    });
    const [d] = await days('2026-07-10', '2026-07-10');
    expect(d).toMatchObject({ available: true, restricted: true });
    expect(d!.sessions.map((s) => [s.id, s.blocked, s.closedReason ?? null])).toEqual([
      ['morning', false, null],
      ['midday', true, 'Staff training'],
      ['afternoon', false, null],
    ]);
    const list = await t.admin('GET', '/api/admin/session-restrictions');
    expect(
      list.json().restrictions.map((r: { date: string; sessionId: string | null }) => [r.date, r.sessionId]),
    ).toEqual([
      ['2026-07-08', null],
      ['2026-07-09', null],
      ['2026-07-10', 'midday'],
    ]);
    const again = await t.admin('POST', '/api/admin/catalogue/closures', {
      from: '2026-07-08',
      to: '2026-07-10',
      reason: REASON,
    });
    expect(again.json().closedDays).toBe(1);
    expect((await t.ctx.db.select().from(sessionRestrictions)).length).toBe(4);
  });

  it('refuses a closure in the past, an unknown session or a range the wrong way round, writing nothing', async () => {
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const refused: [unknown, number, string][] = [
      [{ from: '2026-06-30', to: '2026-07-02', reason: REASON }, 400, 'date_in_past'],
      [{ from: '2026-07-20', to: '2026-07-20', sessionId: 'evening', reason: REASON }, 400, 'invalid_input'],
      [{ from: '2026-07-21', to: '2026-07-20', reason: REASON }, 400, 'invalid_input'],
      [{ from: '2026-07-21', to: '2026-07-21', reason: '' }, 400, 'invalid_input'],
      [{ from: '2026-07-21', to: '2030-07-21', reason: REASON }, 400, 'invalid_input'],
    ];
    for (const [body, status, code] of refused) {
      const res = await t.admin('POST', '/api/admin/catalogue/closures', body);
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await counts()).toEqual(before);
  });

  it('cancels the affected bookings with a full refund and an apology giving the reason; twice refunds once', async () => {
    const ids = [booked.midday!, booked.morning!];
    const provider = async () =>
      rowsOf<{ refunded_pence: number }>(
        await t.ctx.db.execute(sql`select refunded_pence from test_provider_payments tp join payments p
          on p.provider_payment_id = tp.id where p.booking_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      ).reduce((n, r) => n + r.refunded_pence, 0);

    const missing = await t.admin('POST', '/api/admin/catalogue/closures/cancel-bookings', {
      bookingIds: [...ids, '00000000-0000-4000-8000-000000000000'],
      reason: REASON,
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.ctx.db.select().from(bookings).where(inArray(bookings.id, ids))).map((b) => b.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);

    // A booking the staff cancellation refuses (here: never paid) is left alone and named; the others go.
    const first = await t.admin('POST', '/api/admin/catalogue/closures/cancel-bookings', {
      bookingIds: [...ids, booked.held],
      reason: REASON,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      cancelled: 2,
      alreadyCancelled: 0,
      refundedPence: 950 + 2100,
      notCancelled: [expect.objectContaining({ id: booked.held, status: 'pending' })],
    });
    const [held] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booked.held!));
    expect(held!.status).toBe('pending');
    const second = await t.admin('POST', '/api/admin/catalogue/closures/cancel-bookings', {
      bookingIds: ids,
      reason: REASON,
    });
    expect(second.json()).toEqual({ cancelled: 0, alreadyCancelled: 2, refundedPence: 0, notCancelled: [] });

    expect(await provider()).toBe(950 + 2100);
    const paid = await t.ctx.db.select().from(payments).where(inArray(payments.bookingId, ids));
    for (const p of paid)
      expect(p).toMatchObject({ refundStatus: 'succeeded', refundPence: p.amountPence, refundReason: 'cancelled' });
    const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booked.midday!));
    expect(b!.status).toBe('cancelled');

    const mails = await mailsTo(t.ctx.db, 'a@example.com');
    expect(mails.map((m) => m.template).sort()).toEqual([
      'booking-cancellation',
      'booking-closure-apology',
      'booking-confirmation',
    ]);
    const apology = mails.find((m) => m.template === 'booking-closure-apology')!;
    expect(apology.text).toContain(REASON);
    expect(apology.text).toContain('Wednesday 8 July 2026, 12:00 PM - 2:00 PM');
    expect(apology.text).toContain('£9.50');
    expect(apology.subject).toContain(b!.reference);
    expect((await auditRows(t.ctx.db, booked.midday)).map((a) => [a.action, a.actor, a.details.reason])).toEqual([
      ['booking_cancelled', t.adminName, REASON],
    ]);
  });
});
