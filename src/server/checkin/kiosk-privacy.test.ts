import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindTicketsInput, KioskTicket } from '../../shared/contracts/checkin';
import type { DayList } from '../../shared/contracts/kiosk-offline';
import { decodeQrPng } from '../../../tests/e2e/support/qr';
import { ticketQrPng } from '../bookings/booking-mails';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { agreed, bookTicket, kioskPost, ticketCodes } from './testing/kiosk-fixtures';
import { ticketHash } from './day-list';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { memberCardToken } from '../memberships/member-card';
import { familyWithChildren, payByTestCard } from '../memberships/testing/membership-fixtures';
import { getAppSecret } from '../security/app-secret';

const TODAY = '2025-10-20';
const START = new Date('2025-10-20T07:00:00Z'); // Monday 08:00 BST

/** What a kiosk answer may never name (DECISIONS.md "Kiosk privacy"). */
const FORBIDDEN_KEY = /mail|phone|pence|amount|price|total|reference|customerName|bookingId|ticketId|checkInId/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;

/** The kiosk's own ids (its queued offline check-ins'), which the server may answer back. */
const ownIds = new Set<string>();

/** Every leak in a JSON value, as "path: why", walking objects and arrays to the leaves. */
function leaks(value: unknown, secrets: string[], path = '$'): string[] {
  if (typeof value === 'string') {
    if (ownIds.has(value)) return [];
    const found: string[] = [];
    if (UUID.test(value)) found.push(`${path}: a uuid`);
    if (EMAIL.test(value)) found.push(`${path}: an e-mail address`);
    for (const s of secrets) if (value.toLowerCase().includes(s.toLowerCase())) found.push(`${path}: contains ${s}`);
    return found;
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, secrets, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...(FORBIDDEN_KEY.test(k) ? [`${path}.${k}: a forbidden field`] : []),
      ...leaks(v, secrets, `${path}.${k}`),
    ]);
  return [];
}

describe.each(testDbKinds)('the kiosk hides everyone from a stranger (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let kiosk: string;
  const answers: { route: string; status: number; body: unknown }[] = [];
  const secrets: string[] = [];
  let sam: { id: string; reference: string; token: string };
  let alice: { id: string; reference: string; token: string };

  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const book = async (customerName: string, customerEmail: string, customerPhone: string, date = TODAY) => {
      const id = await bookTicket(t.app, { customerName, customerEmail, customerPhone, selectedDate: date });
      const codes = await ticketCodes(t.ctx.db, id);
      // Whatever a stranger could harvest: ids, references, addresses, numbers, full names.
      secrets.push(id, codes.reference, customerEmail, customerPhone.replace(/\s/g, '').slice(-6), customerName);
      return { id, ...codes };
    };
    sam = await book('Sam Carter', 'sam.carter@example.com', '07700 900321');
    alice = await book('Alice Carter', 'alice@example.com', '07700 900555');
    await book('Sam Carter', 'later@example.com', '07700 900321', '2025-10-21');
  });
  afterAll(() => t?.close());

  /** A kiosk call whose answer is kept for the leak walk at the end. */
  const call = async (route: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> => {
    const res =
      payload === undefined
        ? await t.app.inject({ method: 'GET', url, headers: { cookie: kiosk } })
        : await kioskPost(t.app, kiosk, url, payload);
    answers.push({ route, status: res.statusCode, body: res.json() });
    return res;
  };
  const find = async (input: FindTicketsInput): Promise<KioskTicket[]> => {
    const res = await call('POST /api/check-in/find', '/api/check-in/find', input);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().tickets;
  };

  it('answers short or half-right searches with nothing, the same as no match', async () => {
    for (const input of [
      { by: 'surname', surname: 'Ca', phoneDigits: '321' },
      { by: 'surname', surname: 'C a', phoneDigits: '321' },
      { by: 'surname', surname: '', phoneDigits: '' },
      { by: 'surname', surname: 'Carter', phoneDigits: '320' },
      { by: 'surname', surname: 'Carter', phoneDigits: '32' },
      { by: 'surname', surname: 'Carter', phoneDigits: '' },
      { by: 'surname', surname: 'Car', phoneDigits: '321' },
      { by: 'surname', surname: 'Sam', phoneDigits: '321' },
      { by: 'reference', reference: sam.reference.slice(0, 6) },
      { by: 'reference', reference: '' },
      { by: 'ticket', token: sam.token.slice(0, 10) },
      { by: 'ticket', token: `${sam.token}x` },
    ] as FindTicketsInput[])
      expect(await find(input), JSON.stringify(input)).toEqual([]);
  });

  it('finds Sam by reference, or by surname and the last 3 phone digits: first name and initial only', async () => {
    const [byRef, ...more] = await find({ by: 'reference', reference: sam.reference.slice(4).toLowerCase() });
    expect(more).toEqual([]);
    expect(byRef).toEqual({
      handle: expect.stringMatching(/^[\w-]{40,}$/),
      displayName: 'Sam C.',
      bookingDate: TODAY,
      timeSlot: '9:30 AM - 11:30 AM',
      numberOfChildren: 2,
      numberOfAdults: 1,
      status: 'confirmed',
      checkedIn: false,
      checkedOut: false,
      canCheckOut: false,
      // The visit agreement (issue 39): the rules of play and the named children's first names (none here).
      agreement: { accepted: false, version: 1, text: expect.stringContaining('rules of play'), childNames: [] },
    });
    // Alice shares the surname, not the number; tomorrow's Sam is not today's.
    const bySurname = await find({ by: 'surname', surname: '  carter ', phoneDigits: '321' });
    expect(bySurname.map((x) => x.displayName)).toEqual(['Sam C.']);
    expect(await find({ by: 'surname', surname: 'CARTER', phoneDigits: '555' })).toMatchObject([
      { displayName: 'Alice C.' },
    ]);
  });

  it('checks the family in from a scan of the real ticket QR, and out by scanning it again', async () => {
    const token = decodeQrPng(await ticketQrPng(sam.token)).text;
    expect(token).toBe(sam.token);
    const [scanned] = await find({ by: 'ticket', token: token! });
    expect(scanned).toMatchObject({ displayName: 'Sam C.', checkedIn: false, canCheckOut: true });
    const checkIn = await call('POST /api/check-in/check-in', '/api/check-in/check-in', {
      handle: scanned!.handle,
      numberPlate: 'ab12 cde',
      ...agreed,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    // Someone who knows the surname and number sees Sam is in, but cannot check Sam out.
    const [seen] = await find({ by: 'surname', surname: 'Carter', phoneDigits: '321' });
    expect(seen).toMatchObject({ checkedIn: true, canCheckOut: false });
    const refused = await call('POST /api/check-in/check-out', '/api/check-in/check-out', { handle: seen!.handle });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'forbidden']);
    const byId = await call('POST /api/check-in/check-out', '/api/check-in/check-out', { ticketId: sam.id });
    expect(byId.statusCode).toBe(403);

    const [again] = await find({ by: 'ticket', token: sam.token });
    expect(again).toMatchObject({ checkedIn: true, checkedOut: false, canCheckOut: true });
    const out = await call('POST /api/check-in/check-out', '/api/check-in/check-out', { handle: again!.handle });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().message).toBe('Sam C. has been checked out.');
  });

  it('keeps the walk-in, sessions and error answers as bare as the searches', async () => {
    const walkIn = await call('POST /api/check-in/walk-in', '/api/check-in/walk-in', {
      customerName: 'Wendy Walker',
      numberOfChildren: 1,
      numberOfAdults: 1,
      ...agreed,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json().ticket.displayName).toBe('Wendy W.');
    secrets.push('Wendy Walker');
    const sessions = await call('GET /api/available-sessions/:date', `/api/available-sessions/${TODAY}`);
    expect(sessions.statusCode).toBe(200);
    const rescan = await call('POST /api/check-in/find', '/api/check-in/find', { by: 'ticket', token: sam.token });
    expect(rescan.statusCode).toBe(200); // checked out: still shown to the ticket's holder
    const forged = await call('POST /api/check-in/check-in', '/api/check-in/check-in', { handle: sam.id, ...agreed });
    expect(forged.statusCode).toBe(404);
  });

  it('keeps a member walk-in (issue 40) to first names, the session and the party', async () => {
    const email = 'mo.member@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Maisie'], START);
    const joined = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
    const { membershipId, memberNumber, clientSecret } = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, clientSecret)).json()).toEqual({ status: 'succeeded' });
    secrets.push(email, '900456', "Maisie's parent", membershipId, memberNumber, ...childIds, '2019-01-15');
    const card = memberCardToken(await getAppSecret(t.ctx.db), membershipId);
    const offer = await call('POST /api/check-in/member-offer', '/api/check-in/member-offer', { card });
    expect(offer.statusCode, offer.body).toBe(200);
    const walkIn = await call('POST /api/check-in/member-walk-in', '/api/check-in/member-walk-in', {
      card,
      requestId: randomUUID(),
      adults: 1,
      ...agreed,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const again = await call('POST /api/check-in/member-offer', '/api/check-in/member-offer', { card });
    expect(again.statusCode, again.body).toBe(409);
  });

  it('accepts the visit agreement on the tablet and answers as bare (issue 39)', async () => {
    const [scanned] = await find({ by: 'ticket', token: alice.token });
    const accepted = await call('POST /api/check-in/agreement', '/api/check-in/agreement', {
      handle: scanned!.handle,
      version: 1,
      fullName: 'Alice Carter',
      accept: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const stale = await call('POST /api/check-in/agreement', '/api/check-in/agreement', {
      handle: scanned!.handle,
      version: 7,
      fullName: 'Alice Carter',
      accept: true,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps the offline day list and the sync answers as bare (issue 41)', async () => {
    const listed = await call('GET /api/check-in/day-list', '/api/check-in/day-list');
    expect(listed.statusCode).toBe(200);
    const list = listed.json().list as DayList;
    const { hashKey, tickets, otherDays, sessions, expiresAt, ...signed } = list;
    expect([tickets.length, otherDays.length, sessions.length, expiresAt]).toBeTruthy();
    const items = [alice.token, 'not a ticket of ours'].map((code) => ({
      id: randomUUID(),
      ticket: ticketHash(hashKey, code),
      admittedAt: START.toISOString(),
    }));
    items.forEach((i) => ownIds.add(i.id));
    const synced = await call('POST /api/check-in/sync', '/api/check-in/sync', { list: signed, items });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'refused']);
  });

  it('never answers a kiosk with an e-mail, phone, amount, reference, full name or id, on any kiosk route', () => {
    const kioskRoutes = t.routes
      .filter((r) => /^\/api\/(check-in|available-sessions)\//.test(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => r !== 'POST /api/check-in/search-all-tickets'); // staff only: kiosk-search.test.ts
    expect(new Set(answers.map((a) => a.route))).toEqual(new Set(kioskRoutes));
    expect(answers.length).toBeGreaterThan(20);
    for (const a of answers) expect(leaks(a.body, secrets), `${a.route} ${a.status}`).toEqual([]);
  });

  it('finds the leaks it is looking for (the walk is not vacuous)', () => {
    const planted = { a: [{ b: { customerEmail: 'x' } }], c: [`is ${sam.id}`], d: 'me@example.com', e: 2100 };
    expect(leaks(planted, [])).toEqual([
      '$.a[0].b.customerEmail: a forbidden field',
      '$.c[0]: a uuid',
      '$.d: an e-mail address',
    ]);
    expect(leaks({ totalAmount: 2100 }, [])).toEqual(['$.totalAmount: a forbidden field']);
  });
});
