import { eq, sql } from 'drizzle-orm';
import { catalogueDocuments } from '../db/schema';
import { waitingListSettings } from '../catalogue/waiting-list-settings';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { bookingPayload, postJson, taken } from '../bookings/testing/booking-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { book } from '../testing/dashboard-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { publicUrlOf } from '../config';
import { runOfferPass } from './offer-pass';
import { settleWaitingListNudge } from './offer-job';
import { entryOf, entryRows, familyCall, offerMail, offerMailCount, setRoom } from './testing/waiting-list-fixtures';

// Monday 20 October 2025, 10:00 in London; the visits are on Wednesday 22 October.
const START = new Date('2025-10-20T09:00:00Z');
const DAY = '2025-10-22';
const HOUR = 3_600_000;

describe.each(testDbKinds)('the waiting list (%s)', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;
  const as = async (email: string) => familyCall(t.app, await familyCookieFor(db(), email, t.clock));
  const pass = async () => {
    await settleWaitingListNudge(t.ctx);
    return runOfferPass({ db: db(), now: t.clock, publicUrl: publicUrlOf(t.ctx) });
  };
  const clear = () => db().execute(sql`delete from waiting_list_entries`);
  /** A paid booking of `children` + 0 adults by `email` in `session` on DAY, then that session made full. */
  async function bookThenFill(email: string, session: string, children: number) {
    await setRoom(db(), DAY, session, 10);
    const b = await book(t.app, {
      customerEmail: email,
      selectedDate: DAY,
      selectedTime: session,
      ticketQuantities: { 'child-1-12': children },
      totalAmount: children * 950,
    });
    await setRoom(db(), DAY, session, 0);
    return b;
  }
  // Each join a second after the last: the queue's order is the order of joining.
  const join = async (email: string, session: string | null, places: number) => {
    t.clock = new Date(t.clock.getTime() + 1000);
    const res = await (await as(email))('POST', '/api/waiting-list', { date: DAY, sessionId: session, places });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; position: number };
  };

  it('lets only a signed-in family join, and only a full session, once, for 1 to 20 places', async () => {
    await clear();
    await setRoom(db(), DAY, 'morning', 0);
    const body = { date: DAY, sessionId: 'morning', places: 2 };
    const stranger = await familyCall(t.app)('POST', '/api/waiting-list', body);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().error.code).toBe('family_session_required');
    expect(await entryRows(db())).toEqual([]);

    const ann = await as('ann@example.com');
    for (const places of [0, 21, 1.5, '2', null]) {
      const res = await ann('POST', '/api/waiting-list', { ...body, places });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.places).toBeDefined();
    }
    const past = await ann('POST', '/api/waiting-list', { ...body, date: '2025-10-19' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('date_out_of_range');
    const unknown = await ann('POST', '/api/waiting-list', { ...body, sessionId: 'midnight' });
    expect(unknown.statusCode).toBe(400);
    await setRoom(db(), DAY, 'midday', 3);
    const notFull = await ann('POST', '/api/waiting-list', { ...body, sessionId: 'midday', places: 3 });
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().error).toMatchObject({
      code: 'waiting_list_not_full',
      message: 'There are 3 places left in that session: you can book now.',
    });
    expect(await entryRows(db())).toEqual([]);

    const joined = await ann('POST', '/api/waiting-list', body);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ date: DAY, sessionId: 'morning', places: 2, status: 'waiting', position: 1 });
    // Wanting more than the 3 left in midday is a wait, not a booking.
    expect((await ann('POST', '/api/waiting-list', { ...body, sessionId: 'midday', places: 4 })).statusCode).toBe(201);
    const again = await ann('POST', '/api/waiting-list', { ...body, places: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('waiting_list_duplicate');
    expect(await entryRows(db())).toHaveLength(2);
  });

  it("keeps each family's entries its own: another family can neither see nor leave them", async () => {
    await clear();
    await setRoom(db(), DAY, 'morning', 0);
    const ann = await join('ann@example.com', 'morning', 2);
    await join('bea@example.com', 'morning', 1);
    const bea = await as('bea@example.com');
    const seen = (await bea('GET', '/api/family/waiting-list')).json().entries;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ position: 2, places: 1, sessionLabel: expect.any(String) });
    expect(JSON.stringify(seen)).not.toContain('ann@');
    const taking = await bea('DELETE', `/api/family/waiting-list/${ann.id}`);
    expect(taking.statusCode).toBe(404);
    expect(taking.json().error.code).toBe('waiting_list_entry_not_found');
    expect((await entryOf(db(), 'ann@example.com')).status).toBe('waiting');
    expect((await familyCall(t.app)('GET', '/api/family/waiting-list')).statusCode).toBe(401);
    expect((await bea('DELETE', '/api/family/waiting-list/not-a-uuid')).statusCode).toBe(400);

    const annCall = await as('ann@example.com');
    expect((await annCall('DELETE', `/api/family/waiting-list/${ann.id}`)).statusCode).toBe(200);
    expect((await entryOf(db(), 'ann@example.com')).status).toBe('left');
    expect((await annCall('GET', '/api/family/waiting-list')).json().entries).toEqual([]);
    // Bea moves up.
    expect((await bea('GET', '/api/family/waiting-list')).json().entries[0].position).toBe(1);
  });

  it('offers a cancelled booking’s places to the first family they fit, passing over one that wants more', async () => {
    await clear();
    const b = await bookThenFill('cat@example.com', 'midday', 2);
    const full = await taken(db(), DAY, 'midday');
    await join('big@example.com', 'midday', 3);
    await join('two@example.com', 'midday', 2);
    await join('one@example.com', 'midday', 1);
    expect((await pass()).offered).toBe(0);

    const cat = await as('cat@example.com');
    const cancelled = await cat('POST', `/api/family/bookings/${b.bookingId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await pass();
    expect((await entryOf(db(), 'big@example.com')).status).toBe('waiting');
    const offered = await entryOf(db(), 'two@example.com');
    expect(offered).toMatchObject({ status: 'offered', placesHeld: true, offeredBy: 'system' });
    expect(offered.offerExpiresAt!.getTime()).toBe(t.clock.getTime() + 2 * HOUR);
    expect((await entryOf(db(), 'one@example.com')).status).toBe('waiting');
    // The two places are held for the offer: the session is as full as before the cancellation.
    expect(await taken(db(), DAY, 'midday')).toBe(full);
    const mail = await offerMail(db(), 'two@example.com');
    expect(mail.text).toContain('We are holding them for you until 12:00.');
    expect(mail.link).toMatch(new RegExp(`/booking\\?date=${DAY}&session=midday&offer=`));
    expect(await offerMailCount(db())).toBe(1);
    // Another pass makes no second offer of the same places.
    expect((await pass()).offered).toBe(0);
  });

  it('passes an offer that ran out to the next family', async () => {
    await clear();
    const b = await bookThenFill('cat@example.com', 'afternoon', 1);
    await join('first@example.com', 'afternoon', 1);
    await join('second@example.com', 'afternoon', 1);
    await (
      await as('cat@example.com')
    )('POST', `/api/family/bookings/${b.bookingId}/cancel`);
    await pass();
    const first = await entryOf(db(), 'first@example.com');
    expect(first.status).toBe('offered');
    t.clock = new Date(first.offerExpiresAt!.getTime() - 1000);
    expect(await pass()).toMatchObject({ expired: 0, offered: 0 });
    t.clock = first.offerExpiresAt!;
    expect(await pass()).toMatchObject({ expired: 1, offered: 1 });
    expect(await entryOf(db(), 'first@example.com')).toMatchObject({ status: 'expired', placesHeld: false });
    expect((await entryOf(db(), 'second@example.com')).status).toBe('offered');
    // The expired link books nothing.
    const { token } = await offerMail(db(), 'first@example.com');
    const late = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: 'first@example.com',
        selectedDate: DAY,
        selectedTime: 'afternoon',
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 950,
        offerToken: token,
      }),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('waiting_list_offer_invalid');
  });

  it('books with the offer’s held places; a stranger finds the session full and a wrong address is refused', async () => {
    await clear();
    const b = await bookThenFill('cat@example.com', 'morning', 2);
    await join('dan@example.com', 'morning', 2);
    await (
      await as('cat@example.com')
    )('POST', `/api/family/bookings/${b.bookingId}/cancel`);
    await pass();
    const { token } = await offerMail(db(), 'dan@example.com');
    const held = await taken(db(), DAY, 'morning');
    const payload = (over: Parameters<typeof bookingPayload>[0]) =>
      bookingPayload({
        selectedDate: DAY,
        selectedTime: 'morning',
        ticketQuantities: { 'child-1-12': 2 },
        totalAmount: 1900,
        ...over,
      });
    const bookingCount = async () =>
      rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from bookings`))[0]!.n;
    const bookingsBefore = await bookingCount();
    const stranger = await postJson(
      t.app,
      '/api/create-booking-payment',
      payload({ customerEmail: 'eve@example.com' }),
    );
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().error.code).toBe('capacity_exhausted');
    const wrong = await postJson(
      t.app,
      '/api/create-booking-payment',
      payload({ customerEmail: 'eve@example.com', offerToken: token }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'waiting_list_offer_invalid',
      message: 'Please book with the e-mail address the waiting list offer was sent to.',
    });
    const otherSession = await postJson(
      t.app,
      '/api/create-booking-payment',
      payload({ customerEmail: 'dan@example.com', selectedTime: 'midday', offerToken: token }),
    );
    expect(otherSession.statusCode).toBe(400);
    expect((await entryOf(db(), 'dan@example.com')).status).toBe('offered');
    expect(await taken(db(), DAY, 'morning')).toBe(held);
    expect(await bookingCount()).toBe(bookingsBefore);

    const shown = await familyCall(t.app)('GET', `/api/waiting-list/offer?token=${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ date: DAY, sessionId: 'morning', places: 2 });
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      payload({ customerEmail: 'Dan@Example.com', offerToken: token }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await entryOf(db(), 'dan@example.com')).toMatchObject({
      status: 'booked',
      placesHeld: false,
      bookingId: booked.json().bookingId,
    });
    expect(await taken(db(), DAY, 'morning')).toBe(held);
    // Used once: the link shows nothing now, and a second booking with it is refused.
    expect((await familyCall(t.app)('GET', `/api/waiting-list/offer?token=${token}`)).statusCode).toBe(400);
    const twice = await postJson(
      t.app,
      '/api/create-booking-payment',
      payload({ customerEmail: 'dan@example.com', offerToken: token }),
    );
    expect(twice.statusCode).toBe(400);
  });

  it('offers places when staff raise the capacity, lists the day for staff, and offers by hand', async () => {
    await clear();
    await setRoom(db(), DAY, 'afternoon', 0);
    await join('fay@example.com', 'afternoon', 2);
    await join('gus@example.com', 'afternoon', 1);
    const { cookie } = await signInAs(t.app, t.ctx, { role: 'staff' });
    const staff = staffRequest(t.app, cookie);
    expect((await staffRequest(t.app, undefined)('GET', `/api/admin/waiting-list?date=${DAY}`)).statusCode).toBe(401);
    // A tablet in kiosk mode and a family's own session see nothing of the list, nor can they offer.
    const kiosk = staffRequest(t.app, (await signInAs(t.app, t.ctx, { kiosk: true })).cookie);
    expect((await kiosk('GET', `/api/admin/waiting-list?date=${DAY}`)).statusCode).toBe(403);
    const family = await as('fay@example.com');
    const asFamily = await family('GET', `/api/admin/waiting-list?date=${DAY}`);
    expect(asFamily.statusCode).toBe(401);
    expect(asFamily.body).not.toContain('gus@example.com');
    const fayEntry = await entryOf(db(), 'fay@example.com');
    expect((await kiosk('POST', `/api/admin/waiting-list/${fayEntry.id}/offer`)).statusCode).toBe(403);
    expect((await family('POST', `/api/admin/waiting-list/${fayEntry.id}/offer`)).statusCode).toBe(401);
    expect((await entryOf(db(), 'fay@example.com')).status).toBe('waiting');
    const list = await staff('GET', `/api/admin/waiting-list?date=${DAY}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().entries.map((e: { email: string; position: number }) => [e.email, e.position])).toEqual([
      ['fay@example.com', 1],
      ['gus@example.com', 2],
    ]);
    // By hand, with no room: 409 and nothing changes.
    const gus = await entryOf(db(), 'gus@example.com');
    const noRoom = await staff('POST', `/api/admin/waiting-list/${gus.id}/offer`);
    expect(noRoom.statusCode).toBe(409);
    expect(noRoom.json().error.code).toBe('waiting_list_no_room');
    expect((await entryOf(db(), 'gus@example.com')).status).toBe('waiting');

    const capacity = (await staff('GET', `/api/admin/calendar/capacity?date=${DAY}`)).json() as {
      sessions: { sessionId: string; capacity: number }[];
    };
    const now = capacity.sessions.find((s) => s.sessionId === 'afternoon')!.capacity;
    const raised = await staff('POST', '/api/admin/calendar/capacity', {
      date: DAY,
      sessionId: 'afternoon',
      capacity: now + 1,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    await pass();
    // One place: Fay wants two, so Gus is offered.
    expect((await entryOf(db(), 'fay@example.com')).status).toBe('waiting');
    expect((await entryOf(db(), 'gus@example.com')).status).toBe('offered');

    // Two more places, made without a nudge: staff offer them to Fay by hand.
    await setRoom(db(), DAY, 'afternoon', 2);
    const fay = await entryOf(db(), 'fay@example.com');
    const byHand = await staff('POST', `/api/admin/waiting-list/${fay.id}/offer`);
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect((await entryOf(db(), 'fay@example.com')).offeredBy).toMatch(/^staff-/);
    expect((await auditRows(db(), fay.id)).map((a) => a.action)).toEqual(['waiting_list.offer']);
    expect(await offerMailCount(db(), 'fay@example.com')).toBe(1);
    expect((await entryOf(db(), 'fay@example.com')).status).toBe('offered');
    const missing = await staff('POST', '/api/admin/waiting-list/00000000-0000-4000-8000-000000000000/offer');
    expect(missing.statusCode).toBe(404);
  });

  it('holds an offer for the hours the catalogue document says (2 by default, 1 to 48)', async () => {
    expect(await waitingListSettings(db())).toEqual({ offerHours: 2 });
    for (const [stored, used] of [
      [3, 3],
      [0, 1],
      [100, 48],
      ['5', 2],
    ] as const) {
      await db()
        .insert(catalogueDocuments)
        .values({ key: 'waiting_list', value: { offerHours: stored } })
        .onConflictDoUpdate({ target: catalogueDocuments.key, set: { value: { offerHours: stored } } });
      expect(await waitingListSettings(db())).toEqual({ offerHours: used });
    }
    await db().delete(catalogueDocuments).where(eq(catalogueDocuments.key, 'waiting_list'));
  });

  it('deletes entries once their date has passed', async () => {
    await clear();
    await setRoom(db(), DAY, 'midday', 0);
    await join('hal@example.com', 'midday', 1);
    t.clock = new Date('2025-10-22T22:00:00Z'); // 23:00 on the day itself in London: kept
    expect((await pass()).deleted).toBe(0);
    t.clock = new Date('2025-10-22T23:30:00Z'); // 00:30 the next day
    expect((await pass()).deleted).toBe(1);
    expect(await entryRows(db())).toEqual([]);
  });
});
