import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DayListResponse } from '../../shared/contracts/kiosk-offline';
import type { FamilyMembershipsResponse, JoinMembershipResponse } from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp, type Req } from '../catalogue/testing/admin-fixtures';
import { agreed, findAs, kioskPost } from '../checkin/testing/kiosk-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { ticketHash } from '../checkin/day-list';
import { familyWithChildren, payByTestCard } from './testing/membership-fixtures';

// Tuesday 7 July 2026, 08:00 in London: an off-peak day; the morning session is still to come.
const NOW = new Date('2026-07-07T07:00:00Z');
const TODAY = '2026-07-07';

/** The text of a QR code in a data: URL, read as a kiosk's scanner reads it. */
async function qrText(dataUrl: string): Promise<string> {
  const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)!.data;
}

describe.each(testDbKinds)('the member card at the kiosk (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  let kiosk: string;
  let family: Req;
  let card: string;
  let membershipId: string;
  let maisie: string;

  beforeAll(async () => {
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const carters = await familyWithChildren(t.app, t.ctx.db, 'carter@example.com', ['Maisie', 'Alfie'], NOW);
    family = carters.family;
    maisie = carters.childIds[0]!;
    const joined = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds: [maisie] });
    expect(joined.statusCode, joined.body).toBe(201);
    const answer = joined.json() as JoinMembershipResponse;
    membershipId = answer.membershipId;
    expect((await payByTestCard(t.app, answer.clientSecret)).json()).toEqual({ status: 'succeeded' });
  });

  const dayList = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/check-in/day-list', headers: { cookie: kiosk } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DayListResponse).list;
  };
  const myMembership = async () =>
    ((await family('GET', '/api/family/memberships')).json() as FamilyMembershipsResponse).memberships[0]!;

  it("shows the family a member card whose QR names no member number, and finds today's member booking at the kiosk", async () => {
    const view = await myMembership();
    expect(view.cardQr).toMatch(/^data:image\/png;base64,/);
    card = await qrText(view.cardQr!);
    expect(card).toMatch(/^MC-/);
    expect(card).not.toContain(view.memberNumber);
    // No booking today yet: the card finds nothing.
    expect(await findAs(t.app, kiosk, { by: 'ticket', token: card })).toEqual([]);

    const cookie = await familyCookieFor(t.ctx.db, 'carter@example.com', NOW);
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: 'carter@example.com',
        selectedDate: TODAY,
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 0,
        childIds: [maisie],
      }),
      cookie,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ finalAmount: 0, membershipCover: 950 });

    const [ticket, ...more] = await findAs(t.app, kiosk, { by: 'ticket', token: card });
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({ status: 'confirmed' });
    // The kiosk's offline list has the card by its keyed hash only, standing for that ticket's hash.
    const list = await dayList();
    const ticketHashes = list.tickets.map((x) => x.hash);
    expect(list.cards).toEqual([{ hash: ticketHash(list.hashKey, card), tickets: [expect.toBeOneOf(ticketHashes)] }]);
    expect(JSON.stringify(list)).not.toContain(card);
    const checkedIn = await kioskPost(t.app, kiosk, '/api/check-in/check-in', { handle: ticket!.handle, ...agreed });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    // Staff see the visit on the Members tab.
    const listed = await t.staff('GET', `/api/admin/memberships?q=${encodeURIComponent(view.memberNumber)}`);
    expect(listed.json().memberships).toEqual([expect.objectContaining({ id: membershipId, visitsThisPeriod: 1 })]);
  });

  it('refuses a forged card, a member number typed in, and a stranger without a kiosk', async () => {
    const forged = `${card.slice(0, -4)}AAAA`;
    expect(await findAs(t.app, kiosk, { by: 'ticket', token: forged })).toEqual([]);
    const otherId = card.replace(membershipId, '00000000-0000-4000-8000-000000000000');
    expect(await findAs(t.app, kiosk, { by: 'ticket', token: otherId })).toEqual([]);
    expect(await findAs(t.app, kiosk, { by: 'ticket', token: 'M1001-M1001-M1001' })).toEqual([]);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/check-in/find',
      payload: { by: 'ticket', token: card },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('stops opening the door once the membership is over', async () => {
    const ended = await t.admin('POST', `/api/admin/memberships/${membershipId}/end`, { reason: 'Moved away' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await myMembership()).cardQr).toBeUndefined();
    expect(await findAs(t.app, kiosk, { by: 'ticket', token: card })).toEqual([]);
    expect((await dayList()).cards).toEqual([]);
  });
});
