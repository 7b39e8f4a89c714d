import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateCafeOrderResponse, createCafeOrderSchema } from '../../shared/contracts/cafe-orders';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { cafeOrderLines, cafeOrders, payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { cafeHours } from './menu';
import { orderSecretOf } from './order-secret';
import { priceCafeOrder } from './price-order';
import { tableOfToken } from './tables';

type Input = z.infer<typeof createCafeOrderSchema>;
type OrderRow = typeof cafeOrders.$inferSelect;

/**
 * POST /api/cafe/orders: one phone's basket for its table, priced by the server, and its payment through the
 * one payment path (seller `cafe-order`), as /api/create-booking-payment does: the order and its payment row
 * in one transaction, the provider's payment (idempotency key: the order id) after commit. The kitchen sees
 * it only once the provider says it is paid. The same requestId answers the same order and payment.
 */
export async function createCafeOrder(
  opts: PaymentDeps & { input: Input; now: Date },
): Promise<CreateCafeOrderResponse> {
  const { db, input, now, provider } = opts;
  const table = await tableOfToken(db, input.tableToken);
  const again = await db.select().from(cafeOrders).where(eq(cafeOrders.requestId, input.requestId));
  if (again[0]) return answerAgain(opts, again[0], table.id);

  const hours = await cafeHours(db, now);
  if (!hours.open)
    throw new AppError(
      'cafe_closed',
      `The cafe takes orders from ${hours.opensAt} to ${hours.closesAt}. Please order again when it opens.`,
    );
  const priced = await priceCafeOrder(db, input.lines);
  const order = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cafeOrders)
      .values({
        tableId: table.id,
        requestId: input.requestId,
        status: 'pending_payment',
        allergyNote: input.allergyNote ?? '',
        email: input.email ?? null,
        totalPence: priced.total,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: cafeOrders.requestId })
      .returning();
    if (!row) return null; // the same basket sent twice at once: the other request made it
    await tx.insert(cafeOrderLines).values(priced.lines.map((l, position) => ({ ...l, orderId: row.id, position })));
    await tx.insert(payments).values({
      purpose: 'cafe_order',
      cafeOrderId: row.id,
      provider: provider.name,
      amountPence: row.totalPence,
      createdAt: now,
      updatedAt: now,
    });
    return row;
  });
  if (!order) {
    const [made] = await db.select().from(cafeOrders).where(eq(cafeOrders.requestId, input.requestId));
    return answerAgain(opts, made!, table.id);
  }

  const { venue } = await publicCatalogue(db, now);
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: order.totalPence,
      idempotencyKey: order.id,
      description: `${venue.name}: cafe order ${order.number}, ${table.name}`,
      email: input.email ?? '',
      metadata: { cafeOrderId: order.id },
    });
  } catch (err) {
    opts.log?.error({ err, orderId: order.id }, 'payment provider refused to create a cafe order payment');
    await db.transaction(async (tx) => {
      await tx
        .update(cafeOrders)
        .set({ status: 'canceled', updatedAt: now })
        .where(and(eq(cafeOrders.id, order.id), eq(cafeOrders.status, 'pending_payment')));
      await tx
        .update(payments)
        .set({ status: 'canceled', updatedAt: now })
        .where(and(eq(payments.cafeOrderId, order.id), isNull(payments.providerPaymentId)));
    });
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(eq(payments.cafeOrderId, order.id));
  return answer(opts, order, created.clientSecret);
}

async function answerAgain(opts: PaymentDeps, order: OrderRow, tableId: string): Promise<CreateCafeOrderResponse> {
  if (order.tableId !== tableId)
    throw new AppError('request_id_reused', 'This basket was sent from another table. Please reload the page.');
  const [payment] = await opts.db.select().from(payments).where(eq(payments.cafeOrderId, order.id));
  if (!payment?.clientSecret || order.status === 'canceled')
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  return answer(opts, order, payment.clientSecret);
}

async function answer(opts: PaymentDeps, order: OrderRow, clientSecret: string): Promise<CreateCafeOrderResponse> {
  const lines = await opts.db
    .select()
    .from(cafeOrderLines)
    .where(eq(cafeOrderLines.orderId, order.id))
    .orderBy(asc(cafeOrderLines.position));
  return {
    clientSecret,
    orderId: order.id,
    orderNumber: order.number,
    finalAmount: order.totalPence,
    lines: lines.map((l) => ({
      name: l.name,
      options: l.options,
      quantity: l.quantity,
      unitPence: l.unitPence,
      totalPence: l.totalPence,
      vatRateBasisPoints: l.vatRateBasisPoints,
      netPence: l.netPence,
      vatPence: l.vatPence,
    })),
    orderSecret: await orderSecretOf(opts.db, order.id),
  };
}
