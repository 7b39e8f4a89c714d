import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { KitchenItem, KitchenOrder } from '../../shared/contracts/cafe-orders';
import { bumpCatalogueVersion } from '../catalogue/bump-version';
import { invalidateCatalogue } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { cafeOrders, menuItems } from '../db/schema';
import { AppError } from '../http/errors';
import { currentPrincipal } from '../staff/require-staff';
import type { StaffPrincipal } from '../staff/staff-sessions';
import { recordKitchenEvent } from './kitchen-events';
import { kitchenItems, kitchenOrder } from './order-views';

/** The kitchen's routes answer a device in kitchen mode only: not a stranger, a family, a kiosk or a staff browser. */
export async function requireKitchen(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Extract<StaffPrincipal, { kind: 'kitchen' }>> {
  const p = await currentPrincipal(ctx, request);
  if (!p)
    throw new AppError(
      'sign_in_required',
      'This screen is not a kitchen screen. Please ask a member of staff to set it up.',
    );
  if (p.kind !== 'kitchen')
    throw new AppError(
      'forbidden',
      'Only a kitchen screen shows orders: put this device in kitchen mode in Staff & Devices.',
    );
  return p;
}

/** Which moves a card may make: start, bump to ready (from paid or being made), recall a ready one. */
const allowed: Record<string, readonly string[]> = {
  in_progress: ['paid', 'ready'],
  ready: ['paid', 'in_progress'],
};

/** POST /api/kitchen/orders/:id/status: versioned, so two screens never overwrite each other (409 when stale). */
export async function moveKitchenOrder(
  db: Db,
  o: { id: string; status: 'in_progress' | 'ready'; version: number; now: Date },
): Promise<KitchenOrder> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(cafeOrders).where(eq(cafeOrders.id, o.id)).for('update');
    if (!order || order.status === 'pending_payment' || !order.paidAt)
      throw new AppError('not_found', 'There is no such order on the kitchen screen.');
    if (order.version !== o.version)
      throw new AppError('stale_version', 'This order changed on another screen. Here is how it is now.', {
        current: await kitchenOrder(tx, o.id),
      });
    if (!allowed[o.status]!.includes(order.status))
      throw new AppError('stale_version', `This order is ${order.status.replace('_', ' ')}: it cannot move that way.`, {
        current: await kitchenOrder(tx, o.id),
      });
    const times =
      o.status === 'in_progress'
        ? { startedAt: order.startedAt ?? o.now, readyAt: null }
        : { readyAt: o.now, startedAt: order.startedAt ?? o.now };
    await tx
      .update(cafeOrders)
      .set({ status: o.status, version: order.version + 1, updatedAt: o.now, ...times })
      .where(and(eq(cafeOrders.id, o.id), eq(cafeOrders.version, o.version)));
    await recordKitchenEvent(tx, { kind: 'order', orderId: o.id }, o.now);
  });
  return (await kitchenOrder(db, o.id))!;
}

/** POST /api/kitchen/items/:id/availability: sold out and back; phones see it at their next menu read. */
export async function setItemAvailability(
  db: Db,
  o: { id: string; available: boolean; now: Date },
): Promise<KitchenItem> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(menuItems)
      .set({ available: o.available, version: sql`${menuItems.version} + 1` })
      .where(eq(menuItems.id, o.id))
      .returning({ id: menuItems.id });
    if (!row) throw new AppError('not_found', 'That item is no longer on the menu.');
    await bumpCatalogueVersion(tx); // the public menu page shows sold out too
    await recordKitchenEvent(tx, { kind: 'item', itemId: o.id }, o.now);
  });
  invalidateCatalogue(db);
  return (await kitchenItems(db, [o.id]))[0]!;
}
