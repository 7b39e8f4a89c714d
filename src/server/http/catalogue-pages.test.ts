import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalogue } from '../catalogue/catalogue-store';
import { openTestApp } from '../testing/test-app';

// A stand-in for the built prerenderer: draws the phone number of the catalogue it is given.
const prerenderer = `
export async function renderPage(pathname, catalogue) {
  return '<p>Call ' + catalogue.venue.phone + ' on ' + pathname + '</p>';
}`;

/** Changes the venue document as an admin's edit would, and tells this process. */
async function editVenue(t: Awaited<ReturnType<typeof openTestApp>>, field: string, value: string) {
  await t.ctx.db
    .execute(sql`update catalogue_documents set value = jsonb_set(value, ${`{${field}}`}::text[], to_jsonb(${value}::text)),
    version = version + 1 where key = 'venue'`);
  await t.ctx.db.execute(sql`update catalogue_state set version = version + 1`);
  invalidateCatalogue(t.ctx.db);
}

describe('pages carry the catalogue they were drawn from', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let base: string;
  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(base, 'web'), { recursive: true });
    mkdirSync(path.join(base, 'prerender'));
    writeFileSync(path.join(base, 'prerender', 'prerender.js'), prerenderer);
    writeFileSync(
      path.join(base, 'web', 'index.html'),
      '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    t = await openTestApp('pglite', { webRoot: path.join(base, 'web') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  const catalogueIn = (html: string) =>
    JSON.parse(/<script type="application\/json" id="catalogue-data">(.*?)<\/script>/.exec(html)![1]!);

  it('embeds the catalogue as JSON the app hydrates with, and draws the first view from it', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/booking' })).body;
    const catalogue = catalogueIn(html);
    expect(catalogue.venue.phone).toBe('01632 960 123');
    expect(html).toContain('<p>Call 01632 960 123 on /booking</p>');
    // After the first view, so its bytes do not hold up the paint.
    expect(html.indexOf('id="catalogue-data"')).toBeGreaterThan(html.indexOf('id="first-view-end"'));
    // Per-visitor pages and the 404 page carry it too: every page's footer reads it.
    expect(catalogueIn((await t.app.inject({ method: 'GET', url: '/payment' })).body).version).toBe(catalogue.version);
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(catalogueIn(missing.body).venue.name).toBe(catalogue.venue.name);
  });

  it('carries the menu items only on the menu pages (the rest of the site fetches them if a family goes there)', async () => {
    const booking = catalogueIn((await t.app.inject({ method: 'GET', url: '/booking' })).body);
    expect(booking.menuItems).toBeNull();
    expect(booking.ticketTypes.length).toBeGreaterThan(0);
    for (const url of ['/menu', '/menu-enhanced', '/menu-poster']) {
      const carried = catalogueIn((await t.app.inject({ method: 'GET', url })).body);
      expect(carried.menuItems.length, url).toBeGreaterThan(10);
    }
    const full = (await t.app.inject({ method: 'GET', url: '/api/catalogue' })).json();
    expect(full.menuItems.length).toBeGreaterThan(10);
  });

  it('renders the page again after an edit, without a restart', async () => {
    await editVenue(t, 'phone', '01632 960 999');
    const html = (await t.app.inject({ method: 'GET', url: '/booking' })).body;
    expect(html).toContain('<p>Call 01632 960 999 on /booking</p>');
    expect(catalogueIn(html).venue.phoneHref).toBe('tel:+441632960999');
  });

  it('keeps text from the catalogue inside its script element, whatever it says', async () => {
    await editVenue(t, 'name', '</script><script>alert(1)</script><!--');
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(catalogueIn(html).venue.name).toBe('</script><script>alert(1)</script><!--');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'LocalBusiness',
      name: '</script><script>alert(1)</script><!--',
      telephone: '01632 960 999',
      address: { postalCode: 'TA6 4GP', addressCountry: 'GB' },
      openingHoursSpecification: [{ opens: '09:30', closes: '16:00' }],
    });
  });

  it('puts the LocalBusiness description on the home page only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('application/ld+json');
    expect((await t.app.inject({ method: 'GET', url: '/menu' })).body).not.toContain('application/ld+json');
  });

  it("answers a date's ticket prices the same from memory as when first worked out, and only for valid dates", async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const first = await get('/api/ticket-types?date=2026-12-03');
    expect(first.statusCode).toBe(200);
    expect(first.json().date).toBe('2026-12-03');
    for (const url of ['/api/ticket-types?date=2026-12-03', '/api/ticket-types?date=2026-12-03&utm_source=x'])
      expect((await get(url)).body, url).toBe(first.body);
    // Without a date: today's prices, named by their date.
    expect((await get('/api/ticket-types')).json().date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A date of the right shape that is no date is refused every time (nothing was kept for it).
    for (let i = 0; i < 2; i++) expect((await get('/api/ticket-types?date=2026-02-31')).statusCode).toBe(400);
  });

  it('answers bad input to the public catalogue routes with a 4xx in our JSON shape', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    for (const url of [
      '/api/ticket-types?date=2026-02-30',
      '/api/ticket-types?date=tomorrow',
      '/media/menu/..%2Fpasswd',
    ])
      expect([(await get(url)).statusCode, (await get(url)).json().error.code], url).toEqual([400, 'invalid_input']);
    const missing = await get('/media/menu/0123456789abcdef-480.webp');
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'not_found']);
    // A stranger sees what every family sees, and nothing an admin has: no versions of rows, no price history.
    const pub = (await get('/api/catalogue')).json();
    expect(pub.ticketTypes[0]).not.toHaveProperty('prices');
    expect(pub.menuItems[0]).not.toHaveProperty('version');
  });
});
