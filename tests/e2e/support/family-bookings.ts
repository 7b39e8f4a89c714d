import { buildApp } from '../../../src/server/app';
import { bookingPayload, payWith, postJson } from '../../../src/server/bookings/testing/booking-fixtures';
import { venueInstant } from '../../../src/server/bookings/visit-time';
import { seedVenue } from '../../../src/server/catalogue/seed-venue';
import { ticketCodes } from '../../../src/server/checkin/testing/kiosk-fixtures';
import { openDatabase } from '../../../src/server/db/client';
import { familyCookieFor } from '../../../src/server/families/testing/family-fixtures';
import { testConfig } from '../../../src/server/testing/test-config';
import { todayInLondon } from '../../../src/shared/dates';
import type { TicketCodes } from './today-bookings';

export type FamilySeed = {
  key: string;
  name: string;
  email: string;
  children: { firstName: string; dateOfBirth: string; notes?: string }[];
  /** Accept the rules of play in force online, for every child, before the visit. */
  acceptOnline?: boolean;
};

/**
 * Seeds the venue in `dataDir` (before the server starts: PGlite is one process) with a family profile and
 * a paid booking for today naming its children for each family, made through the real API with the
 * family's session at 08:00 today; a family may also accept the rules of play online. Returns each
 * booking's reference and ticket token, by key.
 */
export async function bookFamiliesToday(dataDir: string, families: FamilySeed[]): Promise<Record<string, TicketCodes>> {
  const database = await openDatabase({ dataDir });
  await seedVenue(database.db);
  const today = todayInLondon(new Date());
  const now = venueInstant(today, '08:00');
  const { app } = await buildApp({ db: database.db, config: testConfig(), now: () => now, webRoot: '/nonexistent' });
  await app.ready();
  const call = async (cookie: string, method: 'PUT' | 'POST', url: string, payload: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const codes: Record<string, TicketCodes> = {};
  for (const f of families) {
    const cookie = await familyCookieFor(database.db, f.email, now);
    const profile = await call(cookie, 'PUT', '/api/family/profile', {
      version: 0,
      adults: [{ name: f.name, phone: '07700 900123' }],
      children: f.children,
      birthdayReminders: false,
    });
    const childIds = (profile.children as { id: string }[]).map((c) => c.id);
    const n = f.children.length;
    const booked = await postJson(
      app,
      '/api/create-booking-payment',
      bookingPayload({
        customerName: f.name,
        customerEmail: f.email,
        selectedDate: today,
        selectedTime: 'morning',
        ticketQuantities: { 'child-1-12': n, adult: 1 },
        totalAmount: n * 950 + 200,
        childIds,
      }),
      cookie,
    );
    if (booked.statusCode !== 201) throw new Error(`booking failed: ${booked.statusCode} ${booked.body}`);
    const paid = await payWith(app, booked.json().clientSecret);
    if (paid.json().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
    if (f.acceptOnline)
      await call(cookie, 'POST', '/api/family/agreements', { version: 1, fullName: f.name, accept: true, childIds });
    codes[f.key] = await ticketCodes(database.db, booked.json().bookingId);
  }
  await app.close();
  await database.close();
  return codes;
}
