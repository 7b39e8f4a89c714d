import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyPartiesResponseSchema, partyInvitationViewSchema } from '../../../shared/contracts/party-booking';
import { partyInvitations } from '../../db/schema';
import { familyCookieFor } from '../../families/testing/family-fixtures';
import { openTestApp } from '../../testing/test-app';
import { testDbKinds } from '../../testing/test-database';
import { getAppSecret } from '../../security/app-secret';
import { holdParty } from '../hold-party';
import { manageTokenFor } from '../party-access';
import { partyRequest } from '../testing/party-fixtures';
import { cancelParty } from '../cancel-party';
import { confirmedParty, invitationMailTo, mailCount } from './testing/guest-fixtures';

// Monday 1 June 2026, 09:00 BST. The parties are on Saturday 20 June; each test has parties of its own.
const NOW = new Date('2026-06-01T08:00:00Z');
const PARTY_DATE = '2026-06-20';
/** Noon in London on a day relative to the party. */
const partyDayPlus = (days: number) => new Date(Date.UTC(2026, 5, 20 + days, 11, 0));

describe.each(testDbKinds)('party guests on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = NOW;
  let secret: string;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    secret = await getAppSecret(t.ctx.db);
  });
  afterAll(() => t?.close());
  const db = () => t.ctx.db;

  const invite = (partyId: string, emails: string[], auth: { token?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/parties/${partyId}/invitations`,
      headers: {
        'content-type': 'application/json',
        ...(auth.token ? { 'x-party-token': auth.token } : {}),
        ...(auth.cookie ? { cookie: auth.cookie } : {}),
      },
      payload: JSON.stringify({ emails }),
    });
  const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/party-invitations/${token}` });
  const rsvp = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/party-invitations/${token}/rsvp`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const codeOf = (res: LightMyRequestResponse) => (res.json() as { error?: { code: string } }).error?.code;

  it('sends invitations only to the party’s family: manage token or its session; strangers get 404', async () => {
    clock = NOW;
    const party = await confirmedParty(db(), 1, NOW, { date: PARTY_DATE, slotId: 'morning-long' });
    const other = await confirmedParty(db(), 2, NOW, { date: PARTY_DATE, slotId: 'afternoon-long' });
    const before = await mailCount(db(), 'party-invitation');
    const refused = [
      await invite(party.id, ['a@example.com']),
      await invite(party.id, ['a@example.com'], { token: manageTokenFor(secret, other.id) }),
      await invite(party.id, ['a@example.com'], { token: `${manageTokenFor(secret, party.id)}x` }),
      await invite(party.id, ['a@example.com'], { token: 'not-a-token-at-all-but-long-enough' }),
      await invite(party.id, ['a@example.com'], { cookie: await familyCookieFor(db(), 'family2@example.com', NOW) }),
      await invite('00000000-0000-4000-8000-000000000000', ['a@example.com'], {
        token: manageTokenFor(secret, party.id),
      }),
    ];
    for (const res of refused) expect([res.statusCode, codeOf(res)]).toEqual([404, 'party_not_found']);
    expect(await mailCount(db(), 'party-invitation')).toBe(before);

    const byToken = await invite(party.id, ['a@example.com', 'B@Example.com'], {
      token: manageTokenFor(secret, party.id),
    });
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json()).toEqual({ sent: 2, remaining: 10 });
    const bySession = await invite(party.id, ['c@example.com'], {
      cookie: await familyCookieFor(db(), 'FAMILY1@example.com', NOW),
    });
    expect(bySession.json()).toEqual({ sent: 1, remaining: 9 });
    expect(await mailCount(db(), 'party-invitation')).toBe(before + 3);
    expect((await invite(party.id, ['not an address'], { token: manageTokenFor(secret, party.id) })).statusCode).toBe(
      400,
    );
    expect((await invite(party.id, [], { token: manageTokenFor(secret, party.id) })).statusCode).toBe(400);
  });

  it('invites at most one guest per child booked, all or nothing; an address invited again gets a fresh link', async () => {
    clock = NOW;
    const party = await confirmedParty(db(), 3, NOW, { date: PARTY_DATE, slotId: 'midday', children: 10 });
    const token = manageTokenFor(secret, party.id);
    const guests = (from: number, n: number) => Array.from({ length: n }, (_, i) => `guest${from + i}@example.com`);
    expect((await invite(party.id, guests(0, 4), { token })).json()).toEqual({ sent: 4, remaining: 6 });
    const before = await mailCount(db(), 'party-invitation');
    const over = await invite(party.id, guests(4, 7), { token });
    expect([over.statusCode, codeOf(over)]).toEqual([400, 'party_invitations_over']);
    expect(over.json().error.message).toContain('up to 10 guests');
    expect(over.json().error.message).toContain('6 invitations left');
    expect(await mailCount(db(), 'party-invitation')).toBe(before);

    const first = await invitationMailTo(db(), 'guest0@example.com');
    // Again, in another case, with a new address: the old address does not count twice.
    expect(
      (await invite(party.id, ['GUEST0@example.com', 'guest0@example.com', ...guests(4, 6)], { token })).json(),
    ).toEqual({ sent: 7, remaining: 0 });
    const second = await invitationMailTo(db(), 'guest0@example.com');
    expect(second.token).not.toBe(first.token);
    expect((await view(first.token)).statusCode).toBe(404);
    expect((await view(second.token)).statusCode).toBe(200);
    const full = await invite(party.id, ['one.more@example.com'], { token });
    expect([full.statusCode, codeOf(full)]).toEqual([400, 'party_invitations_over']);
    expect(full.json().error.message).toContain('Every invitation has been sent');
    const rows = await db().select().from(partyInvitations).where(eq(partyInvitations.partyId, party.id));
    expect(rows).toHaveLength(10);
    // Only the hash of each link is kept.
    expect(rows.map((r) => r.tokenHash)).not.toContain(second.token);
  });

  it('sends none for a held or cancelled party, or once the party day is over', async () => {
    clock = NOW;
    const held = await holdParty(db(), partyRequest(4, { date: '2026-06-21', slotId: 'morning-long' }), NOW);
    const heldRes = await invite(held.id, ['x@example.com'], { token: manageTokenFor(secret, held.id) });
    expect([heldRes.statusCode, codeOf(heldRes)]).toEqual([409, 'party_invitations_closed']);
    const party = await confirmedParty(db(), 5, NOW, { date: '2026-06-21', slotId: 'midday' });
    clock = new Date('2026-06-21T20:00:00Z'); // the party day, 21:00 BST: still open
    expect((await invite(party.id, ['x@example.com'], { token: manageTokenFor(secret, party.id) })).statusCode).toBe(
      200,
    );
    clock = new Date('2026-06-21T23:30:00Z'); // 00:30 BST the next day
    const late = await invite(party.id, ['y@example.com'], { token: manageTokenFor(secret, party.id) });
    expect([late.statusCode, codeOf(late)]).toEqual([409, 'party_invitations_closed']);
    clock = NOW;
    const cancelled = await confirmedParty(db(), 6, NOW, { date: '2026-06-21', slotId: 'afternoon-long' });
    await cancelParty(db(), { id: cancelled.id, now: NOW, by: { role: 'family' } });
    const res = await invite(cancelled.id, ['x@example.com'], { token: manageTokenFor(secret, cancelled.id) });
    expect([res.statusCode, codeOf(res)]).toEqual([409, 'party_invitations_closed']);
  });

  it('mails and shows a guest the host child’s first name, when and where, and nothing about the family or other guests', async () => {
    clock = NOW;
    const party = await confirmedParty(db(), 7, NOW, {
      date: '2026-06-27',
      slotId: 'midday',
      childFirstName: 'Maisie Quillfeather',
      parentName: 'Petra Quillfeather',
      parentEmail: 'petra.q@example.com',
      parentPhone: '07700 900417',
    });
    await invite(party.id, ['ann@example.com', 'bob@example.com'], { token: manageTokenFor(secret, party.id) });
    const ann = await invitationMailTo(db(), 'ann@example.com');
    const bob = await invitationMailTo(db(), 'bob@example.com');
    expect(
      (await rsvp(bob.token, { rsvp: 'coming', guestChildFirstName: 'Barnaby', allergies: 'Peanuts' })).statusCode,
    ).toBe(200);
    const mail = ann.text + ann.html;
    expect(ann.text).toContain('Maisie');
    expect(ann.text).toContain('Saturday 27 June 2026, 12:00 PM - 2:30 PM');
    expect(ann.text).toContain('Play Time Barn');
    const res = await view(ann.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = partyInvitationViewSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      hostChildFirstName: 'Maisie',
      date: '2026-06-27',
      slotLabel: '12:00 PM - 2:30 PM',
      rsvp: null,
      guestChildFirstName: null,
    });
    expect(body.venueName).toBe(ann.text.match(/at (.+)!/)![1]);
    expect(body.venueAddress.length).toBeGreaterThan(10);
    for (const secretThing of [
      'quillfeather',
      'petra',
      '900417',
      'bob@',
      'barnaby',
      'peanuts',
      party.reference.toLowerCase(),
    ]) {
      expect(res.body.toLowerCase()).not.toContain(secretThing);
      expect(mail.toLowerCase()).not.toContain(secretThing);
    }
  });

  it('records a reply and lets it change until the party day; refuses bad input and unknown links', async () => {
    clock = NOW;
    const party = await confirmedParty(db(), 8, NOW, { date: '2026-06-27', slotId: 'afternoon-long' });
    await invite(party.id, ['cara@example.com'], { token: manageTokenFor(secret, party.id) });
    const { token } = await invitationMailTo(db(), 'cara@example.com');
    const yes = await rsvp(token, { rsvp: 'coming', guestChildFirstName: ' Cara ', allergies: 'Sesame' });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toMatchObject({ rsvp: 'coming', guestChildFirstName: 'Cara' });
    clock = new Date('2026-06-27T10:00:00Z'); // the party morning
    const no = await rsvp(token, { rsvp: 'not_coming', guestChildFirstName: 'Cara' });
    expect(no.json()).toMatchObject({ rsvp: 'not_coming' });
    const [row] = await db().select().from(partyInvitations).where(eq(partyInvitations.partyId, party.id));
    expect(row).toMatchObject({ rsvp: 'not_coming', guestChildFirstName: 'Cara', allergies: '' });
    expect(row!.respondedAt).toEqual(clock);

    const bad = await rsvp(token, { rsvp: 'maybe', guestChildFirstName: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['guestChildFirstName', 'rsvp']);
    const unknown = 'A'.repeat(43);
    for (const res of [await view(unknown), await rsvp(unknown, { rsvp: 'coming', guestChildFirstName: 'X' })])
      expect([res.statusCode, codeOf(res)]).toEqual([404, 'party_invitation_not_found']);
    expect((await view('short')).statusCode).toBe(400);
  });

  it('keeps a link working for 7 days after the party (replies closed), then answers as for an unknown link', async () => {
    clock = NOW;
    const party = await confirmedParty(db(), 9, NOW, {
      date: PARTY_DATE,
      slotId: 'morning',
      packageId: 'bronze',
      children: 11,
    });
    await invite(party.id, ['dora@example.com'], { token: manageTokenFor(secret, party.id) });
    const { token } = await invitationMailTo(db(), 'dora@example.com');
    clock = partyDayPlus(1);
    expect((await view(token)).statusCode).toBe(200);
    const closed = await rsvp(token, { rsvp: 'coming', guestChildFirstName: 'Dora' });
    expect([closed.statusCode, codeOf(closed)]).toEqual([409, 'party_rsvp_closed']);
    clock = partyDayPlus(6);
    expect((await view(token)).statusCode).toBe(200);
    clock = partyDayPlus(7);
    const dead = await view(token);
    const unknown = await view('B'.repeat(43));
    expect([dead.statusCode, codeOf(dead)]).toEqual([404, 'party_invitation_not_found']);
    expect(dead.json()).toEqual(unknown.json());
  });

  it('lists the family’s own parties on My Bookings with reply counts and a working manage token', async () => {
    clock = NOW;
    const email = 'lister@example.com';
    const party = await confirmedParty(db(), 10, NOW, {
      date: '2026-06-28',
      slotId: 'morning-long',
      parentEmail: 'Lister@Example.com',
    });
    await holdParty(db(), partyRequest(10, { date: '2026-06-28', slotId: 'midday', parentEmail: email }), NOW);
    const noSession = await t.app.inject({ method: 'GET', url: '/api/family/parties' });
    expect([noSession.statusCode, codeOf(noSession)]).toEqual([401, 'family_session_required']);

    await invite(party.id, ['e1@example.com', 'e2@example.com', 'e3@example.com'], {
      token: manageTokenFor(secret, party.id),
    });
    await rsvp((await invitationMailTo(db(), 'e1@example.com')).token, { rsvp: 'coming', guestChildFirstName: 'E' });
    await rsvp((await invitationMailTo(db(), 'e2@example.com')).token, {
      rsvp: 'not_coming',
      guestChildFirstName: 'F',
    });
    const cookie = await familyCookieFor(db(), email, NOW);
    const res = await t.app.inject({ method: 'GET', url: '/api/family/parties', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = familyPartiesResponseSchema.parse(res.json());
    expect(body.past).toEqual([]);
    expect(body.upcoming).toHaveLength(1); // the held one is not a sale
    expect(body.upcoming[0]).toMatchObject({
      id: party.id,
      reference: party.reference,
      date: '2026-06-28',
      slotLabel: '9:30 AM - 12:30 PM',
      packageName: 'Silver',
      status: 'confirmed',
      totalPence: party.totalPence,
      balancePence: party.totalPence - party.depositPence,
      balanceDueDate: '2026-06-21',
      invitations: { sent: 3, coming: 1, notComing: 1 },
    });
    // The token works as the manage link's would.
    const viaToken = await invite(party.id, ['e4@example.com'], { token: body.upcoming[0]!.manageToken });
    expect(viaToken.statusCode).toBe(200);
    // Another family sees none of it.
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/family/parties',
      headers: { cookie: await familyCookieFor(db(), 'stranger@example.com', NOW) },
    });
    expect(stranger.json()).toEqual({ upcoming: [], past: [] });
  });
});
