import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../abuse/rate-limit';
import { oneChildBooking } from '../bookings/testing/booking-fixtures';
import { addDays, todayInLondon } from '../../shared/dates';
import { loadConfig } from '../config';
import { testConfig } from '../testing/test-config';
import { bookings } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

const contact = { name: 'Jo', email: 'jo@example.com', inquiryType: 'general', message: 'Hello' };
const date = addDays(todayInLondon(new Date()), 3);
const hold = (email: string) => oneChildBooking(email, date);

describe('TRUST_PROXY configuration', () => {
  it('trusts no proxy when unset, takes a hop count or a list of addresses and CIDRs, and refuses nonsense', () => {
    expect(testConfig().TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(testConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,', '1.2.3'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(testDbKinds)('the client address on %s', (kind) => {
  describe('with TRUST_PROXY unset', () => {
    let t: Awaited<ReturnType<typeof openTestApp>>;
    beforeAll(async () => {
      t = await openTestApp(kind, { config: { RATE_LIMITS: 'on' } });
    });
    afterAll(() => t.close());

    it('ignores a client-written X-Forwarded-For: 20 forged addresses still hit one limit', async () => {
      const statuses = [];
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '203.0.113.70',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` },
          payload: contact,
        });
        statuses.push(res.statusCode);
      }
      const max = rateLimits.contact.max;
      expect(statuses).toEqual([...Array(max).fill(201), ...Array(20 - max).fill(429)]);
    });

    it('stores the socket address on a hold, not the forged one', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-booking-payment',
        remoteAddress: '203.0.113.71',
        headers: { 'x-forwarded-for': '192.0.2.1' },
        payload: hold('socket@example.com'),
      });
      expect(res.statusCode).toBe(201);
      const [row] = await t.ctx.db.select().from(bookings).orderBy(desc(bookings.createdAt)).limit(1);
      expect(row!.clientAddress).toBe('203.0.113.71');
    });
  });

  describe('with TRUST_PROXY=1 (one proxy in front)', () => {
    let t: Awaited<ReturnType<typeof openTestApp>>;
    beforeAll(async () => {
      t = await openTestApp(kind, { config: { RATE_LIMITS: 'on', TRUST_PROXY: '1' } });
    });
    afterAll(() => t.close());

    const viaProxy = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: contact,
      });

    it('uses the address the proxy appended (the last hop), not what the client wrote before it', async () => {
      const max = rateLimits.contact.max;
      for (let i = 0; i < max; i++) expect((await viaProxy(`192.0.2.${i + 1}, 198.51.100.80`)).statusCode).toBe(201);
      expect((await viaProxy('192.0.2.99, 198.51.100.80')).statusCode).toBe(429);
      // Another client behind the same proxy has its own allowance.
      expect((await viaProxy('198.51.100.80, 198.51.100.81')).statusCode).toBe(201);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-booking-payment',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '192.0.2.1, 198.51.100.82' },
        payload: hold('proxied@example.com'),
      });
      expect(res.statusCode).toBe(201);
      const [row] = await t.ctx.db.select().from(bookings).orderBy(desc(bookings.createdAt)).limit(1);
      expect(row!.clientAddress).toBe('198.51.100.82');
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let t: Awaited<ReturnType<typeof openTestApp>>;
    beforeAll(async () => {
      t = await openTestApp(kind, { config: { TRUST_PROXY: '10.0.0.0/24' } });
    });
    afterAll(() => t.close());

    it('believes X-Forwarded-For only from that proxy', async () => {
      const book = async (remoteAddress: string, email: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/create-booking-payment',
          remoteAddress,
          headers: { 'x-forwarded-for': '192.0.2.1, 198.51.100.90' },
          payload: hold(email),
        });
        expect(res.statusCode).toBe(201);
        const [row] = await t.ctx.db.select().from(bookings).orderBy(desc(bookings.createdAt)).limit(1);
        return row!.clientAddress;
      };
      expect(await book('10.0.0.7', 'a@example.com')).toBe('198.51.100.90');
      expect(await book('203.0.113.91', 'b@example.com')).toBe('203.0.113.91');
    });
  });
});
