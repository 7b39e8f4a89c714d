import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue, PublicCatalogue } from '../../shared/catalogue';
import { seedVenue } from '../catalogue/seed-venue';
import { catalogueDocuments } from '../db/schema';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { bumpCatalogueVersion } from './bump-version';
import { invalidateCatalogue } from './catalogue-store';
import { seedVisitRulesDocument } from './seed-data';
import { useAdminApp } from './testing/admin-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');
const SCRIPT = '<script>alert("x")</script>';
const URL = '/api/admin/catalogue/visit-rules';

describe.each(testDbKinds)('the visit rules editor (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const publicCatalogue = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as PublicCatalogue;
  const snapshot = async () => {
    const { version: _v, ...all } = await t.catalogue();
    return { rows: await (await rowCounter(t.ctx.db))(), all };
  };

  it("is seeded with today's values: the bundle, parking, house rules and what to bring", async () => {
    const { visitRules } = await t.catalogue();
    expect(visitRules).toEqual({ version: 1, value: seedVisitRulesDocument });
    expect(visitRules.value.creditBundle).toEqual({ credits: 10, pricePence: 7500 });
    expect(visitRules.value.parking).toEqual({ freeHours: 2, chargePence: 800, chargePeriodHours: 2 });
    expect((await publicCatalogue()).visitRules).toEqual(seedVisitRulesDocument);
  });

  it('is for admins only: 401 without a session, 403 for other staff, writing nothing', async () => {
    const before = await snapshot();
    const body = { version: 1, creditBundle: { credits: 10, pricePence: 100 } };
    const anon = await t.anon('PATCH', URL, body);
    expect([anon.statusCode, anon.json().error.code]).toEqual([401, 'sign_in_required']);
    const staff = await t.staff('PATCH', URL, body);
    expect([staff.statusCode, staff.json().error.code]).toEqual([403, 'forbidden']);
    expect(staff.headers['cache-control']).toBe('no-store');
    expect(await snapshot()).toEqual(before);
  });

  it('replaces the parts sent, keeps the rest, audits before and after, and is live on the public catalogue', async () => {
    const before = await t.catalogue();
    const res = await t.admin('PATCH', URL, {
      version: 1,
      creditBundle: { credits: 12, pricePence: 9900 },
      visitTerms: ['Socks on in the play frame.', SCRIPT],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as AdminCatalogue;
    expect(after.version).toBe(before.version + 1);
    expect(after.visitRules).toEqual({
      version: 2,
      value: {
        ...seedVisitRulesDocument,
        creditBundle: { credits: 12, pricePence: 9900 },
        visitTerms: ['Socks on in the play frame.', SCRIPT],
      },
    });
    const pub = await publicCatalogue();
    expect(pub.visitRules.creditBundle).toEqual({ credits: 12, pricePence: 9900 });
    // Stored and answered as text: the pages render it as text (React), never as markup.
    expect(pub.visitRules.visitTerms[1]).toBe(SCRIPT);
    expect(pub.visitRules.parking).toEqual(seedVisitRulesDocument.parking);
    expect((await auditRows(t.ctx.db, 'visit_rules')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.visit_rules_edited',
      details: {
        before: expect.objectContaining({ creditBundle: { credits: 10, pricePence: 7500 } }),
        after: expect.objectContaining({ creditBundle: { credits: 12, pricePence: 9900 } }),
      },
    });
  });

  it('refuses an edit made from a stale copy with 409 and the values as they are now, writing nothing', async () => {
    const before = await snapshot();
    const stale = await t.admin('PATCH', URL, {
      version: 1,
      parking: { freeHours: 3, chargePence: 0, chargePeriodHours: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'stale_version', current: before.all.visitRules });
    expect(stale.json().error.current.value.creditBundle).toEqual({ credits: 12, pricePence: 9900 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400 and field messages, writing nothing', async () => {
    const before = await snapshot();
    const parking = { freeHours: 2, chargePence: 800, chargePeriodHours: 2 };
    const refused: [unknown, string][] = [
      [{ version: 2, creditBundle: { credits: 10, pricePence: -1 } }, 'creditBundle.pricePence'],
      [{ version: 2, creditBundle: { credits: 10, pricePence: 99 } }, 'creditBundle.pricePence'],
      [{ version: 2, creditBundle: { credits: 10, pricePence: 100_001 } }, 'creditBundle.pricePence'],
      [{ version: 2, creditBundle: { credits: 10, pricePence: 75.5 } }, 'creditBundle.pricePence'],
      [{ version: 2, creditBundle: { credits: 0, pricePence: 7500 } }, 'creditBundle.credits'],
      [{ version: 2, creditBundle: { credits: 1.5, pricePence: 7500 } }, 'creditBundle.credits'],
      [{ version: 2, creditBundle: { credits: '10', pricePence: 7500 } }, 'creditBundle.credits'],
      [{ version: 2, parking: { ...parking, freeHours: -1 } }, 'parking.freeHours'],
      [{ version: 2, parking: { ...parking, chargePence: 100_001 } }, 'parking.chargePence'],
      [{ version: 2, parking: { ...parking, chargePeriodHours: 0 } }, 'parking.chargePeriodHours'],
      [{ version: 2, visitTerms: [] }, 'visitTerms'],
      [{ version: 2, visitTerms: ['   '] }, 'visitTerms.0'],
      [{ version: 2, visitTerms: [`No food\u0000`] }, 'visitTerms.0'],
      [{ version: 2, whatToBring: ['x'.repeat(301)] }, 'whatToBring.0'],
      [{ version: 2, whatToBring: Array.from({ length: 21 }, (_, i) => `Line ${i}`) }, 'whatToBring'],
      [{ creditBundle: { credits: 10, pricePence: 7500 } }, 'version'],
      [{ version: -1 }, 'version'],
    ];
    for (const [body, field] of refused) {
      const res = await t.admin('PATCH', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never overwrites an edit when the seed runs again', async () => {
    const edited = await t.catalogue();
    await seedVenue(t.ctx.db);
    expect(await t.catalogue()).toEqual(edited);
  });

  it('defaults every part on a database from before the document, and its first edit (version 0) stores it', async () => {
    // As a database from before issue 25 is: no row (the version bumped so the copy in memory reloads).
    await t.ctx.db.delete(catalogueDocuments).where(eq(catalogueDocuments.key, 'visit_rules'));
    await bumpCatalogueVersion(t.ctx.db);
    invalidateCatalogue(t.ctx.db);
    const old = await t.catalogue();
    expect(old.visitRules).toEqual({ version: 0, value: seedVisitRulesDocument });
    expect((await publicCatalogue()).visitRules).toEqual(seedVisitRulesDocument);

    const before = await snapshot();
    const stale = await t.admin('PATCH', URL, { version: 2, whatToBring: ['Wellies'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual({ version: 0, value: seedVisitRulesDocument });
    expect(await snapshot()).toEqual(before);

    const first = await t.admin('PATCH', URL, { version: 0, whatToBring: ['Wellies'] });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as AdminCatalogue).visitRules).toEqual({
      version: 1,
      value: { ...seedVisitRulesDocument, whatToBring: ['Wellies'] },
    });
    expect((await auditRows(t.ctx.db, 'visit_rules')).at(-1)).toMatchObject({
      details: { before: seedVisitRulesDocument, after: { ...seedVisitRulesDocument, whatToBring: ['Wellies'] } },
    });
    // A second editor still holding version 0 is refused now the document is stored.
    const again = await t.admin('PATCH', URL, { version: 0, whatToBring: ['Umbrella'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.current.value.whatToBring).toEqual(['Wellies']);
  });
});
