import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { familyCookieFor } from './testing/family-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

/** My Bookings' "Add to calendar": the confirmation e-mail's .ics, for the family session of the booking's address. */
describe.each(testDbKinds)('GET /api/family/bookings/:id/ics on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
  });
  afterAll(() => t.close());
  const ics = (bookingId: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/family/bookings/${bookingId}/ics`,
      headers: cookie ? { cookie } : {},
    });

  it('serves the e-mailed event to the family only, and only while the booking is confirmed', async () => {
    const created = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'Calendar@Example.com' }),
    );
    const { bookingId, clientSecret } = created.json();
    await payWith(t.app, clientSecret);

    const anonymous = await ics(bookingId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('family_session_required');
    // Another family: the booking looks like none.
    const stranger = await ics(bookingId, await familyCookieFor(t.ctx.db, 'stranger@example.com'));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('VEVENT');
    expect((await ics('not-a-uuid', await familyCookieFor(t.ctx.db, 'calendar@example.com'))).statusCode).toBe(400);

    const family = await familyCookieFor(t.ctx.db, 'calendar@example.com');
    const res = await ics(bookingId, family);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="playtimebarn-PTB-[A-Z2-9]{6}\.ics"$/);
    expect(res.body).toContain(`UID:${bookingId}@playtimebarn.co.uk`);
    expect(res.body).toContain('DTSTART:20251022T083000Z'); // 9:30 BST
    // The same event as the confirmation e-mail's attachment (same clock here, so byte for byte).
    const [mail] = await mailsTo(t.ctx.db, 'Calendar@Example.com');
    const attached = mail!.attachments.find((a) => a.filename.endsWith('.ics'))!;
    expect(Buffer.from(attached.content, 'base64').toString()).toBe(res.body);

    expect((await postJson(t.app, `/api/family/bookings/${bookingId}/cancel`, {}, family)).statusCode).toBe(200);
    const cancelled = await ics(bookingId, family);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('not_confirmed');
  });
});
