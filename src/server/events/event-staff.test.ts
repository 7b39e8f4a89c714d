import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { payWith, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { testDbKinds } from '../testing/test-database';
import { admittedFamilies, createEventAs, grotto, joinQueueAs } from './testing/event-fixtures';

const ON_SALE = new Date('2026-10-28T10:00:00Z');

describe.each(testDbKinds)("the event's staff page (%s)", (kind) => {
  let clock = new Date(ON_SALE.getTime() - 60_000);
  const t = useAdminApp(kind, { now: () => clock, config: { EVENT_POW_MAX_NUMBER: '50' } });

  it("lists each slot's families with their children's first names and ages, and the queue's live figures", async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 1 }));
    const [token] = await admittedFamilies(t.anon, e.id, 1, (d) => (clock = d), ON_SALE);
    await joinQueueAs(t.anon, e.id);
    const cookie = await familyCookieFor(t.ctx.db, 'santa@example.com', clock);
    const held = await postJson(
      t.app,
      `/api/events/${e.id}/hold`,
      {
        admission: token,
        slotId: e.slots[1]!.id,
        children: [
          { firstName: 'Ada', age: 4, note: 'Loves trains' },
          { firstName: 'Ben', age: 7 },
        ],
        adults: 1,
      },
      cookie,
    );
    expect(held.statusCode, held.body).toBe(201);
    await payWith(t.app, (held.json() as { clientSecret: string }).clientSecret);
    const sheet = await t.staff('GET', `/api/admin/events/${e.id}/sheet`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const slots = (sheet.json() as { slots: { families: { status: string; children: unknown[] }[] }[] }).slots;
    expect(slots[0]!.families).toEqual([]);
    expect(slots[1]!.families).toEqual([
      expect.objectContaining({
        status: 'paid',
        adults: 1,
        children: [
          { firstName: 'Ada', age: 4, note: 'Loves trains' },
          { firstName: 'Ben', age: 7, note: '' },
        ],
      }),
    ]);
    const figures = await t.staff('GET', `/api/admin/events/${e.id}/queue`);
    expect(figures.json()).toEqual({ waiting: 1, admitted: 1, sold: 3, held: 0, placesLeft: 9, admitPerMinute: 1 });
  });

  it('is for staff only', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE));
    for (const path of ['sheet', 'queue']) {
      expect((await t.anon('GET', `/api/admin/events/${e.id}/${path}`)).statusCode).toBe(401);
      expect((await t.staff('GET', `/api/admin/events/00000000-0000-4000-8000-000000000000/${path}`)).statusCode).toBe(
        404,
      );
    }
  });

  it('checks a paid family in from the sheet once, audited; the stranger, the unpaid and the unknown are refused', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 6000 }));
    clock = new Date(ON_SALE.getTime() - 60_000);
    const [token, second] = await admittedFamilies(t.anon, e.id, 2, (d) => (clock = d), ON_SALE);
    const hold = async (admission: string, email: string) => {
      const cookie = await familyCookieFor(t.ctx.db, email, clock);
      const res = await postJson(
        t.app,
        `/api/events/${e.id}/hold`,
        { admission, slotId: e.slots[0]!.id, children: [{ firstName: 'Cy', age: 5 }], adults: 1 },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { bookingId: string; clientSecret: string };
    };
    const paid = await hold(token!, 'paid@example.com');
    await payWith(t.app, paid.clientSecret);
    const held = await hold(second!, 'held@example.com');
    const url = (bookingId: string, eventId = e.id) => `/api/admin/events/${eventId}/bookings/${bookingId}/check-in`;

    expect((await t.anon('POST', url(paid.bookingId))).statusCode).toBe(401);
    const first = await t.staff('POST', url(paid.bookingId));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ checkedInAt: clock.toISOString() });
    const again = await t.staff('POST', url(paid.bookingId));
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_checked_in']);
    const unpaid = await t.staff('POST', url(held.bookingId));
    expect([unpaid.statusCode, unpaid.json().error.code]).toEqual([409, 'unpaid']);
    const other = await createEventAs(t.admin, grotto(ON_SALE));
    expect((await t.staff('POST', url(paid.bookingId, other.id))).statusCode).toBe(404);
    expect((await t.staff('POST', url('not-a-uuid'))).statusCode).toBe(400);

    const sheet = await t.staff('GET', `/api/admin/events/${e.id}/sheet`);
    const families = (
      sheet.json() as { slots: { families: { bookingId: string; checkedInAt: string | null; reference: string }[] }[] }
    ).slots[0]!.families;
    expect(families.find((f) => f.bookingId === paid.bookingId)).toMatchObject({
      checkedInAt: clock.toISOString(),
      reference: paid.bookingId.slice(0, 8).toUpperCase(),
    });
    expect(families.find((f) => f.bookingId === held.bookingId)?.checkedInAt).toBeNull();
    const audit = await t.ctx.db.execute(
      sql`select actor, action from audit_log where subject_id = ${paid.bookingId} and action = 'event.check_in'`,
    );
    expect(rowsOf(audit)).toHaveLength(1);
  });
});
