import { buildApp } from '../../../src/server/app';
import { venueInstant } from '../../../src/server/bookings/visit-time';
import { todayInLondon } from '../../../src/shared/dates';
import { bookTicket, ticketCodes } from '../../../src/server/checkin/testing/kiosk-fixtures';
import { testConfig } from '../../../src/server/testing/test-config';
import { openDatabase } from '../../../src/server/db/client';
import { seedVenue } from '../../../src/server/catalogue/seed-venue';

/**
 * Seeds the venue in `dataDir` and adds three of today's bookings, made through the real booking API
 * and paid with the TEST MODE card before the server starts (PGlite is one process), on a clock set
 * to 08:00 at the venue today: every session is still on sale then, so a kiosk journey does not
 * depend on the hour the test runs. Jess Parent (morning, 2 children and 1 adult), Alex Morgan
 * (afternoon, 1 child and 1 adult) and Priya Shah (midday, 3 children and 2 adults), all with the phone
 * 07700 900123. Returns each one's reference and ticket token (what its QR code carries), by first name.
 */
export async function bookToday(dataDir: string): Promise<Record<'jess' | 'alex' | 'priya', TicketCodes>> {
  const database = await openDatabase({ dataDir });
  await seedVenue(database.db);
  const today = todayInLondon(new Date());
  const { app } = await buildApp({
    db: database.db,
    config: testConfig(),
    now: () => venueInstant(today, '08:00'),
    webRoot: '/nonexistent',
  });
  await app.ready();
  const book = async (
    customerName: string,
    customerEmail: string,
    selectedTime: string,
    ticketQuantities: Record<string, number>,
    totalAmount: number,
  ) =>
    ticketCodes(
      database.db,
      await bookTicket(app, {
        customerName,
        customerEmail,
        customerPhone: '07700 900123',
        selectedDate: today,
        selectedTime,
        ticketQuantities,
        totalAmount,
      }),
    );
  const jess = await book('Jess Parent', 'jess.parent@example.com', 'morning', { 'child-1-12': 2, adult: 1 }, 2100);
  const alex = await book('Alex Morgan', 'alex@example.com', 'afternoon', { 'child-1-12': 1, adult: 1 }, 1150);
  const priya = await book('Priya Shah', 'priya@example.com', 'midday', { 'child-1-12': 3, adult: 2 }, 3250);
  await app.close();
  await database.close();
  return { jess, alex, priya };
}

export type TicketCodes = { reference: string; token: string };
