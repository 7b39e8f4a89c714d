import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing/test-app';

/** GET /api/calendar/availability with its per-process cache on, as in production. */
describe('month availability route', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  const now = new Date('2025-10-20T10:00:00Z');
  const month = '/api/calendar/availability?from=2025-10-20&to=2025-11-19';
  beforeAll(async () => {
    t = await openTestApp('pglite', { now: () => now, config: { AVAILABILITY_CACHE_MS: '60000' } });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the month compressed when the browser accepts it, the same JSON either way', async () => {
    const plain = await get(month);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().dates).toHaveLength(31);
    const br = await get(month, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(month, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('still refuses bad queries once a month is cached: only validated queries are cache keys', async () => {
    expect((await get(month)).statusCode).toBe(200);
    for (const url of [
      `${month}x`,
      '/api/calendar/availability?from=2025-10-20&to=2026-10-20',
      '/api/calendar/availability',
      '/api/calendar/availability?to=2025-11-19&from=0000-01-01',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBeTypeOf('string');
    }
  });
});
