import { asc, eq } from 'drizzle-orm';
import type { CafeTable, PutCafeTables } from '../../shared/contracts/cafe-orders';
import { tableCodeChangedMessage } from '../../shared/contracts/cafe-orders';
import type { Db } from '../db/client';
import { cafeTables } from '../db/schema';
import { AppError } from '../http/errors';
import { getAppSecret, signToken, verifyToken } from '../security/app-secret';
import { writeAudit } from '../staff/audit';

const PURPOSE = 'cafe-table';
type TableRow = typeof cafeTables.$inferSelect;

/** The token a table's QR code carries: its id and token version, signed with the app's secret. */
export async function tableToken(db: Db, t: Pick<TableRow, 'id' | 'tokenVersion'>): Promise<string> {
  return signToken(await getAppSecret(db), PURPOSE, `${t.id}_${t.tokenVersion}`);
}

/** The active table a token names at its current version; an old, forged or retired code is a 404. */
export async function tableOfToken(db: Db, token: string): Promise<TableRow> {
  const changed = () => new AppError('not_found', tableCodeChangedMessage);
  const signed = verifyToken(await getAppSecret(db), PURPOSE, token);
  const [id, version] = signed?.split('_') ?? [];
  if (!id || !version || !/^[0-9a-f-]{36}$/.test(id)) throw changed();
  const [row] = await db.select().from(cafeTables).where(eq(cafeTables.id, id));
  if (!row || !row.active || String(row.tokenVersion) !== version) throw changed();
  return row;
}

export async function listCafeTables(db: Db, publicUrl: string): Promise<CafeTable[]> {
  const rows = await db.select().from(cafeTables).where(eq(cafeTables.active, true)).orderBy(asc(cafeTables.number));
  return Promise.all(
    rows.map(async (r) => {
      const token = await tableToken(db, r);
      return { id: r.id, number: r.number, name: r.name, token, orderUrl: `${publicUrl}/order/${token}` };
    }),
  );
}

/**
 * PUT /api/admin/cafe/tables: the list as the admin saved it. New tables are added, named ones renamed and
 * renumbered, those left out retired (their codes stop working); `rotateToken` retires a table's card.
 */
export async function putCafeTables(db: Db, o: { input: PutCafeTables; actor: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select().from(cafeTables).for('update');
    const byId = new Map(existing.map((r) => [r.id, r]));
    for (const t of o.input.tables)
      if (t.id && !byId.has(t.id))
        throw new AppError('not_found', `Table ${t.number} is no longer on the list. Please reload the page.`);
    const kept = new Set(o.input.tables.flatMap((t) => (t.id ? [t.id] : [])));
    // Numbers move between tables in one save: free every number first (numbers are unique).
    for (const r of existing)
      await tx
        .update(cafeTables)
        .set({ number: -1 - r.number - 100_000 })
        .where(eq(cafeTables.id, r.id));
    let retiredNumber = -1;
    for (const r of existing)
      if (!kept.has(r.id))
        await tx
          .update(cafeTables)
          .set({ active: false, number: retiredNumber--, updatedAt: o.now, tokenVersion: r.tokenVersion + 1 })
          .where(eq(cafeTables.id, r.id));
    for (const t of o.input.tables) {
      if (!t.id) {
        await tx.insert(cafeTables).values({ number: t.number, name: t.name, createdAt: o.now, updatedAt: o.now });
        continue;
      }
      const before = byId.get(t.id)!;
      const tokenVersion = before.tokenVersion + (t.rotateToken ? 1 : 0);
      await tx
        .update(cafeTables)
        .set({ number: t.number, name: t.name, active: true, tokenVersion, updatedAt: o.now })
        .where(eq(cafeTables.id, t.id));
    }
    await writeAudit(tx, {
      actor: o.actor,
      action: 'cafe_tables_saved',
      subjectType: 'cafe_tables',
      subjectId: 'all',
      details: {
        tables: o.input.tables.length,
        rotated: o.input.tables.filter((t) => t.rotateToken).map((t) => t.number),
      },
    });
  });
}
