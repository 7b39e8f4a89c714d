import { describe, expect, it } from 'vitest';
import type { FamilyAgreementsResponse, FamilyProfileResponse } from '../../shared/contracts/family-profile';
import { useAdminApp, requestAs } from '../catalogue/testing/admin-fixtures';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { familyCookieFor } from './testing/family-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');

describe.each(testDbKinds)('family profiles and the visit agreement (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const as = async (email: string) => requestAs(t.app, await familyCookieFor(t.ctx.db, email, NOW));
  const profile = {
    version: 0,
    adults: [{ name: 'Sam Carter', phone: '07700 900456' }],
    children: [
      { firstName: 'Maisie', dateOfBirth: '2020-08-12', notes: 'Nut allergy' },
      { firstName: 'Alfie', dateOfBirth: '2025-09-30' },
    ],
    birthdayReminders: false,
  };
  let carters: FamilyProfileResponse;

  it('keeps a profile for the signed-in address: a round trip, with children ids and the consent time', async () => {
    const family = await as('sam@example.com');
    const empty = await family('GET', '/api/family/profile');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ email: 'sam@example.com', version: 0, children: [] });
    const saved = await family('PUT', '/api/family/profile', profile);
    expect(saved.statusCode, saved.body).toBe(200);
    carters = saved.json();
    expect(carters).toMatchObject({
      version: 1,
      adults: profile.adults,
      birthdayReminders: false,
      birthdayRemindersChangedAt: null,
      children: [
        { firstName: 'Maisie', dateOfBirth: '2020-08-12', notes: 'Nut allergy' },
        { firstName: 'Alfie', dateOfBirth: '2025-09-30', notes: '' },
      ],
    });
    expect((await family('GET', '/api/family/profile')).json()).toEqual(carters);

    // Consent given: stamped; a child renamed keeps its id; a child left out is removed.
    const [maisie] = carters.children;
    const next = await family('PUT', '/api/family/profile', {
      ...profile,
      version: 1,
      birthdayReminders: true,
      children: [{ ...maisie, firstName: 'Maisie-Rose' }],
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({
      version: 2,
      birthdayReminders: true,
      birthdayRemindersChangedAt: NOW.toISOString(),
      children: [{ id: maisie!.id, firstName: 'Maisie-Rose' }],
    });
    carters = next.json();
    const stale = await family('PUT', '/api/family/profile', { ...profile, version: 1 });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'stale_version']);
    expect(stale.json().error.current).toEqual(carters);
  });

  it("keeps one family's profile and children from another, and from strangers", async () => {
    const stranger = await as('other@example.com');
    const maisieId = carters.children[0]!.id;
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    // A session for another address sees its own (empty) profile, never the Carters'.
    expect((await stranger('GET', '/api/family/profile')).json()).toMatchObject({ version: 0, children: [] });
    // Naming the Carters' child (a guessed or leaked id) in its own profile or acceptance: 404, nothing written.
    const put = await stranger('PUT', '/api/family/profile', {
      ...profile,
      children: [{ id: maisieId, firstName: 'Mine now', dateOfBirth: '2020-01-01' }],
    });
    expect(put.statusCode).toBe(404);
    const accept = await stranger('POST', '/api/family/agreements', {
      version: 1,
      fullName: 'Eve Stranger',
      accept: true,
      childIds: [maisieId],
    });
    expect(accept.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    // No session: 401, whatever the body says.
    expect((await t.anon('GET', '/api/family/profile')).statusCode).toBe(401);
    expect((await t.anon('GET', '/api/family/agreements')).statusCode).toBe(401);
    expect((await t.anon('PUT', '/api/family/profile', { ...profile, email: 'sam@example.com' })).statusCode).toBe(401);
  });

  it('refuses hostile profiles with field messages and writes nothing', async () => {
    const family = await as('sam@example.com');
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    const bad = [
      { ...profile, version: 2, children: [{ firstName: 'Future', dateOfBirth: '2027-01-01' }] },
      { ...profile, version: 2, children: [{ firstName: 'Grown', dateOfBirth: '1990-01-01' }] },
      { ...profile, version: 2, children: [{ firstName: '', dateOfBirth: '2020-02-30' }] },
      { ...profile, version: 2, children: Array(9).fill({ firstName: 'Kid', dateOfBirth: '2020-01-01' }) },
      { ...profile, version: 2, adults: [{ name: 'x'.repeat(81) }] },
      { ...profile, version: 2, children: Array(30).fill({ firstName: 'Kid', dateOfBirth: '2020-01-01' }) },
      { ...profile, version: 2, children: [{ firstName: 'Long', dateOfBirth: '2020-01-01', notes: 'n'.repeat(5000) }] },
      { ...profile, version: 2, children: [{ firstName: '<script>alert(1)</script>', dateOfBirth: '2020-01-01' }] },
      { ...profile, version: 2, adults: [{ name: '<b>Sam</b>', phone: '07700 900456' }] },
    ];
    for (const body of bad) {
      const res = await family('PUT', '/api/family/profile', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.fields).toBeDefined();
    }
    expect(await counts()).toEqual(before);
  });

  it('records an acceptance for named children; a new version makes it stale', async () => {
    const family = await as('sam@example.com');
    const agreement = (await t.anon('GET', '/api/agreement')).json();
    expect(agreement).toMatchObject({ version: 1, effectiveFrom: '2000-01-01' });
    expect(agreement.text).toContain('supervised by an adult');
    const maisieId = carters.children[0]!.id;
    const unticked = await family('POST', '/api/family/agreements', {
      version: 1,
      fullName: 'Sam Carter',
      accept: false,
      childIds: [maisieId],
    });
    expect(unticked.statusCode).toBe(400);
    const accepted = await family('POST', '/api/family/agreements', {
      version: 1,
      fullName: 'Sam Carter',
      accept: true,
      childIds: [maisieId],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const list = accepted.json() as FamilyAgreementsResponse;
    expect(list.acceptances).toEqual([
      expect.objectContaining({
        version: 1,
        fullName: 'Sam Carter',
        childIds: [maisieId],
        childNames: ['Maisie-Rose'],
        acceptedVia: 'online',
        acceptedAt: NOW.toISOString(),
        current: true,
      }),
    ]);
    expect(list.childrenToAccept).toEqual([]);

    // An admin publishes version 2 from today: the acceptance is kept but no longer current.
    const published = await t.admin('PATCH', '/api/admin/catalogue/agreement', {
      version: 1,
      text: 'New rules of play: grown-ups supervise, socks on, no outside food, and no shoes on the frame.',
      effectiveFrom: '2026-07-01',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await auditRows(t.ctx.db, '2')).at(-1)).toMatchObject({ action: 'catalogue.agreement_published' });
    const after = (await family('GET', '/api/family/agreements')).json() as FamilyAgreementsResponse;
    expect(after.agreement.version).toBe(2);
    expect(after.acceptances.map((a) => [a.version, a.current])).toEqual([[1, false]]);
    expect(after.childrenToAccept).toEqual([{ id: maisieId, firstName: 'Maisie-Rose' }]);
    const old = await family('POST', '/api/family/agreements', {
      version: 1,
      fullName: 'Sam Carter',
      accept: true,
      childIds: [maisieId],
    });
    expect([old.statusCode, old.json().error.code]).toEqual([409, 'agreement_changed']);

    // Publishing is for admins; a stale publish is a 409; a version starting in the past is refused.
    const publish = {
      version: 2,
      text: 'Rules of play, version three, with enough words.',
      effectiveFrom: '2026-08-01',
    };
    expect((await t.staff('PATCH', '/api/admin/catalogue/agreement', publish)).statusCode).toBe(403);
    expect((await t.anon('PATCH', '/api/admin/catalogue/agreement', publish)).statusCode).toBe(401);
    expect((await t.admin('PATCH', '/api/admin/catalogue/agreement', { ...publish, version: 1 })).statusCode).toBe(409);
    const past = await t.admin('PATCH', '/api/admin/catalogue/agreement', { ...publish, effectiveFrom: '2026-06-30' });
    expect(past.statusCode).toBe(400);
    // A version that starts later is listed for admins, but the one in force is still version 2.
    expect((await t.admin('PATCH', '/api/admin/catalogue/agreement', publish)).statusCode).toBe(200);
    expect((await t.anon('GET', '/api/agreement')).json().version).toBe(2);
  });
});
