import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cafeKitchenEvents } from '../db/schema';

/** The channel every process LISTENs on; the payload is the outbox row's id (kitchen-hub.ts). */
export const KITCHEN_CHANNEL = 'cafe_kitchen';
// Any fixed number: writers of the outbox take it for the rest of their transaction, so rows commit in id order.
const OUTBOX_LOCK = 727_049;

export type KitchenEventRow = typeof cafeKitchenEvents.$inferSelect;

/**
 * Writes one change a kitchen screen or a phone must see, in the change's own transaction, and NOTIFYs every
 * process (delivered at commit, so never before the change is visible). The advisory lock orders writers, so
 * ids become visible in order and a stream that has read up to N never later finds a row below N.
 */
export async function recordKitchenEvent(
  tx: Db,
  e: { kind: 'order'; orderId: string } | { kind: 'item'; itemId: string },
  now: Date,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
  const [row] = await tx
    .insert(cafeKitchenEvents)
    .values({
      kind: e.kind,
      orderId: e.kind === 'order' ? e.orderId : null,
      itemId: e.kind === 'item' ? e.itemId : null,
      createdAt: now,
    })
    .returning({ id: cafeKitchenEvents.id });
  await tx.execute(sql`select pg_notify(${KITCHEN_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}

/** The newest event's id (0 when none): where a screen that has just read the orders starts its stream. */
export async function lastKitchenEventId(db: Db, orderId?: string): Promise<number> {
  const [row] = await db
    .select({ id: max(cafeKitchenEvents.id) })
    .from(cafeKitchenEvents)
    .where(orderId ? eq(cafeKitchenEvents.orderId, orderId) : undefined);
  return Number(row?.id ?? 0);
}

/**
 * Events after `afterId` (of one order, when given), oldest first, at most `limit`; an order or item that
 * changed several times in the batch comes once, at its newest event (it is sent as it is now).
 */
export async function kitchenEventsAfter(
  db: Db,
  afterId: number,
  opts: { orderId?: string; limit?: number } = {},
): Promise<KitchenEventRow[]> {
  const rows = await db
    .select()
    .from(cafeKitchenEvents)
    .where(
      and(gt(cafeKitchenEvents.id, afterId), opts.orderId ? eq(cafeKitchenEvents.orderId, opts.orderId) : undefined),
    )
    .orderBy(asc(cafeKitchenEvents.id))
    .limit(opts.limit ?? 500);
  const newest = new Map<string, KitchenEventRow>();
  for (const r of rows) newest.set(`${r.kind}:${r.orderId ?? r.itemId}`, r);
  return [...newest.values()].sort((a, b) => a.id - b.id);
}
