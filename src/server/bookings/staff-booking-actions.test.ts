import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingManagerDetail } from '../../shared/contracts/booking-manager';
import { mailsTo } from './testing/booking-fixtures';
import { book } from '../testing/dashboard-fixtures';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

let clock = new Date('2025-10-21T09:00:00Z');
const tick = () => (clock = new Date(clock.getTime() + 60_000));

describe.each(testDbKinds)('staff booking manager: resend (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let req: ReturnType<typeof staffRequest>;
  let username: string;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    const s = await signInAs(t.app, t.ctx);
    username = s.username;
    req = staffRequest(t.app, s.cookie);
  });
  afterAll(() => t?.close());

  it('queues the confirmation again to the booking’s address and audits who sent it', async () => {
    const b = await book(t.app, { customerEmail: 'resend@example.com' });
    expect(await mailsTo(t.ctx.db, 'resend@example.com')).toHaveLength(1);
    tick();
    const res = await req('POST', `/api/admin/bookings/${b.bookingId}/resend-confirmation`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mails = await mailsTo(t.ctx.db, 'resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.template).toBe('booking-confirmation');
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(await auditRows(t.ctx.db, b.bookingId)).toEqual([
      expect.objectContaining({ actor: username, action: 'confirmation_resent' }),
    ]);
    const detail = (await req('GET', `/api/admin/bookings/${b.bookingId}`)).json() as { booking: BookingManagerDetail };
    expect(detail.booking.mails).toHaveLength(2);
    expect(detail.booking.audit.map((a) => a.action)).toEqual(['confirmation_resent']);
  });

  it('refuses a booking that is not confirmed (409) or does not exist (404), auditing nothing', async () => {
    const unpaid = await book(t.app, { customerEmail: 'unpaid@example.com' }, { pay: false });
    const res = await req('POST', `/api/admin/bookings/${unpaid.bookingId}/resend-confirmation`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_confirmed');
    expect(await auditRows(t.ctx.db, unpaid.bookingId)).toEqual([]);
    const missing = await req(
      'POST',
      '/api/admin/bookings/00000000-0000-4000-8000-000000000000/resend-confirmation',
      {},
    );
    expect(missing.statusCode).toBe(409);
  });

  it('is for staff only: 401 without a session, 403 for a kiosk device', async () => {
    const b = await book(t.app, { customerEmail: 'guard@example.com' });
    const url = `/api/admin/bookings/${b.bookingId}/resend-confirmation`;
    expect((await staffRequest(t.app, undefined)('POST', url, {})).statusCode).toBe(401);
    const { cookie: kiosk } = await signInAs(t.app, t.ctx, { kiosk: true });
    expect((await staffRequest(t.app, kiosk)('POST', url, {})).statusCode).toBe(403);
    expect(await mailsTo(t.ctx.db, 'guard@example.com')).toHaveLength(1);
  });
});
