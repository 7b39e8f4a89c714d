import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../testing/test-config';
import { inquiries } from '../db/schema';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { rateLimits } from './rate-limit';

const contact = { name: 'Jo', email: 'jo@example.com', inquiryType: 'general', message: 'Hello' };

describe.each(testDbKinds)('rate limits on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apps: Awaited<ReturnType<typeof buildApp>>[];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Two app instances on one database stand for two server processes behind a load balancer.
    const config = testConfig({ RATE_LIMITS: 'on' });
    apps = [
      await buildApp({ db: database.db, config, webRoot: '/nonexistent' }),
      await buildApp({ db: database.db, config, webRoot: '/nonexistent' }),
    ];
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    await database.close();
  });

  const post = (i: number, ip: string) =>
    apps[i % 2]!.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: ip, payload: contact });

  it('counts one allowance across both processes and answers 429 with Retry-After after it', async () => {
    const max = rateLimits.contact.max;
    for (let i = 0; i < max; i++) expect((await post(i, '203.0.113.7')).statusCode).toBe(201);
    const refused = await post(max, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(rateLimits.contact.windowSeconds);
    const stored = await database.db.select().from(inquiries);
    expect(stored).toHaveLength(max);
  });

  it('limits the script-free cancel form too, answering its 429 as a page with Retry-After', async () => {
    const cancel = (i: number) =>
      apps[i % 2]!.app.inject({
        method: 'POST',
        url: '/cancel-booking',
        remoteAddress: '203.0.113.8',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'token=not-a-real-token',
      });
    const max = rateLimits.cancelBooking.max;
    for (let i = 0; i < max; i++) expect((await cancel(i)).statusCode).toBe(400);
    const refused = await cancel(max);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Too many requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps each client address to its own allowance', async () => {
    expect((await post(0, '198.51.100.9')).statusCode).toBe(201);
  });
});
