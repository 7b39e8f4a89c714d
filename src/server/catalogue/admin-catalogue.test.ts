import { describe, expect, it } from 'vitest';
import type { AdminCatalogue, PublicCatalogue } from '../../shared/catalogue';
import { seedVenue } from '../catalogue/seed-venue';
import { auditRows } from '../testing/staff-fixtures';
import { rowCounter } from '../testing/row-counts';
import { testDbKinds } from '../testing/test-database';
import { useAdminApp } from './testing/admin-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');
const SCRIPT = '<script>alert("x")</script>';

const menuItem = (overrides: Record<string, unknown> = {}) => ({
  section: 'snacks',
  name: 'Sesame flapjack',
  description: 'Oats, honey and sesame seeds',
  pricePence: 250,
  allergens: ['sesame', 'mustard', 'gluten'],
  dietary: ['vegetarian'],
  available: true,
  ...overrides,
});

describe.each(testDbKinds)('the admin catalogue API (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const publicCatalogue = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as PublicCatalogue;
  /** Every table's row count and the catalogue itself: what "nothing written" is checked against. */
  const snapshot = async () => {
    const { version: _v, ...all } = await t.catalogue();
    return { rows: await (await rowCounter(t.ctx.db))(), all };
  };

  it('is for admins only: 401 without a session, 403 for other staff, never cached', async () => {
    const before = await snapshot();
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['GET', '/api/admin/catalogue', undefined],
      [
        'POST',
        '/api/admin/catalogue/ticket-types/adult/prices',
        { fromDate: '2026-08-01', pricePence: 300, version: 1 },
      ],
      ['PATCH', '/api/admin/catalogue/venue', { version: 1, phone: '01632 960 999' }],
      ['POST', '/api/admin/catalogue/menu-items', menuItem()],
      ['DELETE', '/api/admin/catalogue/menu-items/toast?version=1', undefined],
      ['POST', '/api/admin/catalogue/closures', { from: '2026-07-08', to: '2026-07-08', reason: 'Burst pipe' }],
      ['POST', '/api/admin/catalogue/posts', { title: 'Hi', body: 'Hello', publishFrom: '2026-07-01' }],
    ];
    for (const [method, url, body] of calls) {
      const anon = await t.anon(method, url, body);
      expect([anon.statusCode, anon.json().error.code], `${method} ${url}`).toEqual([401, 'sign_in_required']);
      const staff = await t.staff(method, url, body);
      expect([staff.statusCode, staff.json().error.code], `${method} ${url}`).toEqual([403, 'forbidden']);
      expect(staff.headers['cache-control']).toBe('no-store');
    }
    expect(await snapshot()).toEqual(before);
    const ok = await t.admin('GET', '/api/admin/catalogue');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('answers everything with ids and versions', async () => {
    const all = await t.catalogue();
    expect(all.version).toBeGreaterThanOrEqual(1);
    expect(all.venue.version).toBe(1);
    expect(all.parties.value.packages.map((p) => p.id)).toEqual(['bronze', 'silver', 'gold']);
    expect(all.ticketTypes.find((x) => x.id === 'child-1-12')).toMatchObject({
      version: 1,
      prices: [
        { bandId: 'off-peak', fromDate: '2000-01-01', pricePence: 950, feePence: 0 },
        { bandId: 'peak', fromDate: '2000-01-01', pricePence: 950, feePence: 0 },
      ],
    });
    expect(all.dayTypes).toMatchObject({ version: 0, value: { bands: [{ id: 'off-peak' }, { id: 'peak' }] } });
    expect(all.sessions.map((s) => [s.id, s.version])).toEqual([
      ['morning', 1],
      ['midday', 1],
      ['afternoon', 1],
    ]);
    expect(all.menuItems.length).toBeGreaterThan(20);
    expect(all.posts.length).toBeGreaterThan(0);
  });

  it('edits the venue: the fields sent replace theirs, the rest stay; audited; live on the public catalogue', async () => {
    const before = await t.catalogue();
    const res = await t.admin('PATCH', '/api/admin/catalogue/venue', { version: 1, phone: '01632 960 999' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as AdminCatalogue;
    expect(after.venue.version).toBe(2);
    expect(after.version).toBe(before.version + 1);
    expect(after.venue.value).toEqual({ ...before.venue.value, phone: '01632 960 999' });
    const pub = await publicCatalogue();
    expect(pub.venue.phone).toBe('01632 960 999');
    expect(pub.venue.phoneHref).toBe('tel:+441632960999');
    expect((await auditRows(t.ctx.db, 'venue')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.venue_edited',
      details: {
        before: expect.objectContaining({ phone: before.venue.value.phone }),
        after: expect.objectContaining({ phone: '01632 960 999' }),
      },
    });
  });

  it('refuses an edit made from a stale copy with 409 and the values as they are now, writing nothing', async () => {
    const before = await snapshot();
    const stale = await t.admin('PATCH', '/api/admin/catalogue/venue', { version: 1, phone: '01632 960 111' });
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error;
    expect(error).toMatchObject({
      code: 'stale_version',
      message: 'Someone else changed this while you were editing. Here is what it says now.',
    });
    expect(error.current).toEqual(before.all.venue);
    expect(error.current.value.phone).toBe('01632 960 999');

    const type = before.all.ticketTypes.find((x) => x.id === 'adult')!;
    const edit = { title: 'Grown-up', description: '', ageRange: '18+', sellDays: 'any', sessionIds: [], active: true };
    const staleType = await t.admin('PATCH', '/api/admin/catalogue/ticket-types/adult', { ...edit, version: 7 });
    expect(staleType.statusCode).toBe(409);
    expect(staleType.json().error.current).toEqual(type);
    const stalePrice = await t.admin('POST', '/api/admin/catalogue/ticket-types/adult/prices', {
      fromDate: '2026-08-01',
      pricePence: 300,
      version: 7,
    });
    expect(stalePrice.json().error).toMatchObject({ code: 'stale_version', current: type });
    const staleSession = await t.admin('PATCH', '/api/admin/catalogue/sessions/midday', {
      start: '12:00',
      end: '14:00',
      capacity: 50,
      version: 9,
    });
    expect(staleSession.json().error).toMatchObject({
      code: 'stale_version',
      current: before.all.sessions.find((s) => s.id === 'midday'),
    });
    expect(await snapshot()).toEqual(before);
  });

  it('edits a ticket type; a session it names must exist', async () => {
    const edit = {
      title: 'Grown-up',
      description: 'One adult per family plays free',
      ageRange: '18+',
      sellDays: 'weekends',
      sessionIds: ['midday'],
      active: true,
      version: 1,
    };
    const before = await snapshot();
    const unknown = await t.admin('PATCH', '/api/admin/catalogue/ticket-types/adult', {
      ...edit,
      sessionIds: ['evening'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ sessionIds: ['Unknown session: evening'] });
    expect(await snapshot()).toEqual(before);
    const res = await t.admin('PATCH', '/api/admin/catalogue/ticket-types/adult', edit);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminCatalogue).ticketTypes.find((x) => x.id === 'adult')).toMatchObject({
      title: 'Grown-up',
      sellDays: 'weekends',
      sessionIds: ['midday'],
      version: 2,
    });
    const missing = await t.admin('PATCH', '/api/admin/catalogue/ticket-types/dragon', edit);
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'not_found']);
  });

  it('keeps the party packages the same ones, and edits their words and prices', async () => {
    const { parties } = await t.catalogue();
    const body = { version: parties.version, ...parties.value };
    const dropped = await t.admin('PATCH', '/api/admin/catalogue/parties', {
      ...body,
      packages: body.packages.slice(0, 2),
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().error.fields.packages).toBeDefined();
    const renamed = await t.admin('PATCH', '/api/admin/catalogue/parties', {
      ...body,
      packages: body.packages.map((p, i) => (i === 0 ? { ...p, id: 'platinum' } : p)),
    });
    expect(renamed.statusCode).toBe(400);
    const packages = body.packages.map((p) => (p.id === 'gold' ? { ...p, perChildPence: 2100, name: SCRIPT } : p));
    const res = await t.admin('PATCH', '/api/admin/catalogue/parties', { ...body, packages });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicCatalogue()).parties.packages.find((p) => p.id === 'gold')).toMatchObject({
      perChildPence: 2100,
      name: SCRIPT,
    });
  });

  it('adds, edits and removes notice posts; a script tag is stored and answered as text', async () => {
    const created = await t.admin('POST', '/api/admin/catalogue/posts', {
      title: SCRIPT,
      body: `Line one\nSee https://example.com ${SCRIPT}`,
      publishFrom: '2026-07-01',
      pinned: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string; catalogue: AdminCatalogue };
    const pub = await publicCatalogue();
    expect(pub.posts[0]).toEqual({
      id,
      title: SCRIPT,
      body: `Line one\nSee https://example.com ${SCRIPT}`,
      publishFrom: '2026-07-01',
      expiresOn: null,
      pinned: true,
    });
    const edited = await t.admin('PATCH', `/api/admin/catalogue/posts/${id}`, {
      title: 'Closed Monday',
      body: 'Sorry!',
      publishFrom: '2026-07-02',
      expiresOn: '2026-07-10',
      pinned: false,
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Published tomorrow: not on today's board yet.
    expect((await publicCatalogue()).posts.some((p) => p.id === id)).toBe(false);
    const stale = await t.admin('DELETE', `/api/admin/catalogue/posts/${id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id, title: 'Closed Monday', version: 2 });
    const gone = await t.admin('DELETE', `/api/admin/catalogue/posts/${id}`, { version: 2 });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((gone.json() as AdminCatalogue).posts.some((p) => p.id === id)).toBe(false);
    expect((await auditRows(t.ctx.db, id)).map((a) => a.action)).toEqual([
      'catalogue.post_created',
      'catalogue.post_edited',
      'catalogue.post_deleted',
    ]);
  });

  it('adds a menu item with its allergens, an id from its name, and edits and removes it', async () => {
    const res = await t.admin('POST', '/api/admin/catalogue/menu-items', menuItem({ description: SCRIPT }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).toBe('sesame-flapjack');
    const again = await t.admin('POST', '/api/admin/catalogue/menu-items', menuItem());
    expect(again.json().id).toBe('sesame-flapjack-2');
    const item = (await publicCatalogue()).menuItems.find((m) => m.id === 'sesame-flapjack');
    expect(item).toMatchObject({
      section: 'snacks',
      name: 'Sesame flapjack',
      description: SCRIPT,
      pricePence: 250,
      allergens: ['sesame', 'mustard', 'gluten'],
      dietary: ['vegetarian'],
      available: true,
      photo: null,
    });
    const edit = await t.admin('PATCH', '/api/admin/catalogue/menu-items/sesame-flapjack', {
      ...menuItem({ pricePence: 275, available: false }),
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await publicCatalogue()).menuItems.find((m) => m.id === 'sesame-flapjack')).toMatchObject({
      pricePence: 275,
      available: false,
    });
    const removed = await t.admin('DELETE', '/api/admin/catalogue/menu-items/sesame-flapjack-2', { version: 1 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicCatalogue()).menuItems.some((m) => m.id === 'sesame-flapjack-2')).toBe(false);
    const [created] = await auditRows(t.ctx.db, 'sesame-flapjack');
    expect(created).toMatchObject({
      action: 'catalogue.menu_item_created',
      details: { before: null, after: expect.objectContaining({ name: 'Sesame flapjack', pricePence: 250 }) },
    });
  });

  it('refuses hostile input with 400 and field messages, writing nothing', async () => {
    const before = await snapshot();
    const refused: ['POST' | 'PATCH', string, unknown, string][] = [
      ['POST', '/api/admin/catalogue/menu-items', menuItem({ pricePence: -1 }), 'pricePence'],
      ['POST', '/api/admin/catalogue/menu-items', menuItem({ pricePence: 100_001 }), 'pricePence'],
      ['POST', '/api/admin/catalogue/menu-items', menuItem({ pricePence: 9.5 }), 'pricePence'],
      ['POST', '/api/admin/catalogue/menu-items', menuItem({ allergens: ['sesame', 'glitter'] }), 'allergens.1'],
      ['POST', '/api/admin/catalogue/menu-items', menuItem({ section: 'bar' }), 'section'],
      ['POST', '/api/admin/catalogue/menu-items', menuItem({ name: `Toast\u0000` }), 'name'],
      [
        'POST',
        '/api/admin/catalogue/ticket-types/adult/prices',
        { fromDate: '2026-08-01', pricePence: -1, version: 2 },
        'pricePence',
      ],
      [
        'POST',
        '/api/admin/catalogue/ticket-types/adult/prices',
        { fromDate: '2026-08-01', pricePence: 100_001, version: 2 },
        'pricePence',
      ],
      [
        'POST',
        '/api/admin/catalogue/ticket-types/adult/prices',
        { fromDate: '2026-08-01', pricePence: 9.5, version: 2 },
        'pricePence',
      ],
      [
        'POST',
        '/api/admin/catalogue/ticket-types/adult/prices',
        { fromDate: '2026-06-30', pricePence: 300, version: 2 },
        'fromDate',
      ],
      ['PATCH', '/api/admin/catalogue/venue', { version: 2, email: 'not an email' }, 'email'],
      [
        'PATCH',
        '/api/admin/catalogue/venue',
        { version: 2, social: [{ name: 'x', href: 'javascript:alert(1)' }] },
        'social.0.href',
      ],
      ['PATCH', '/api/admin/catalogue/venue', { phone: '01632 960 123' }, 'version'],
      ['POST', '/api/admin/catalogue/posts', { title: '', body: 'x', publishFrom: '2026-07-01' }, 'title'],
    ];
    for (const [method, url, body, field] of refused) {
      const res = await t.admin(method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), `${url} ${JSON.stringify(body)}`).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never overwrites an edit when the seed runs again (every start runs it)', async () => {
    const edited = await t.catalogue();
    await seedVenue(t.ctx.db);
    await seedVenue(t.ctx.db);
    const after = await t.catalogue();
    expect(after).toEqual(edited);
    expect(after.venue.value.phone).toBe('01632 960 999');
    expect(after.ticketTypes.find((x) => x.id === 'adult')!.title).toBe('Grown-up');
    expect(after.menuItems.some((m) => m.id === 'sesame-flapjack')).toBe(true);
  });
});
