import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/contracts/events';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { testDbKinds } from '../testing/test-database';
import { createEventAs, grotto } from './testing/event-fixtures';

const NOW = new Date('2026-10-28T09:00:00Z');
const ON_SALE = new Date('2026-10-28T10:00:00Z');

describe.each(testDbKinds)('events in the catalogue (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });

  it('an admin creates an event; the public reads it with its slots and places left', async () => {
    const made = await createEventAs(t.admin, grotto(ON_SALE));
    expect(made).toMatchObject({ name: "Santa's grotto", onSale: false, placesLeft: 12, familyCap: 4 });
    expect(made.slots).toHaveLength(2);
    const one = await t.anon('GET', `/api/events/${made.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as EventDetail).slots.map((s) => s.placesLeft)).toEqual([6, 6]);
    const list = await t.anon('GET', '/api/events');
    expect((list.json() as { events: { id: string }[] }).events.map((e) => e.id)).toContain(made.id);
  });

  it('PATCH changes fields and adds slots', async () => {
    const made = await createEventAs(t.admin, grotto(ON_SALE));
    const res = await t.admin('PATCH', `/api/admin/catalogue/events/${made.id}`, {
      name: 'Quiet SEN session',
      familyCap: 2,
      slots: [{ startsAt: '2026-12-13T09:00:00Z', lengthMinutes: 60, places: 10 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Quiet SEN session', familyCap: 2, placesLeft: 22 });
  });

  it('strangers and plain staff cannot edit; bad input is a 400; an unknown event a 404', async () => {
    expect((await t.anon('POST', '/api/admin/catalogue/events', grotto(ON_SALE))).statusCode).toBe(401);
    expect((await t.staff('POST', '/api/admin/catalogue/events', grotto(ON_SALE))).statusCode).toBe(403);
    const bad = await t.admin('POST', '/api/admin/catalogue/events', { ...grotto(ON_SALE), slots: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_input' } });
    const none = await t.anon('GET', '/api/events/00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
    expect((await t.anon('GET', '/api/events/not-a-uuid')).statusCode).toBe(400);
  });
});
