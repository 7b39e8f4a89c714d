import { eq } from 'drizzle-orm';
import { formatPence } from '../../shared/money';
import { cafeOrders, cafeTables } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
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
  takingsKind: 'cafe',
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
        return { result: { ...updated, bookingStatus: 'refunded' }, refundPaymentId: payment.id };
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
  // The payer is told when their money goes back (an order cancelled before it arrived, or an admin's refund),
  // if they gave an address for the receipt and it was not erased since.
  refundCarriedOut: async (tx, payment, venue) => {
    if (!payment.cafeOrderId) return;
    const [row] = await tx
      .select({ order: cafeOrders, table: cafeTables })
      .from(cafeOrders)
      .innerJoin(cafeTables, eq(cafeTables.id, cafeOrders.tableId))
      .where(eq(cafeOrders.id, payment.cafeOrderId));
    const email = row?.order.email;
    if (!row || !email || email.endsWith('@invalid')) return;
    const why =
      payment.refundReason === 'late_payment'
        ? 'reached us after the order had been cancelled, so it was not made.'
        : 'has been refunded by our team.';
    await enqueueMail(tx, {
      template: 'cafe-order-refunded',
      to: email,
      subject: `Your cafe order ${row.order.number} is refunded - ${venue.name}`,
      text: [
        'Hello,',
        '',
        `Your payment of ${formatPence(payment.refundPence || payment.amountPence)} for cafe order ${row.order.number} (${row.table.name}) ${why}`,
        'We have refunded all of it. It reaches your account in a few days.',
        '',
        venue.name,
        venue.phone,
      ].join('\n'),
      dedupeKey: `cafe-order-refunded:${payment.id}`,
    });
  },
};
