import { describe, expect, it } from 'vitest';
import type { CreateRestrictionResponse } from '../../shared/contracts/admin-calendar';
import type { DateAvailability, TicketTypeDto } from '../../shared/contracts/booking';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { testDbKinds } from '../testing/test-database';

// Wednesday 1 July 2026, 09:00 in London (BST); every date below is a weekday within the booking window.
const NOW = new Date('2026-07-01T08:00:00Z');
const MONTH = '/api/calendar/availability?from=2026-07-01&to=2026-07-31';

/**
 * DECISIONS.md "Domains point one way": the process that makes a change serves it at once. The month
 * cache here would outlive the whole file, so a public read sees a change only because the change
 * empties this process's caches (other processes' expire within AVAILABILITY_CACHE_MS, untested here).
 */
describe.each(testDbKinds)('a staff or admin change is served at once by the process that made it (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW, config: { AVAILABILITY_CACHE_MS: '600000' } });

  /** The booking page's month call and the date a family taps, both cached, for one date. */
  const publicDay = async (date: string) => {
    const month = await t.app.inject({ method: 'GET', url: MONTH });
    expect(month.statusCode, month.body).toBe(200);
    const fromMonth = (month.json() as { dates: DateAvailability[] }).dates.find((d) => d.date === date)!;
    const day = await t.app.inject({ method: 'GET', url: `/api/calendar/availability/${date}` });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toEqual(fromMonth);
    return fromMonth;
  };
  const session = (day: DateAvailability, id: string) => day.sessions.find((s) => s.id === id)!;

  it('a staff block of a whole day: unavailable at once; removing it: available at once', async () => {
    expect((await publicDay('2026-07-08')).available).toBe(true); // now cached
    const res = await t.staff('POST', '/api/admin/session-restrictions', {
      date: '2026-07-08',
      timeSlot: 'all-day',
      reason: 'Deep clean',
      description: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await publicDay('2026-07-08')).toMatchObject({
      available: false,
      restricted: true,
      closedReason: 'Deep clean',
    });

    const { restriction } = res.json() as CreateRestrictionResponse;
    const removed = await t.staff('DELETE', `/api/admin/session-restrictions/${restriction.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await publicDay('2026-07-08')).toMatchObject({ available: true, restricted: false });
  });

  it('a staff block of one session: that session unavailable at once', async () => {
    expect(session(await publicDay('2026-07-09'), 'midday').available).toBe(true);
    const res = await t.staff('POST', '/api/admin/session-restrictions', {
      date: '2026-07-09',
      timeSlot: 'midday',
      reason: 'School group',
      description: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(session(await publicDay('2026-07-09'), 'midday')).toMatchObject({ available: false, blocked: true });
  });

  it('a staff capacity change: the session unavailable at once', async () => {
    expect(session(await publicDay('2026-07-10'), 'morning').available).toBe(true);
    const res = await t.staff('POST', '/api/admin/calendar/capacity', {
      date: '2026-07-10',
      sessionId: 'morning',
      capacity: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(session(await publicDay('2026-07-10'), 'morning')).toMatchObject({ available: false, remaining: 0 });
  });

  it('an admin closure: the days unavailable at once, with its reason', async () => {
    expect((await publicDay('2026-07-13')).available).toBe(true);
    expect((await publicDay('2026-07-14')).available).toBe(true);
    const res = await t.admin('POST', '/api/admin/catalogue/closures', {
      from: '2026-07-13',
      to: '2026-07-14',
      reason: 'Burst pipe',
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const date of ['2026-07-13', '2026-07-14'])
      expect(await publicDay(date)).toMatchObject({ available: false, closedReason: 'Burst pipe' });
  });

  it("an admin edit of a session's usual capacity: the places left shown at once", async () => {
    expect(session(await publicDay('2026-07-15'), 'afternoon').remaining).toBe(60);
    const res = await t.admin('PATCH', '/api/admin/catalogue/sessions/afternoon', {
      start: '14:30',
      end: '16:30',
      capacity: 25,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(session(await publicDay('2026-07-15'), 'afternoon')).toMatchObject({
      remaining: 25,
      label: '2:30 PM - 4:30 PM',
    });
  });

  it('an admin ticket price: the price families are shown at once', async () => {
    const childPrice = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ticket-types?date=2026-07-20' });
      return (res.json() as { ticketTypes: TicketTypeDto[] }).ticketTypes.find((x) => x.id === 'child-1-12')!.price;
    };
    expect(await childPrice()).toBe(950); // now cached
    const res = await t.admin('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      fromDate: '2026-07-20',
      pricePence: 1200,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await childPrice()).toBe(1200);
  });
});
