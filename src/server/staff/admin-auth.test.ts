import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

const SOME_UUID = '6f1c2f0e-8a4b-4c2d-9e3f-1a2b3c4d5e6f';

/** The staff-only calls this area adds; every other /api/admin route is checked as well below. */
const expected = [
  { method: 'GET', url: '/api/admin/dashboard-stats' },
  { method: 'GET', url: '/api/admin/todays-bookings' },
  { method: 'GET', url: '/api/admin/active-sessions' },
  { method: 'POST', url: '/api/admin/search-payments' },
];

describe.each(testDbKinds)('staff-only admin calls (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(() => t?.close());

  // DECISIONS.md: every /api/admin route requires a staff session, whoever adds them. Check-out, the kiosk's
  // verb, also takes a kiosk device: checkin/kiosk-access.test.ts covers it.
  const staffRoutes = () => {
    const routes = t.routes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');
    for (const e of expected) expect(routes).toContainEqual(e);
    return routes;
  };
  const call = (r: { method: string; url: string }, cookie?: string) =>
    t.app.inject({
      method: r.method as 'GET',
      url: r.url.replace(/:[A-Za-z_]+/g, SOME_UUID),
      headers: cookie ? { cookie } : {},
      payload: r.method === 'GET' ? undefined : { ticketId: SOME_UUID, searchTerm: 'jo' },
    });

  it('answers 401 JSON to a browser that is not signed in', async () => {
    for (const r of staffRoutes()) {
      const res = await call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error.code).toBe('sign_in_required');
    }
  });

  it('answers 403 to a device in kiosk mode', async () => {
    const { cookie } = await signInAs(t.app, t.ctx, { kiosk: true });
    for (const r of staffRoutes()) {
      const res = await call(r, cookie);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('answers a member of staff (any role), and never lets a browser cache the answer', async () => {
    const { cookie } = await signInAs(t.app, t.ctx, { role: 'staff' });
    for (const r of expected.filter((e) => e.method === 'GET')) {
      const res = await call(r, cookie);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const search = await call({ method: 'POST', url: '/api/admin/search-payments' }, cookie);
    expect(search.statusCode).toBe(200);
    // Nobody is checked in: a clear 404, not a 500.
    const checkout = await call({ method: 'POST', url: '/api/check-in/check-out' }, cookie);
    expect(checkout.statusCode).toBe(404);
  });

  it('refuses a forged or expired cookie like no cookie', async () => {
    const res = await call(expected[0]!, 'ptb_staff=not-a-real-token');
    expect(res.statusCode).toBe(401);
  });
});
