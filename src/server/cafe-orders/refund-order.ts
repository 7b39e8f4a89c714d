import { eq } from 'drizzle-orm';
import type { CafeOrderView } from '../../shared/contracts/cafe-orders';
import { cafeOrders, payments } from '../db/schema';
import { AppError } from '../http/errors';
import { refundLatePayment } from '../payments/advance-payment';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { writeAudit } from '../staff/audit';
import { recordKitchenEvent } from './kitchen-events';
import { cafeOrderView } from './order-views';

/**
 * POST /api/admin/cafe/orders/:id/refund (admins only; never from the kitchen screen): all of a paid order's
 * money goes back. The refund is decided in one transaction (the order off the kitchen's screen, audited) and
 * carried out at the provider after commit; the sweep retries it if the provider is down.
 */
export async function refundCafeOrder(
  opts: PaymentDeps & { id: string; reason: string; actor: string; now: Date },
): Promise<CafeOrderView> {
  const { db, id, now } = opts;
  const paymentId = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(cafeOrders).where(eq(cafeOrders.id, id)).for('update');
    if (!order) throw new AppError('not_found', 'There is no such cafe order.');
    const [payment] = await tx.select().from(payments).where(eq(payments.cafeOrderId, id)).for('update');
    if (!payment || payment.status !== 'succeeded' || payment.refundStatus || order.status === 'refunded')
      throw new AppError('not_refundable', 'Only a paid order that has not been refunded can be refunded.');
    await refundLatePayment(tx, payment, 'cancelled');
    await tx
      .update(cafeOrders)
      .set({ status: 'refunded', version: order.version + 1, updatedAt: now })
      .where(eq(cafeOrders.id, id));
    await recordKitchenEvent(tx, { kind: 'order', orderId: id }, now);
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'cafe_order_refunded',
      subjectType: 'cafe_order',
      subjectId: id,
      details: { number: order.number, pence: payment.amountPence, reason: opts.reason },
    });
    return payment.id;
  });
  try {
    await executeDueRefund({ ...opts, paymentId, now });
  } catch (err) {
    opts.log?.warn({ err, paymentId }, 'cafe order refund not carried out yet; the sweep will retry');
  }
  return (await cafeOrderView(db, id))!;
}
