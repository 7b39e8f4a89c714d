import { describe, expect, it } from 'vitest';
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
});
