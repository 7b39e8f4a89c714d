import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { addDays, todayInLondon } from '../../shared/dates';
import { bookingPayload } from '../bookings/testing/booking-fixtures';
import { rowsOf } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { openTestDatabase } from '../testing/test-database';

/**
 * DECISIONS.md "Scale" and "Memberships": a member's limits hold across processes. Two real server processes on one
 * PostgreSQL, ten bookings at once for the same member child on the same day: the plan pays for one visit a day, so
 * exactly one booking is priced £0; the others are told the price changed. Needs a real PostgreSQL server.
 */
const kinds = process.env.TEST_DATABASE_URL ? ['postgres'] : [];

describe.each(kinds)("a member's daily limit across two server processes on one %s database", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let servers: RunningServer[] = [];
  const date = addDays(todayInLondon(new Date()), 3);
  const email = 'race-member@example.com';
  let cookie = '';
  let childId = '';

  const call = async (server: RunningServer, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { code: string } } };
  };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    servers = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: database.url!, RATE_LIMITS: 'off' })));
    cookie = await familyCookieFor(database.db, email, new Date());
    const profile = await call(servers[0]!, 'PUT', '/api/family/profile', {
      version: 0,
      adults: [{ name: 'Robin Race', phone: '07700 900456' }],
      children: [{ firstName: 'Ada', dateOfBirth: '2019-03-15' }],
      birthdayReminders: false,
    });
    expect(profile.status).toBe(200);
    childId = (profile.body.children as { id: string }[])[0]!.id;
    // The Annual Family Pass covers any day, one visit a day.
    const joined = await call(servers[0]!, 'POST', '/api/memberships', {
      planId: 'annual-family-pass',
      childIds: [childId],
    });
    expect(joined.status).toBe(201);
    const paid = await call(servers[1]!, 'POST', '/api/test-payments/confirm', {
      clientSecret: joined.body.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.body).toEqual({ status: 'succeeded' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('prices exactly one of ten concurrent bookings for the same child at £0', async () => {
    const payload = bookingPayload({
      customerEmail: email,
      selectedDate: date,
      selectedTime: 'midday',
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 0,
      childIds: [childId],
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(servers[i % 2]!, 'POST', '/api/create-booking-payment', payload)),
    );
    const codes = results.map((r) => (r.status === 201 ? 'booked' : r.body.error?.code));
    expect(codes.filter((c) => c === 'booked')).toHaveLength(1);
    expect(codes.filter((c) => c === 'total_mismatch')).toHaveLength(9);
    const [covered] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from booking_children where membership_id is not null`),
    );
    expect(covered!.n).toBe(1);
  }, 60_000);
});
