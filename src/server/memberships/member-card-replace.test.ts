import { describe, expect, it } from 'vitest';
import type { FamilyMembershipsResponse, JoinMembershipResponse } from '../../shared/contracts/memberships';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { kioskPost } from '../checkin/testing/kiosk-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { getAppSecret } from '../security/app-secret';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { memberCardsOfDay, memberCardToken } from './member-card';
import { familyWithChildren, payByTestCard, qrTextOfPng } from './testing/membership-fixtures';

// Tuesday 7 July 2026, 08:00 in London.
const NOW = new Date('2026-07-07T07:00:00Z');
const TODAY = '2026-07-07';

/** Issue 46 "Nothing kept for ever": a family replaces its member card; the old one stops at once. */
describe.each(testDbKinds)('replacing a member card (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });

  it('refuses the old card online and in the next day list, and accepts the new one; another family: 404', async () => {
    const db = t.ctx.db;
    const email = 'lost-card@example.com';
    const { family, childIds } = await familyWithChildren(t.app, db, email, ['Maisie'], NOW);
    const joined = (
      await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds })
    ).json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, joined.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const id = joined.membershipId;
    const secret = await getAppSecret(db);
    const oldCard = memberCardToken(secret, id);
    // Today's covered visit, so the card is in the kiosk's day list.
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: email,
        selectedDate: TODAY,
        selectedTime: 'afternoon',
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 0,
        childIds,
      }),
      await familyCookieFor(db, email, NOW),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await memberCardsOfDay(db, TODAY)).map((c) => c.code)).toEqual([oldCard]);

    const stranger = await familyWithChildren(t.app, db, 'stranger@example.com', ['Yan'], NOW);
    const theirs = await stranger.family('POST', `/api/family/memberships/${id}/replace-card`, {});
    expect(theirs.statusCode).toBe(404);
    const replaced = await family('POST', `/api/family/memberships/${id}/replace-card`, {});
    expect(replaced.statusCode, replaced.body).toBe(200);

    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const scan = (card: string) => kioskPost(t.app, kiosk, '/api/check-in/member-offer', { card });
    const old = await scan(oldCard);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.code).toBe('ticket_not_found');
    const newCard = memberCardToken(secret, id, 2);
    // The new card finds today's booking (an offer is for a card with no booking today: it says the visit is used).
    expect((await scan(newCard)).statusCode).not.toBe(404);
    expect((await memberCardsOfDay(db, TODAY)).map((c) => c.code)).toEqual([newCard]);
    // My Bookings shows the new card's QR.
    const mine = (await family('GET', '/api/family/memberships')).json() as FamilyMembershipsResponse;
    const png = Buffer.from(mine.memberships[0]!.cardQr!.split(',')[1]!, 'base64');
    expect(await qrTextOfPng(png)).toBe(newCard);
  });
});
