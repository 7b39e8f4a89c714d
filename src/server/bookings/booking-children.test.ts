import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FamilyProfileResponse } from '../../shared/contracts/family-profile';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { rowsOf } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { rowCounter } from '../testing/row-counts';
import { testDbKinds } from '../testing/test-database';
import { bookingPayload, postJson } from './testing/booking-fixtures';

// Wednesday 1 July 2026, 09:00 in London; the visit is the next Tuesday.
const NOW = new Date('2026-07-01T08:00:00Z');
const VISIT = '2026-07-07';

describe.each(testDbKinds)("a booking names the profile's children who are coming (%s)", (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const signIn = (email: string) => familyCookieFor(t.ctx.db, email, NOW);
  const saveChildren = async (email: string, names: string[]): Promise<string[]> => {
    const res = await requestAs(t.app, await signIn(email))('PUT', '/api/family/profile', {
      version: 0,
      adults: [{ name: 'Sam Carter', phone: '07700 900456' }],
      children: names.map((firstName) => ({ firstName, dateOfBirth: '2020-08-12' })),
      birthdayReminders: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as FamilyProfileResponse).children.map((c) => c.id);
  };
  const book = async (email: string, childIds: string[], cookie?: string, children = 2) =>
    postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: email,
        selectedDate: VISIT,
        ticketQuantities: { 'child-1-12': children, adult: 1 },
        totalAmount: children * 950 + 200,
        childIds,
      }),
      cookie,
    );
  const namedOn = async (bookingId: string) =>
    rowsOf<{ child_id: string }>(
      await t.ctx.db.execute(sql`select child_id from booking_children where booking_id = ${bookingId}::uuid`),
    ).map((r) => r.child_id);

  let carters: string[] = [];

  it('records the children named by a signed-in family, and none when none are named', async () => {
    carters = await saveChildren('sam@example.com', ['Maisie', 'Alfie']);
    const cookie = await signIn('sam@example.com');
    const named = await book('SAM@example.com ', carters, cookie);
    expect(named.statusCode, named.body).toBe(201);
    expect((await namedOn(named.json().bookingId)).sort()).toEqual([...carters].sort());
    const plain = await book('sam@example.com', [], cookie);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await namedOn(plain.json().bookingId)).toEqual([]);
  });

  it("refuses, writing nothing, children without a session, another family's child, or more children than tickets", async () => {
    const others = await saveChildren('other@example.com', ['Olive']);
    const otherCookie = await signIn('other@example.com');
    const cookie = await signIn('sam@example.com');
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    // Knowing the address is not proof: no session for it, no children.
    const noSession = await book('sam@example.com', carters);
    expect([noSession.statusCode, noSession.json().error.code]).toEqual([401, 'family_session_required']);
    const otherSession = await book('sam@example.com', carters, otherCookie);
    expect(otherSession.statusCode).toBe(401);
    // Another family's child, named with the Carters' own session: 404 like a guessed id.
    const stolen = await book('sam@example.com', [carters[0]!, others[0]!], cookie);
    expect([stolen.statusCode, stolen.json().error.code]).toEqual([404, 'not_found']);
    const guessed = await book('sam@example.com', ['00000000-0000-4000-8000-000000000000'], cookie);
    expect(guessed.statusCode).toBe(404);
    const tooMany = await book('sam@example.com', carters, cookie, 1);
    expect([tooMany.statusCode, tooMany.json().error.fields]).toEqual([
      400,
      { childIds: ['Add a child ticket for each child who is coming'] },
    ]);
    const notUuid = await book('sam@example.com', ['<b>1</b>'], cookie);
    expect(notUuid.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('keeps a child named on a booking still to come on the profile (issue 46: 409 child_in_use, nothing saved)', async () => {
    const res = await requestAs(t.app, await signIn('sam@example.com'))('PUT', '/api/family/profile', {
      version: 1,
      adults: [{ name: 'Sam Carter', phone: '07700 900456' }],
      children: [],
      birthdayReminders: false,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'child_in_use' });
    expect(res.json().error.message).toMatch(/is named on your booking on Tuesday 7 July/);
    const [row] = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from booking_children`));
    expect(row!.n).toBeGreaterThan(0);
  });
});
