import { afterAll, beforeAll, expect } from 'vitest';
import { openTestApp } from '../../testing/test-app';
import { signInAs, staffRequest } from '../../testing/staff-fixtures';
import type { TestDbKind } from '../../testing/test-database';

/**
 * The staff Bookings tab's tests (cancel, resend, move) share one set-up: the app on a clock they move by
 * hand and a staff member signed in.
 */

/**
 * A clock a test moves by hand, from Tuesday 21 October 2025, 10:00 in London: the booking fixtures' visit
 * (22 October, morning) is tomorrow and today's afternoon session is still on sale.
 */
export function movableClock(start = '2025-10-21T09:00:00Z') {
  let at = new Date(start);
  return {
    now: () => at,
    /** One minute on, so rows written next sort after the ones before. */
    tick: () => void (at = new Date(at.getTime() + 60_000)),
    /** Runs `fn` with the clock at `iso`, then puts it back. */
    async at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
      const saved = at;
      at = new Date(iso);
      try {
        return await fn();
      } finally {
        at = saved;
      }
    },
  };
}

type TestApp = Awaited<ReturnType<typeof openTestApp>>;
export type StaffBookingApp = TestApp & { req: ReturnType<typeof staffRequest>; username: string };

/**
 * Opens the app on `now` for the describe block it is called in (closed after it), with a staff member
 * signed in: `req` sends their cookie, `username` is who the audit log should name. Read it inside tests
 * or later hooks, once beforeAll has run.
 */
export function useStaffBookingApp(kind: TestDbKind, now: () => Date): StaffBookingApp {
  const t = {} as StaffBookingApp;
  beforeAll(async () => {
    const opened = await openTestApp(kind, { now });
    const staff = await signInAs(opened.app, opened.ctx);
    Object.assign(t, opened, { req: staffRequest(opened.app, staff.cookie), username: staff.username });
  });
  afterAll(() => t.close?.());
  return t;
}

/** A staff-only route: 401 without a staff session and 403 from a browser in kiosk mode. */
export async function expectStaffOnly(t: TestApp, url: string, body: unknown) {
  expect((await staffRequest(t.app, undefined)('POST', url, body)).statusCode).toBe(401);
  const { cookie: kiosk } = await signInAs(t.app, t.ctx, { kiosk: true });
  expect((await staffRequest(t.app, kiosk)('POST', url, body)).statusCode).toBe(403);
}
