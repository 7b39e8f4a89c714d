import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { oneChildBooking, payWith } from '../bookings/testing/booking-fixtures';
import { addDays, todayInLondon } from '../../shared/dates';
import { purchaseBody } from '../credits/testing/credit-fixtures';
import { bookings, creditPurchases, giftVouchers } from '../db/schema';
import { voucherPayload } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { openTestApp } from '../testing/test-app';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { PENDING_PAYMENTS_MESSAGE, PENDING_VOUCHERS_MESSAGE } from './pending-payment-cap';

/**
 * DECISIONS.md "Families' data": a hold takes capacity for 15 minutes, so at most 3 unpaid holds per
 * e-mail address and per client address at once. The attack replayed: unpaid requests until the day is full.
 */

const date = addDays(todayInLondon(new Date()), 3);
const hold = (email: string) => oneChildBooking(email, date);

describe.each(testDbKinds)('unpaid holds and purchases capped at 3 on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date();
  beforeAll(async () => {
    t = await openTestApp(kind, { config: { RATE_LIMITS: 'on' }, now: () => clock });
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, ip: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body as Record<string, unknown> });
  const book = (email: string, ip: string) => post('/api/create-booking-payment', hold(email), ip);

  it('refuses a 4th unpaid hold for one e-mail, whatever the address, until one is paid or expires', async () => {
    clock = new Date();
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await book('Same@Example.com', `198.51.100.${i + 1}`));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const fourth = await book(' same@example.com', '198.51.100.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual({ code: 'too_many_pending_payments', message: PENDING_PAYMENTS_MESSAGE });
    expect(fourth.json().error.message).toBe(
      'You have bookings waiting for payment. Please finish one or wait 15 minutes.',
    );
    // Paying one frees a place under the cap.
    expect((await payWith(t.app, results[0]!.json().clientSecret)).json().status).toBe('succeeded');
    expect((await book('same@example.com', '198.51.100.9')).statusCode).toBe(201);
    expect((await book('same@example.com', '198.51.100.9')).statusCode).toBe(429);
    // Holds end after 15 minutes: then the family may try again.
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await book('same@example.com', '198.51.100.9')).statusCode).toBe(201);
  });

  it('refuses a 4th unpaid hold from one client address, whatever the e-mail', async () => {
    clock = new Date();
    for (let i = 0; i < 3; i++) expect((await book(`family${i}@example.com`, '203.0.113.50')).statusCode).toBe(201);
    expect((await book('family9@example.com', '203.0.113.50')).statusCode).toBe(429);
    expect((await book('family9@example.com', '203.0.113.51')).statusCode).toBe(201);
    const rows = await t.ctx.db.select({ a: bookings.clientAddress }).from(bookings);
    expect(rows.filter((r) => r.a === '203.0.113.50')).toHaveLength(3);
  });

  it('gives exactly 3 holds to 4 concurrent requests from one address', async () => {
    const ip = '203.0.113.60';
    const results = await Promise.all([0, 1, 2, 3].map((i) => book(`racer${i}@example.com`, ip)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429]);
    const rows = await t.ctx.db.select({ a: bookings.clientAddress }).from(bookings);
    expect(rows.filter((r) => r.a === ip)).toHaveLength(3);
  });

  it('caps unpaid credit purchases the same way, per e-mail and per address, with the same message', async () => {
    clock = new Date();
    const buy = (email: string, ip: string) => post('/api/session-credits/purchase', purchaseBody(email), ip);
    const racers = await Promise.all([0, 1, 2, 3].map(() => buy('buyer@example.com', '192.0.2.10')));
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429]);
    expect(racers.find((r) => r.statusCode === 429)!.json().error.message).toBe(PENDING_PAYMENTS_MESSAGE);
    for (let i = 0; i < 3; i++) expect((await buy(`buyer${i}@example.com`, '192.0.2.11')).statusCode).toBe(201);
    expect((await buy('buyer9@example.com', '192.0.2.11')).statusCode).toBe(429);
    const rows = await t.ctx.db.select({ a: creditPurchases.clientAddress }).from(creditPurchases);
    expect(rows.filter((r) => r.a === '192.0.2.11')).toHaveLength(3);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await buy('buyer@example.com', '192.0.2.10')).statusCode).toBe(201);
  });

  it('caps unpaid gift voucher purchases at 5, per buyer e-mail and per address, with their own message', async () => {
    clock = new Date();
    const buy = (buyerEmail: string, ip: string) =>
      post('/api/gift-vouchers', voucherPayload({ buyerEmail, sendOn: todayInLondon(clock) }), ip);
    const racers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => buy('Gran@Example.com', `192.0.2.${20 + i}`)));
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429]);
    expect(racers.find((r) => r.statusCode === 429)!.json().error.message).toBe(PENDING_VOUCHERS_MESSAGE);
    for (let i = 0; i < 5; i++) expect((await buy(`gift${i}@example.com`, '192.0.2.40')).statusCode).toBe(201);
    expect((await buy('gift9@example.com', '192.0.2.40')).statusCode).toBe(429);
    const rows = await t.ctx.db.select({ a: giftVouchers.clientAddress }).from(giftVouchers);
    expect(rows.filter((r) => r.a === '192.0.2.40')).toHaveLength(5);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await buy('gran@example.com', '192.0.2.20')).statusCode).toBe(201);
  });
});

/** Two real server processes on one PostgreSQL: the cap holds across them (the count is in the database). */
const kinds = process.env.TEST_DATABASE_URL ? ['postgres'] : [];
describe.each(kinds)('the hold cap across two server processes on one %s database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    servers = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: database.url! })));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('gives exactly 3 holds to 8 concurrent requests from one address split over both processes', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/create-booking-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(hold(`two-process${i}@example.com`)),
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((s) => s === 429)).toHaveLength(5);
  }, 60_000);
});
