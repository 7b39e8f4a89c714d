import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { CafeOrderView, KitchenItem, KitchenOrder } from '../../shared/contracts/cafe-orders';
import { totalsByRate } from '../../shared/vat';
import type { Db } from '../db/client';
import { cafeOrderLines, cafeOrders, cafeTables, menuItems } from '../db/schema';

type OrderRow = typeof cafeOrders.$inferSelect;
type LineRow = typeof cafeOrderLines.$inferSelect;
type TableRow = typeof cafeTables.$inferSelect;

async function loadOrders(db: Db, where: SQL | undefined, order: 'asc' | 'desc' = 'asc', limit = 200) {
  const rows = await db
    .select({ order: cafeOrders, table: cafeTables })
    .from(cafeOrders)
    .innerJoin(cafeTables, eq(cafeTables.id, cafeOrders.tableId))
    .where(where)
    .orderBy(order === 'asc' ? asc(cafeOrders.paidAt) : desc(cafeOrders.readyAt), asc(cafeOrders.number))
    .limit(limit);
  const ids = rows.map((r) => r.order.id);
  const lines = ids.length
    ? await db
        .select()
        .from(cafeOrderLines)
        .where(inArray(cafeOrderLines.orderId, ids))
        .orderBy(asc(cafeOrderLines.position))
    : [];
  const byOrder = new Map<string, LineRow[]>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  return rows.map((r) => ({ ...r, lines: byOrder.get(r.order.id) ?? [] }));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A kitchen card: table, items, options and the allergy note; no e-mail, phone or payment detail. */
function kitchenCard(o: OrderRow, table: TableRow, lines: LineRow[]): KitchenOrder {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    version: o.version,
    table: { number: table.number, name: table.name },
    allergyNote: o.allergyNote,
    lines: lines.map((l) => ({ name: l.name, options: l.options, quantity: l.quantity })),
    paidAt: (o.paidAt ?? o.createdAt).toISOString(),
    startedAt: iso(o.startedAt),
    readyAt: iso(o.readyAt),
  };
}

/** What the kitchen works on: paid and being made, oldest first; then the 5 last made (to recall one). */
export async function kitchenOrders(db: Db): Promise<KitchenOrder[]> {
  const open = await loadOrders(db, inArray(cafeOrders.status, ['paid', 'in_progress']));
  const ready = await loadOrders(db, and(eq(cafeOrders.status, 'ready'), isNotNull(cafeOrders.readyAt)), 'desc', 5);
  return [...open, ...ready].map((r) => kitchenCard(r.order, r.table, r.lines));
}

/** One order as the kitchen sees it (null when it is not the kitchen's: unpaid). */
export async function kitchenOrder(db: Db, id: string): Promise<KitchenOrder | null> {
  const [r] = await loadOrders(db, eq(cafeOrders.id, id));
  if (!r || r.order.status === 'pending_payment' || !r.order.paidAt) return null;
  return kitchenCard(r.order, r.table, r.lines);
}

export async function kitchenItems(db: Db, ids?: string[]): Promise<KitchenItem[]> {
  const rows = await db
    .select({ id: menuItems.id, section: menuItems.section, name: menuItems.name, available: menuItems.available })
    .from(menuItems)
    .where(ids ? inArray(menuItems.id, ids) : undefined)
    .orderBy(asc(menuItems.sort), asc(menuItems.id));
  return rows;
}

/** The order's page: its lines, VAT and status; for the phone that holds its secret. */
export async function cafeOrderView(db: Db, id: string): Promise<CafeOrderView | null> {
  const [r] = await loadOrders(db, eq(cafeOrders.id, id));
  if (!r) return null;
  const lines = r.lines.map((l) => ({
    name: l.name,
    options: l.options,
    quantity: l.quantity,
    unitPence: l.unitPence,
    totalPence: l.totalPence,
    vatRateBasisPoints: l.vatRateBasisPoints,
    netPence: l.netPence,
    vatPence: l.vatPence,
  }));
  const vatByRate = totalsByRate(
    lines.map((l) => ({
      grossPence: l.totalPence,
      netPence: l.netPence,
      vatPence: l.vatPence,
      vatRateBasisPoints: l.vatRateBasisPoints,
    })),
  ).map(({ vatRateBasisPoints, netPence, vatPence }) => ({ vatRateBasisPoints, netPence, vatPence }));
  return {
    id: r.order.id,
    number: r.order.number,
    status: r.order.status,
    table: { number: r.table.number, name: r.table.name },
    allergyNote: r.order.allergyNote,
    totalPence: r.order.totalPence,
    lines,
    vatByRate,
    createdAt: r.order.createdAt.toISOString(),
    paidAt: iso(r.order.paidAt),
    readyAt: iso(r.order.readyAt),
  };
}
