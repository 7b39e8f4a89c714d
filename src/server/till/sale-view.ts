import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Sale } from '../../shared/contracts/till';
import { totalsByRate } from '../../shared/vat';
import type { Db } from '../db/client';
import { tillSaleLines, tillSales } from '../db/schema';
import { AppError } from '../http/errors';

export type TillSaleRow = typeof tillSales.$inferSelect;
type TillSaleLineRow = typeof tillSaleLines.$inferSelect;

export const saleNotFound = () => new AppError('not_found', 'There is no such till sale.');

/** A sale as the API answers it: its lines as priced, and VAT by rate (a VAT receipt's figures). */
export function saleViewOf(sale: TillSaleRow, lines: TillSaleLineRow[]): Sale {
  return {
    id: sale.id,
    number: sale.number,
    status: sale.status,
    statusMessage: sale.statusMessage,
    eatIn: sale.eatIn,
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unitPence: l.unitPence,
      totalPence: l.totalPence,
      vatRateBasisPoints: l.vatRateBasisPoints,
      netPence: l.netPence,
      vatPence: l.vatPence,
      refundedQuantity: l.refundedQuantity,
    })),
    totalPence: sale.totalPence,
    voucherPence: sale.voucherPence,
    method: sale.method,
    tenderedPence: sale.tenderedPence,
    changePence: sale.changePence,
    vatByRate: totalsByRate(lines.map((l) => ({ ...l, grossPence: l.totalPence }))).map((t) => ({
      vatRateBasisPoints: t.vatRateBasisPoints,
      netPence: t.netPence,
      vatPence: t.vatPence,
      grossPence: t.grossPence,
    })),
    createdAt: sale.createdAt.toISOString(),
    staff: sale.staff,
  };
}

/** GET /api/till/sales/:id. */
export async function loadSale(db: Db, saleId: string): Promise<Sale> {
  const [sale] = await db.select().from(tillSales).where(eq(tillSales.id, saleId));
  if (!sale) throw saleNotFound();
  const lines = await db
    .select()
    .from(tillSaleLines)
    .where(eq(tillSaleLines.saleId, saleId))
    .orderBy(asc(tillSaleLines.sort));
  return saleViewOf(sale, lines);
}

/** GET /api/till/sessions/:id/sales: every sale on a session, newest first (two queries, however many). */
export async function loadSessionSales(db: Db, sessionId: string): Promise<Sale[]> {
  const sales = await db
    .select()
    .from(tillSales)
    .where(eq(tillSales.sessionId, sessionId))
    .orderBy(desc(tillSales.number));
  if (sales.length === 0) return [];
  const lines = await db
    .select()
    .from(tillSaleLines)
    .where(
      inArray(
        tillSaleLines.saleId,
        db.select({ id: tillSales.id }).from(tillSales).where(eq(tillSales.sessionId, sessionId)),
      ),
    )
    .orderBy(asc(tillSaleLines.sort));
  const bySale = new Map<string, TillSaleLineRow[]>();
  for (const l of lines) {
    const list = bySale.get(l.saleId);
    if (list) list.push(l);
    else bySale.set(l.saleId, [l]);
  }
  return sales.map((s) => saleViewOf(s, bySale.get(s.id) ?? []));
}
