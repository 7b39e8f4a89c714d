import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberOfferResponse, MemberWalkInResponse } from '../../shared/contracts/member-walk-in';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { agreed, findAs, kioskPost } from '../checkin/testing/kiosk-fixtures';
import { rowsOf } from '../db/client';
import { auditLog, bookingChildren, bookings, checkIns, sessionOccupancy } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { memberCardToken } from './member-card';
import { getAppSecret } from '../security/app-secret';
import { familyWithChildren, payByTestCard } from './testing/membership-fixtures';

// Tuesday 7 July 2026, 08:00 in London: an off-peak day; the 9:30 session is the next one.
const TUESDAY = new Date('2026-07-07T07:00:00Z');
// Wednesday 8 July, 08:00, and Saturday 11 July (a peak day), 08:00.
const WEDNESDAY = new Date('2026-07-08T07:00:00Z');
const SATURDAY = new Date('2026-07-11T07:00:00Z');

describe.each(testDbKinds)('a member walks in with the card at the kiosk (%s)', (kind) => {
  let now = TUESDAY;
  const t = useAdminApp(kind, { now: () => now });
  let kiosk: string;
  /** The Annual Family Pass (any day, adults free) of the Carters, Maisie and Alfie; the Monthly Play Pass of Rosie Dunn. */
  const cards = { annual: '', monthly: '' };
  const ids = { annual: '', monthly: '' };

  async function join(email: string, names: string[], planId: string) {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, names, TUESDAY);
    const joined = await family('POST', '/api/memberships', { planId, childIds });
    expect(joined.statusCode, joined.body).toBe(201);
    const answer = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
    return answer.membershipId;
  }

  beforeAll(async () => {
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    ids.annual = await join('carter@example.com', ['Maisie', 'Alfie'], 'annual-family-pass');
    ids.monthly = await join('dunn@example.com', ['Rosie'], 'monthly-play-pass');
    const secret = await getAppSecret(t.ctx.db);
    cards.annual = memberCardToken(secret, ids.annual);
    cards.monthly = memberCardToken(secret, ids.monthly);
  });

  const offer = (card: string, cookie: string = kiosk) =>
    kioskPost(t.app, cookie, '/api/check-in/member-offer', { card });
  const walkIn = (card: string, body: Record<string, unknown> = {}, cookie: string = kiosk) =>
    kioskPost(t.app, cookie, '/api/check-in/member-walk-in', { card, requestId: randomUUID(), ...agreed, ...body });
  const count = async (table: 'bookings' | 'check_ins' | 'audit_log') =>
    rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const snapshot = async () => ({
    bookings: await count('bookings'),
    checkIns: await count('check_ins'),
    audit: await count('audit_log'),
    taken: await t.ctx.db.select().from(sessionOccupancy),
  });

  it('offers the covered children the next session, then makes a £0 confirmed booking and checks it in', async () => {
    const offered = await offer(cards.annual);
    expect(offered.statusCode, offered.body).toBe(200);
    expect((offered.json() as MemberOfferResponse).offer).toEqual({
      children: [{ firstName: 'Alfie' }, { firstName: 'Maisie' }],
      session: '9:30 AM - 11:30 AM',
      freeAdults: 2,
    });
    // Kiosk privacy: first names only, never the e-mail, phone or a date of birth.
    expect(offered.body).not.toMatch(/carter@|07700|2019-/);

    const res = await walkIn(cards.annual, { adults: 2, numberPlate: 'ab12 cde' });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = res.json() as MemberWalkInResponse;
    expect(ticket).toMatchObject({
      displayName: "Maisie's P.",
      timeSlot: '9:30 AM - 11:30 AM',
      numberOfChildren: 2,
      numberOfAdults: 2,
      status: 'confirmed',
      checkedIn: true,
      canCheckOut: true,
    });
    expect(ticket.staff).toBeUndefined();
    expect(res.body).not.toMatch(/carter@|07700|2019-|M10\d\d/);

    const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.customerEmail, 'carter@example.com'));
    expect(booking).toMatchObject({
      status: 'confirmed',
      finalPence: 0,
      visitDate: '2026-07-07',
      sessionId: 'morning',
      customerName: "Maisie's parent",
      customerPhone: '07700 900456',
      membershipCoverPence: 2 * 950 + 2 * 200,
      creditsUsed: 0,
    });
    const named = await t.ctx.db.select().from(bookingChildren).where(eq(bookingChildren.bookingId, booking!.id));
    expect(named.map((c) => c.membershipId)).toEqual([ids.annual, ids.annual]);
    const [taken] = await t.ctx.db
      .select()
      .from(sessionOccupancy)
      .where(and(eq(sessionOccupancy.visitDate, '2026-07-07'), eq(sessionOccupancy.sessionId, 'morning')));
    expect(taken?.taken).toBe(2);
    const [checkIn] = await t.ctx.db.select().from(checkIns).where(eq(checkIns.bookingId, booking!.id));
    expect(checkIn).toMatchObject({ children: 2, adults: 2, numberPlate: 'AB12CDE' });
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, booking!.id));
    expect(audited.map((a) => a.action)).toContain('checked_in');

    // Scanned again, the card finds today's visit, checked in, to check out on the way home.
    const [found] = await findAs(t.app, kiosk, { by: 'ticket', token: cards.annual });
    expect(found).toMatchObject({ checkedIn: true, checkedOut: false, canCheckOut: true });
  });

  it('answers a double tap with the same visit, and refuses a second walk-in the same day', async () => {
    const requestId = randomUUID();
    const before = await count('bookings');
    const [a, b] = await Promise.all([walkIn(cards.monthly, { requestId }), walkIn(cards.monthly, { requestId })]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 201]);
    expect((a.json() as MemberWalkInResponse).ticket).toMatchObject({ checkedIn: true, numberOfChildren: 1 });
    expect((b.json() as MemberWalkInResponse).ticket).toMatchObject({ checkedIn: true, numberOfChildren: 1 });
    expect(await count('bookings')).toBe(before + 1);
    // Retried later (a lost answer): the same visit again, nothing new.
    const again = await walkIn(cards.monthly, { requestId });
    expect(again.statusCode, again.body).toBe(200);
    expect(await count('bookings')).toBe(before + 1);

    const state = await snapshot();
    const second = await walkIn(cards.monthly);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'not_covered',
      message: "Today's membership visit has already been used. Please ask at the desk.",
    });
    expect((await offer(cards.monthly)).statusCode).toBe(409);
    expect(await snapshot()).toEqual(state);
  });

  it('refuses an off-peak pass on a peak day, in plain words, and writes nothing', async () => {
    now = SATURDAY;
    const state = await snapshot();
    const offered = await offer(cards.monthly);
    expect(offered.statusCode, offered.body).toBe(409);
    expect(offered.json().error.message).toBe(
      'Your Monthly Play Pass covers Off-peak days; today is a Peak day. Please ask at the desk.',
    );
    const res = await walkIn(cards.monthly);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('not_covered');
    expect(await snapshot()).toEqual(state);
    // Grown-ups on a plan without free adults are not sold at the kiosk.
    now = WEDNESDAY;
    const adults = await walkIn(cards.monthly, { adults: 1 });
    expect(adults.statusCode, adults.body).toBe(400);
    expect(adults.json().error.message).toBe("Grown-ups' tickets are paid at the desk.");
    expect(await snapshot()).toEqual(state);
  });

  it('refuses when the session has no room for the children, and writes nothing', async () => {
    now = WEDNESDAY;
    const staff = requestAs(t.app, (await signInAs(t.app, t.ctx)).cookie);
    const capped = await staff('POST', '/api/admin/calendar/capacity', {
      date: '2026-07-08',
      sessionId: 'morning',
      capacity: 1,
    });
    expect(capped.statusCode, capped.body).toBe(200);
    const state = await snapshot();
    const res = await walkIn(cards.annual);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'capacity_exhausted' });
    expect(res.json().error.message).toBe(
      'Sorry, the 9:30 AM - 11:30 AM session has room for only 1 more child. Please choose who is playing, or ask at the desk.',
    );
    expect(await snapshot()).toEqual(state);
    // One child of the two fits.
    const one = await walkIn(cards.annual, { children: [0] });
    expect(one.statusCode, one.body).toBe(201);
    expect((one.json() as MemberWalkInResponse).ticket).toMatchObject({ numberOfChildren: 1, numberOfAdults: 0 });
    // Now full: no offer for the Monthly Play Pass either.
    const full = await offer(cards.monthly);
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().error.message).toBe(
      'Sorry, the 9:30 AM - 11:30 AM session is full. Please ask at the desk about later sessions.',
    );
  });

  it('refuses a forged card, a member number, no kiosk, a family cookie and staff', async () => {
    now = WEDNESDAY;
    const state = await snapshot();
    const forged = `${cards.annual.slice(0, -4)}AAAA`;
    for (const card of [forged, 'M1001-M1001-M1001', `MC-${ids.annual}`]) {
      const o = await offer(card);
      expect(o.statusCode, o.body).toBe(404);
      expect((await walkIn(card)).statusCode).toBe(404);
    }
    expect((await offer(cards.annual, '')).statusCode).toBe(401);
    expect((await walkIn(cards.annual, {}, '')).statusCode).toBe(401);
    const family = await familyCookieFor(t.ctx.db, 'carter@example.com', WEDNESDAY);
    expect((await offer(cards.annual, family)).statusCode).toBe(401);
    expect((await walkIn(cards.annual, {}, family)).statusCode).toBe(401);
    const staff = (await signInAs(t.app, t.ctx)).cookie;
    expect((await walkIn(cards.annual, {}, staff)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(state);
  });

  it('refuses a paused membership', async () => {
    now = WEDNESDAY;
    const admin = requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    const paused = await admin('POST', `/api/admin/memberships/${ids.monthly}/pause`, { reason: 'Card expired' });
    expect(paused.statusCode, paused.body).toBe(200);
    const res = await walkIn(cards.monthly);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe('This membership is paused. Please ask at the desk.');
  });
});
