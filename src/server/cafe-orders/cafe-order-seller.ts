import { eq } from 'drizzle-orm';
import { cafeOrders } from '../db/schema';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { Seller } from '../payments/sellers';
import { recordKitchenEvent } from './kitchen-events';

/**
 * An order from a table, as payments knows it (payments/sellers.ts): paid through the one payment path (the
 * Payment Element, or the TEST MODE card form). When the provider first says it succeeded, the order goes to
 * the kitchen (an outbox event and a NOTIFY in this very transaction). Money for an order cancelled meanwhile
 * goes back. A refund made in the provider's dashboard takes the order off the kitchen's screen.
 */
export const cafeOrderSeller: Seller = {
  name: 'cafe-order',
  takingsKind: 'not_takings',
  subjectOf: (payment) => payment.cafeOrderId,
  applyStatus: async (tx, report) => {
    const unknown = { result: { outcome: 'unknown_payment' as const }, refundPaymentId: null };
    const [order] = await tx.select().from(cafeOrders).where(eq(cafeOrders.id, report.subjectId)).for('update');
    if (!order) return unknown;
    const locked = await lockAndAdvancePayment(tx, report);
    if (!locked) return unknown;
    const { payment, next } = locked;
    if (!next)
      return {
        result: { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: null },
        refundPaymentId: null,
      };
    const updated = { outcome: 'updated' as const, paymentStatus: next, bookingStatus: null };
    const set = (status: typeof order.status, extra: Partial<typeof order> = {}) =>
      tx
        .update(cafeOrders)
        .set({ status, updatedAt: report.now, version: order.version + 1, ...extra })
        .where(eq(cafeOrders.id, order.id));
    if (next === 'succeeded' && order.status === 'pending_payment') {
      await set('paid', { paidAt: report.now });
      await recordKitchenEvent(tx, { kind: 'order', orderId: order.id }, report.now);
    } else if (next === 'succeeded' && order.status === 'canceled') {
      if (!payment.refundStatus) {
        await refundLatePayment(tx, payment, 'late_payment');
        return { result: updated, refundPaymentId: payment.id };
      }
    } else if (next === 'canceled' && order.status === 'pending_payment') {
      await set('canceled');
    } else if (next === 'refunded') {
      if (order.status !== 'refunded') await set('refunded');
      await recordRefundAtProvider(tx, payment, report.now);
      await recordKitchenEvent(tx, { kind: 'order', orderId: order.id }, report.now);
    }
    return { result: updated, refundPaymentId: null };
  },
};
