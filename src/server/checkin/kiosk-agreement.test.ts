import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingManagerDetail } from '../../shared/contracts/booking-manager';
import type { KioskTicket } from '../../shared/contracts/checkin';
import type { FamilyProfileResponse } from '../../shared/contracts/family-profile';
import type { DayList } from '../../shared/contracts/kiosk-offline';
import type { ActiveSessionsResponse, TodaysBookingsResponse } from '../../shared/contracts/admin';
import { bookingPayload, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { agreementAcceptances } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { rowCounter } from '../testing/row-counts';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { ticketHash } from './day-list';
import { agreed, bookTicket, findAs, kioskPost, ticketCodes } from './testing/kiosk-fixtures';

const TODAY = '2025-10-20';
const NOW = new Date('2025-10-20T07:00:00Z'); // Monday 08:00 BST

const MAISIE = { firstName: 'Maisie', dateOfBirth: '2019-03-04', notes: 'Nut allergy: carries an EpiPen' };
const ALFIE = { firstName: 'Alfie', dateOfBirth: '2021-06-01', notes: '' };
const OLIVE = { firstName: 'Olive', dateOfBirth: '2020-01-15', notes: 'Dairy free, please' };

describe.each(testDbKinds)('the visit agreement at the kiosk and for staff (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  let kiosk: string;
  let carters: string; // booking naming Maisie and Alfie
  let olives: string; // another family's booking, naming Olive
  let plain: string; // booked without a profile

  /** A profile with `children`, and a paid booking for today naming them, made with the family's session. */
  async function familyBooking(email: string, name: string, children: (typeof MAISIE)[]): Promise<string> {
    const cookie = await familyCookieFor(t.ctx.db, email, NOW);
    const saved = await requestAs(t.app, cookie)('PUT', '/api/family/profile', {
      version: 0,
      adults: [{ name, phone: '07700 900456' }],
      children,
      birthdayReminders: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const childIds = (saved.json() as FamilyProfileResponse).children.map((c) => c.id);
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: email, customerName: name, selectedDate: TODAY, childIds }),
      cookie,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await payWith(t.app, booked.json().clientSecret)).json().status).toBe('succeeded');
    return booked.json().bookingId as string;
  }

  beforeAll(async () => {
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    carters = await familyBooking('carter@example.com', 'Sam Carter', [MAISIE, ALFIE]);
    olives = await familyBooking('olive.parent@example.com', 'Pat Green', [OLIVE]);
    plain = await bookTicket(t.app, {
      customerName: 'Jo Plain',
      customerEmail: 'plain@example.com',
      selectedDate: TODAY,
    });
  });

  const scan = async (bookingId: string): Promise<KioskTicket> => {
    const [ticket, ...more] = await findAs(t.app, kiosk, {
      by: 'ticket',
      token: (await ticketCodes(t.ctx.db, bookingId)).token,
    });
    expect(more).toEqual([]);
    return ticket!;
  };
  const accept = (payload: unknown, cookie = kiosk) => kioskPost(t.app, cookie, '/api/check-in/agreement', payload);
  const acceptancesOf = (bookingId: string) =>
    t.ctx.db.select().from(agreementAcceptances).where(eq(agreementAcceptances.bookingId, bookingId));

  it("shows the rules of play with the booking's children's first names only: no date of birth, note, address or other family", async () => {
    const ticket = await scan(carters);
    expect(ticket.agreement).toEqual({
      accepted: false,
      version: 1,
      text: expect.stringContaining('Children are supervised by an adult'),
      childNames: ['Maisie', 'Alfie'],
    });
    const body = JSON.stringify(ticket);
    for (const hidden of ['2019-03-04', '2021-06-01', 'Nut', 'EpiPen', 'carter@example.com', 'Olive', 'Dairy', '@'])
      expect(body, hidden).not.toContain(hidden);
    // By reference too (a search the kiosk may check in), and a booking made without a profile names nobody.
    const { reference } = await ticketCodes(t.ctx.db, olives);
    const [byRef] = await findAs(t.app, kiosk, { by: 'reference', reference });
    expect(byRef!.agreement).toMatchObject({ accepted: false, childNames: ['Olive'] });
    expect((await scan(plain)).agreement).toMatchObject({ accepted: false, childNames: [] });
  });

  it('refuses a kiosk call without the device credential, and a family or stranger, writing nothing', async () => {
    const { handle } = await scan(carters);
    const familyCookie = await familyCookieFor(t.ctx.db, 'carter@example.com', NOW);
    const other = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const body = { handle, version: 1, fullName: 'Sam Carter', accept: true };
    const none = await kioskPost(t.app, undefined, '/api/check-in/agreement', body);
    expect([none.statusCode, none.json().error.code]).toEqual([401, 'kiosk_not_enabled']);
    const family = await accept(body, familyCookie);
    expect(family.statusCode).toBe(401);
    // Another kiosk cannot use this one's handle.
    const copied = await accept(body, other);
    expect([copied.statusCode, copied.json().error.code]).toEqual([404, 'ticket_not_found']);
    expect(await counts()).toEqual(before);
  });

  it('refuses HTML, a one-word name, no tick or a forged handle with a 4xx, writing nothing', async () => {
    const { handle } = await scan(carters);
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const cases: [unknown, number, string][] = [
      [{ handle, version: 1, fullName: '<script>alert(1)</script> Carter', accept: true }, 400, 'fullName'],
      [{ handle, version: 1, fullName: 'Sam <b>Carter</b>', accept: true }, 400, 'fullName'],
      [{ handle, version: 1, fullName: 'Sam', accept: true }, 400, 'fullName'],
      [{ handle, version: 1, fullName: `Sam ${'x'.repeat(5000)}`, accept: true }, 400, 'fullName'],
      [{ handle, version: 1, fullName: 'Sam Carter', accept: false }, 400, 'accept'],
      [{ handle, version: '1', fullName: 'Sam Carter', accept: true }, 400, 'version'],
      [{ handle: 'x'.repeat(500), version: 1, fullName: 'Sam Carter', accept: true }, 400, 'handle'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await accept(payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    const forged = await accept({ handle: carters, version: 1, fullName: 'Sam Carter', accept: true });
    expect([forged.statusCode, forged.json().error.code]).toEqual([404, 'ticket_not_found']);
    const notJson = await kioskPost(t.app, kiosk, '/api/check-in/agreement', '{"handle":');
    expect(notJson.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("records the tablet's acceptance for the booking and its children, via kiosk; the next scan says accepted", async () => {
    const { handle } = await scan(carters);
    const res = await accept({ handle, version: 1, fullName: '  Sam   Carter ', accept: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, agreement: { accepted: true, version: 1 } });
    const [row, ...more] = await acceptancesOf(carters);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      email: 'carter@example.com',
      version: 1,
      fullName: 'Sam   Carter',
      childNames: ['Maisie', 'Alfie'],
      bookingId: carters,
      acceptedVia: 'kiosk',
      acceptedAt: NOW,
    });
    expect(row!.childIds).toHaveLength(2);
    expect((await scan(carters)).agreement).toEqual({ accepted: true, version: 1 });
    // The family sees it among its acceptances (kiosk), as online ones.
    const family = requestAs(t.app, await familyCookieFor(t.ctx.db, 'carter@example.com', NOW));
    const mine = (await family('GET', '/api/family/agreements')).json();
    expect(mine.childrenToAccept).toEqual([]);
    expect(mine.acceptances).toMatchObject([{ acceptedVia: 'kiosk', childNames: ['Maisie', 'Alfie'] }]);
    // A booking without named children is covered by an acceptance naming none.
    const plainHandle = (await scan(plain)).handle;
    const noKids = await accept({ handle: plainHandle, version: 1, fullName: 'Jo Plain', accept: true });
    expect(noKids.statusCode, noKids.body).toBe(201);
    expect(await acceptancesOf(plain)).toMatchObject([{ childIds: [], childNames: [], acceptedVia: 'kiosk' }]);
    expect((await scan(plain)).agreement).toEqual({ accepted: true, version: 1 });
  });

  it("counts an acceptance only when it covers the booking's named children", async () => {
    // The family's address accepted, but for none of its children: Olive's booking still asks.
    await t.ctx.db.insert(agreementAcceptances).values({
      email: 'olive.parent@example.com',
      version: 1,
      fullName: 'Pat Green',
      childIds: [],
      childNames: [],
      acceptedVia: 'online',
    });
    expect((await scan(olives)).agreement).toMatchObject({ accepted: false, childNames: ['Olive'] });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/check-in/day-list', headers: { cookie: kiosk } })
    ).json().list as DayList;
    const byToken = async (id: string) => {
      const hash = ticketHash(list.hashKey, (await ticketCodes(t.ctx.db, id)).token);
      return list.tickets.find((x) => x.hash === hash)?.agreement;
    };
    expect(await byToken(olives)).toBe('missing');
    expect(await byToken(carters)).toBe('signed');
    expect(await byToken(plain)).toBe('signed');
  });

  it("shows staff the agreement and each named child's first name, age and notes on that family's booking only", async () => {
    const detail = async (id: string) =>
      (await t.staff('GET', `/api/admin/bookings/${id}`)).json().booking as BookingManagerDetail;
    const c = await detail(carters);
    expect([c.rulesOfPlayAccepted, c.children]).toEqual([
      true,
      [
        { firstName: 'Maisie', notes: MAISIE.notes, ageOnVisit: 6 },
        { firstName: 'Alfie', notes: '', ageOnVisit: 4 },
      ],
    ]);
    const o = await detail(olives);
    expect([o.rulesOfPlayAccepted, o.children]).toEqual([
      false,
      [{ firstName: 'Olive', notes: OLIVE.notes, ageOnVisit: 5 }],
    ]);
    expect((await detail(plain)).children).toEqual([]);

    const res = await t.staff('GET', '/api/admin/todays-bookings');
    expect(res.statusCode).toBe(200);
    const today = res.json() as TodaysBookingsResponse;
    const entry = (id: string) => today.bookings.find((b) => b.id === id)!;
    expect(entry(carters)).toMatchObject({ rulesOfPlayAccepted: true, children: c.children });
    expect(entry(olives)).toMatchObject({ rulesOfPlayAccepted: false, children: o.children });
    expect(entry(plain)).toMatchObject({ rulesOfPlayAccepted: true, children: [] });
    // Olive's notes appear once, on her family's booking; no date of birth anywhere.
    expect(res.body.split(OLIVE.notes)).toHaveLength(2);
    for (const dob of [MAISIE, ALFIE, OLIVE].map((k) => k.dateOfBirth)) expect(res.body).not.toContain(dob);
    // Staff only: the kiosk is refused.
    const fromKiosk = await t.app.inject({
      method: 'GET',
      url: '/api/admin/todays-bookings',
      headers: { cookie: kiosk },
    });
    expect(fromKiosk.statusCode).toBe(403);
  });

  it('answers 404 for a booking that is no longer one of today, or a walk-in', async () => {
    const { handle } = await scan(olives);
    const walkIn = await kioskPost(t.app, kiosk, '/api/check-in/walk-in', {
      customerName: 'Wendy Walker',
      numberOfChildren: 1,
      numberOfAdults: 1,
      ...agreed,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json().ticket.agreement).toBeUndefined();
    const walkInAccept = await accept({
      handle: walkIn.json().ticket.handle,
      version: 1,
      fullName: 'Wendy Walker',
      accept: true,
    });
    expect([walkInAccept.statusCode, walkInAccept.json().error.code]).toEqual([404, 'ticket_not_found']);
    // Moved to tomorrow by the desk after the scan: no longer one the kiosk could check in.
    await t.ctx.db.execute(sql`update bookings set visit_date = '2025-10-21' where id = ${olives}`);
    const moved = await accept({ handle, version: 1, fullName: 'Pat Green', accept: true });
    expect([moved.statusCode, moved.json().error.code]).toEqual([404, 'ticket_not_found']);
    await t.ctx.db.execute(sql`update bookings set visit_date = ${TODAY} where id = ${olives}`);
    expect(await acceptancesOf(olives)).toEqual([]);
  });

  it('answers an older version with 409 agreement_changed, writing nothing; then shows the new one', async () => {
    const { handle } = await scan(olives);
    const published = await t.admin('PATCH', '/api/admin/catalogue/agreement', {
      version: 1,
      text: 'Version two of our rules of play.\n- Socks on in the play frame at all times.',
      effectiveFrom: TODAY,
    });
    expect(published.statusCode, published.body).toBeLessThan(300);
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const stale = await accept({ handle, version: 1, fullName: 'Pat Green', accept: true });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'agreement_changed']);
    expect(await counts()).toEqual(before);
    // The new version makes the Carters' acceptance stale too.
    expect((await scan(carters)).agreement).toMatchObject({
      accepted: false,
      version: 2,
      text: expect.stringContaining('Version two'),
    });
    const fresh = await accept({ handle, version: 2, fullName: 'Pat Green', accept: true });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await scan(olives)).agreement).toEqual({ accepted: true, version: 2 });
  });

  it("shows staff who is in the barn with their children's notes; a walk-in has no rules-of-play state", async () => {
    const { handle } = await scan(olives);
    const inside = await kioskPost(t.app, kiosk, '/api/check-in/check-in', { handle, ...agreed });
    expect(inside.statusCode, inside.body).toBe(200);
    const walkIn = await kioskPost(t.app, kiosk, '/api/check-in/walk-in', {
      customerName: 'Wendy Walkin',
      numberOfChildren: 1,
      numberOfAdults: 1,
      numberPlate: null,
      ...agreed,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const res = await t.staff('GET', '/api/admin/active-sessions');
    expect(res.statusCode, res.body).toBe(200);
    const sessions = (res.json() as ActiveSessionsResponse).activeSessions;
    expect(sessions.find((s) => s.bookingId === olives)).toMatchObject({
      rulesOfPlayAccepted: true,
      children: [{ firstName: 'Olive', notes: OLIVE.notes, ageOnVisit: 5 }],
    });
    expect(sessions.find((s) => s.walkIn)).toMatchObject({ rulesOfPlayAccepted: null, children: [] });
    expect(res.body).not.toContain(OLIVE.dateOfBirth);
  });
});
