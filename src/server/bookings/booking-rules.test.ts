import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingLines,
  bookings,
  outbox,
  payments,
  sessionOccupancy,
  sessionRestrictions,
  sessionTimes,
  ticketTypePrices,
} from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { bookingPayload, postJson, taken, getBooking } from './testing/booking-fixtures';

const START = new Date('2025-10-20T10:00:00Z'); // Monday 11:00 BST

describe.each(testDbKinds)('booking rules and bad input on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });

  const counts = async () => {
    const n = async (table: typeof bookings | typeof bookingLines | typeof payments | typeof outbox) =>
      (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
    return {
      bookings: await n(bookings),
      lines: await n(bookingLines),
      payments: await n(payments),
      mail: await n(outbox),
    };
  };
  const book = (payload: unknown) => postJson(t.app, '/api/create-booking-payment', payload);

  it.each([
    ['malformed JSON', '{"customerName": ', 400, 'invalid_json'],
    [
      'wrong types',
      { ...bookingPayload(), ticketQuantities: { adult: '2' }, totalAmount: '200' },
      400,
      'invalid_input',
    ],
    [
      'a negative quantity',
      bookingPayload({ ticketQuantities: { adult: -1, 'child-1-12': 1 }, totalAmount: 750 }),
      400,
      'invalid_input',
    ],
    [
      'a huge quantity',
      bookingPayload({ ticketQuantities: { adult: 1_000_000 }, totalAmount: 200_000_000 }),
      400,
      'invalid_input',
    ],
    [
      'a fractional quantity',
      bookingPayload({ ticketQuantities: { adult: 1.5 }, totalAmount: 300 }),
      400,
      'invalid_input',
    ],
    ['no tickets', bookingPayload({ ticketQuantities: { adult: 0 }, totalAmount: 0 }), 400, 'invalid_input'],
    ['a past date', bookingPayload({ selectedDate: '2025-10-19' }), 400, 'date_out_of_range'],
    ['a date over a month ahead', bookingPayload({ selectedDate: '2025-11-21' }), 400, 'date_out_of_range'],
    ['an impossible date', bookingPayload({ selectedDate: '2025-02-30' }), 400, 'invalid_input'],
    [
      'an unknown ticket type',
      bookingPayload({ ticketQuantities: { 'vip-pass': 1 }, totalAmount: 100 }),
      400,
      'unknown_ticket_type',
    ],
    ['a mismatched total', bookingPayload({ totalAmount: 1 }), 400, 'total_mismatch'],
    ['an unknown session', bookingPayload({ selectedTime: 'midnight' }), 400, 'invalid_input'],
    [
      'a weekend without a session',
      bookingPayload({ selectedDate: '2025-10-25', selectedTime: undefined }),
      400,
      'session_required',
    ],
    [
      'baby & toddler in the afternoon',
      bookingPayload({ selectedTime: 'afternoon', ticketQuantities: { 'baby-toddler': 1 }, totalAmount: 800 }),
      400,
      'ticket_not_available',
    ],
    [
      'a session past last entry today',
      bookingPayload({ selectedDate: '2025-10-20', selectedTime: 'morning' }),
      400,
      'session_closed',
    ],
    ['terms not agreed', { ...bookingPayload(), agreeToTerms: false }, 400, 'invalid_input'],
    ['an array body', [bookingPayload()], 400, 'invalid_input'],
  ])('refuses %s with a JSON 4xx and stores nothing', async (_label, payload, statusCode, code) => {
    const before = await counts();
    const res = await book(payload);
    expect(res.statusCode, res.body).toBe(statusCode);
    expect(res.json().error.code).toBe(code);
    expect(typeof res.json().error.message).toBe('string');
    expect(await counts()).toEqual(before);
  });

  it('answers any malformed body with a JSON 4xx and stores nothing (property)', async () => {
    const before = await counts();
    const field = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record({
        customerName: field,
        customerEmail: field,
        customerPhone: field,
        selectedDate: fc.oneof(field, fc.constantFrom('2025-10-22', '2025-02-29', '2025-10-19', '9999-99-99')),
        selectedTime: fc.oneof(field, fc.constantFrom('morning', '', 'nope')),
        agreeToTerms: fc.oneof(field, fc.constant(true)),
        ticketQuantities: fc.oneof(
          field,
          fc.dictionary(
            fc.constantFrom('adult', 'child-1-12', 'x', '__proto__'),
            fc.oneof(fc.integer({ min: -5, max: 100 }), field),
          ),
        ),
        totalAmount: field,
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await book(JSON.stringify(payload) ?? 'null');
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().error.message).toBe('string');
      }),
      { numRuns: 80 },
    );
    expect(await counts()).toEqual(before);
  });

  it('explains a mismatched total with both amounts', async () => {
    const res = await book(bookingPayload({ totalAmount: 2000 }));
    expect(res.json().error.message).toBe(
      'Prices have changed: your tickets now come to £21.00, not £20.00. Please check your order and try again.',
    );
  });

  it('uses the spec messages for the details form', async () => {
    const res = await book({ ...bookingPayload(), customerName: 'J', customerEmail: 'nope' });
    expect(res.json().error.fields).toMatchObject({
      customerName: ['Name must be at least 2 characters'],
      customerEmail: ['Please enter a valid email address'],
    });
  });

  it('sells a session up to its capacity, then answers capacity_exhausted', async () => {
    await t.ctx.db
      .insert(sessionOccupancy)
      .values({ visitDate: '2025-10-23', sessionId: 'midday', capacity: 5, taken: 0 });
    const p = (children: number) =>
      bookingPayload({
        selectedDate: '2025-10-23',
        selectedTime: 'midday',
        ticketQuantities: { 'child-1-12': children },
        totalAmount: children * 950,
      });
    expect((await book(p(3))).statusCode).toBe(201);
    expect((await book(p(2))).statusCode).toBe(201);
    const before = await counts();
    const full = await book(p(1));
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({
      code: 'capacity_exhausted',
      message: 'Sorry, that session is now full. Please choose another time.',
    });
    expect(await counts()).toEqual(before);
    // Adults are not counted against capacity.
    expect(
      (
        await book(
          bookingPayload({
            selectedDate: '2025-10-23',
            selectedTime: 'midday',
            ticketQuantities: { adult: 2 },
            totalAmount: 400,
          }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('counts an all-day ticket against every session of its day', async () => {
    await t.ctx.db
      .insert(sessionOccupancy)
      .values({ visitDate: '2025-10-24', sessionId: 'afternoon', capacity: 4, taken: 0 });
    const allDay = (children: number) =>
      bookingPayload({
        selectedDate: '2025-10-24',
        selectedTime: undefined,
        ticketQuantities: { 'child-1-12': children },
        totalAmount: children * 950,
      });
    expect((await book(allDay(3))).statusCode).toBe(201);
    for (const s of ['morning', 'midday', 'afternoon']) expect(await taken(t.ctx.db, '2025-10-24', s)).toBe(3);
    // Only one place left in the afternoon: an all-day ticket for 2 no longer fits, a morning one does.
    expect((await book(allDay(2))).statusCode).toBe(409);
    expect(
      (
        await book(
          bookingPayload({
            selectedDate: '2025-10-24',
            selectedTime: 'morning',
            ticketQuantities: { 'child-1-12': 2 },
            totalAmount: 1900,
          }),
        )
      ).statusCode,
    ).toBe(201);
    const day = (await t.app.inject({ method: 'GET', url: '/api/calendar/availability/2025-10-24' })).json();
    expect(day.sessions.map((s: { id: string; remaining: number }) => [s.id, s.remaining])).toEqual([
      ['morning', 55],
      ['midday', 57],
      ['afternoon', 1],
    ]);
  });

  it('refuses a blocked session or day and shows it in availability', async () => {
    await t.ctx.db.insert(sessionRestrictions).values([
      { date: '2025-10-28', sessionId: 'morning', reason: 'Private party', createdBy: 'admin' },
      { date: '2025-10-29', sessionId: null, reason: 'Deep clean', createdBy: 'admin' },
    ]);
    const res = await book(bookingPayload({ selectedDate: '2025-10-28' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('session_unavailable');
    expect((await book(bookingPayload({ selectedDate: '2025-10-28', selectedTime: 'midday' }))).statusCode).toBe(201);
    expect((await book(bookingPayload({ selectedDate: '2025-10-28', selectedTime: undefined }))).statusCode).toBe(409); // all-day needs the morning too

    const month = await t.app.inject({
      method: 'GET',
      url: '/api/calendar/availability?from=2025-10-20&to=2025-11-20',
    });
    expect(month.statusCode).toBe(200);
    const dates = month.json().dates as {
      date: string;
      available: boolean;
      restricted: boolean;
      sessions: { id: string; available: boolean; blocked: boolean }[];
    }[];
    expect(dates).toHaveLength(32);
    const d28 = dates.find((d) => d.date === '2025-10-28')!;
    expect(d28).toMatchObject({ available: true, restricted: true });
    expect(d28.sessions.find((s) => s.id === 'morning')).toMatchObject({ available: false, blocked: true });
    expect(dates.find((d) => d.date === '2025-10-29')).toMatchObject({ available: false, restricted: true });
    // Today at 11:00 BST: the morning session is past last entry, the others are open.
    const today = dates.find((d) => d.date === '2025-10-20')!;
    expect(today.sessions.map((s) => s.available)).toEqual([false, true, true]);
  });

  it('answers availability bad input with JSON 400s', async () => {
    for (const url of [
      '/api/calendar/availability/2025-13-01',
      '/api/calendar/availability?from=2025-10-20',
      '/api/calendar/availability?from=2025-10-20&to=2026-10-20',
      '/api/calendar/availability?from=2025-10-22&to=2025-10-20',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const outside = (await t.app.inject({ method: 'GET', url: '/api/calendar/availability/2025-12-25' })).json();
    expect(outside.available).toBe(false);
  });

  it('confirms a £0 booking at once, with no payment step', async () => {
    await t.ctx.db.update(ticketTypePrices).set({ pricePence: 0 }).where(eq(ticketTypePrices.ticketTypeId, 'adult'));
    try {
      const res = await book(
        bookingPayload({ customerEmail: 'free@example.com', ticketQuantities: { adult: 1 }, totalAmount: 0 }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ clientSecret: '', finalAmount: 0 });
      const status = (await getBooking(t.app, res.json().bookingId)).json();
      expect(status.status).toBe('confirmed');
      expect(await t.ctx.db.select().from(payments).where(eq(payments.bookingId, res.json().bookingId))).toHaveLength(
        0,
      );
      expect(await t.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'free@example.com'))).toHaveLength(1);
    } finally {
      await t.ctx.db
        .update(ticketTypePrices)
        .set({ pricePence: 200 })
        .where(eq(ticketTypePrices.ticketTypeId, 'adult'));
    }
  });

  it('lists ticket types from the database and the payment provider in use', async () => {
    const types = (await t.app.inject({ method: 'GET', url: '/api/ticket-types' })).json().ticketTypes;
    expect(types.map((x: { id: string; price: number }) => [x.id, x.price])).toEqual([
      ['child-0-1', 400],
      ['child-1-12', 950],
      ['adult', 200],
      ['baby-toddler', 800],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ provider: 'test' });
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/not-a-uuid' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.ctx.db.select().from(sessionTimes)).length).toBe(3);
  });
});
