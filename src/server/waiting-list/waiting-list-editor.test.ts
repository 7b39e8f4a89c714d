import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { catalogueDocuments } from '../db/schema';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { waitingListSettings } from '../catalogue/waiting-list-settings';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');
const URL = '/api/admin/catalogue/waiting-list';

/** The Venue tab's waiting list editor: how many hours an offer holds its places (1-48, 2 until set). */
describe.each(testDbKinds)('the waiting list editor (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const snapshot = async () => {
    const { version: _v, ...all } = await t.catalogue();
    return { rows: await (await rowCounter(t.ctx.db))(), all };
  };
  const stored = async () =>
    (await t.ctx.db.select().from(catalogueDocuments).where(eq(catalogueDocuments.key, 'waiting_list')))[0];

  it('shows 2 hours at version 0 until an admin first saves, with nothing stored', async () => {
    expect((await t.catalogue()).waitingList).toEqual({ version: 0, value: { offerHours: 2 } });
    expect(await stored()).toBeUndefined();
  });

  it('is for admins only: 401 without a session, 403 for other staff, writing nothing', async () => {
    const before = await snapshot();
    const anon = await t.anon('PATCH', URL, { version: 0, offerHours: 3 });
    expect([anon.statusCode, anon.json().error.code]).toEqual([401, 'sign_in_required']);
    const staff = await t.staff('PATCH', URL, { version: 0, offerHours: 3 });
    expect([staff.statusCode, staff.json().error.code]).toEqual([403, 'forbidden']);
    expect(await snapshot()).toEqual(before);
    expect(await stored()).toBeUndefined();
  });

  it('refuses bad input with 400 and field messages, writing nothing', async () => {
    const before = await snapshot();
    const refused: [unknown, string][] = [
      [{ version: 0, offerHours: 0 }, 'offerHours'],
      [{ version: 0, offerHours: 49 }, 'offerHours'],
      [{ version: 0, offerHours: 1.5 }, 'offerHours'],
      [{ version: 0, offerHours: '3' }, 'offerHours'],
      [{ version: 0 }, 'offerHours'],
      [{ offerHours: 3 }, 'version'],
      [{ version: -1, offerHours: 3 }, 'version'],
    ];
    for (const [body, field] of refused) {
      const res = await t.admin('PATCH', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await t.admin('PATCH', URL, { version: 0, offerHours: 49 })).json().error.fields.offerHours).toEqual([
      'Enter a whole number of hours from 1 to 48',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('saves the hours, audits before and after, and the next offer uses them', async () => {
    const before = await t.catalogue();
    const res = await t.admin('PATCH', URL, { version: 0, offerHours: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as AdminCatalogue;
    expect(after.version).toBe(before.version + 1);
    expect(after.waitingList).toEqual({ version: 1, value: { offerHours: 3 } });
    expect(await waitingListSettings(t.ctx.db)).toEqual({ offerHours: 3 });
    expect((await auditRows(t.ctx.db, 'waiting_list')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.waiting_list_edited',
      details: { before: { offerHours: 2 }, after: { offerHours: 3 } },
    });

    const again = await t.admin('PATCH', URL, { version: 1, offerHours: 48 });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as AdminCatalogue).waitingList).toEqual({ version: 2, value: { offerHours: 48 } });
    expect((await auditRows(t.ctx.db, 'waiting_list')).at(-1)?.details).toEqual({
      before: { offerHours: 3 },
      after: { offerHours: 48 },
    });
  });

  it('refuses an edit made from a stale copy with 409 and the value as it is now, writing nothing', async () => {
    const before = await snapshot();
    for (const version of [0, 1, 3]) {
      const stale = await t.admin('PATCH', URL, { version, offerHours: 5 });
      expect(stale.statusCode, String(version)).toBe(409);
      expect(stale.json().error).toMatchObject({
        code: 'stale_version',
        current: { version: 2, value: { offerHours: 48 } },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(await waitingListSettings(t.ctx.db)).toEqual({ offerHours: 48 });
  });
});
