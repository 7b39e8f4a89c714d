import { afterEach, describe, expect, it } from 'vitest';
import { retentionDefaults } from '../../shared/retention';
import type { Config } from '../config';
import { openTestApp } from '../testing/test-app';

describe('GET /api/privacy/retention', () => {
  let apps: Awaited<ReturnType<typeof openTestApp>>[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.close()));
    apps = [];
  });
  const open = async (config: Partial<Record<keyof Config, string>>) => {
    const t = await openTestApp('pglite', { config });
    apps.push(t);
    return t;
  };

  it('answers the defaults when nothing is configured, to anyone', async () => {
    const t = await open({});
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/retention' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(retentionDefaults);
  });

  it('answers the periods this server is configured with, which /privacy states', async () => {
    const t = await open({
      RETAIN_BOOKINGS_MONTHS: '84',
      RETAIN_ENQUIRIES_MONTHS: '18',
      RETAIN_PLATES_DAYS: '45',
      RETAIN_HOLDS_DAYS: '14',
      RETAIN_MAIL_BODIES_DAYS: '60',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/retention' });
    expect(res.json()).toEqual({
      bookingsMonths: 84,
      enquiriesMonths: 18,
      platesDays: 45,
      holdsDays: 14,
      mailBodiesDays: 60,
    });
  });
});
