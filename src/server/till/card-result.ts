import { eq } from 'drizzle-orm';
import { recordTillSaleVat } from '../accounts/vat-ledger';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { payments, tillSales } from '../db/schema';
import { executeDueRefund } from '../payments/execute-refund';
import { writeAudit } from '../staff/audit';
import { checkInEntry, confirmEntry } from './entry-booking';
import { endUnpaidSale, lockSale } from './void-sale';

export type CardResult = { status: 'paid' | 'declined' | 'cancelled'; message?: string; paymentIntentId: string };

/**
 * What the card reader's webhook (./card-reader, issue 48) reports for a sale waiting for its card. Idempotent
 * and only forward: a repeat or a stale report changes nothing. Paid: the sale is paid, its entry confirmed
 * (and checked in if staff ticked it), and a payment row records the card money (what a card refund and the
 * takings read). Declined or cancelled: the sale ends, its places and voucher given back. Money that arrives
 * for a sale already ended is refunded in full, as every seller's late money is (late-money.test.ts).
 */
export async function markTillSaleCardResult(ctx: AppContext, saleId: string, result: CardResult): Promise<void> {
  const now = ctx.now();
  const refundDue = await ctx.db.transaction(async (tx) => {
    const sale = await lockSale(tx, saleId);
    if (result.status !== 'paid') {
      if (sale.status !== 'awaiting_card') return null;
      await endUnpaidSale(tx, sale, {
        status: result.status,
        message: result.message ?? (result.status === 'declined' ? 'Declined' : 'Cancelled on the reader'),
        actor: 'system',
        now,
      });
      return null;
    }
    const [existing] = await tx.select().from(payments).where(eq(payments.tillSaleId, sale.id));
    if (existing) return null; // reported before
    const amountPence = sale.totalPence - sale.voucherPence;
    const late = sale.status !== 'awaiting_card';
    const [payment] = await tx
      .insert(payments)
      .values({
        purpose: 'till_sale',
        tillSaleId: sale.id,
        provider: ctx.payments.name,
        providerPaymentId: result.paymentIntentId,
        amountPence,
        status: 'succeeded',
        paidAt: now,
        ...(late ? { refundStatus: 'pending', refundPence: amountPence, refundReason: 'late_payment' } : {}),
        createdAt: now,
        updatedAt: now,
      } as const)
      .returning({ id: payments.id });
    if (late) {
      await writeAudit(tx, {
        actor: 'system',
        action: 'till.late_card_refunded',
        subjectType: 'till_sale',
        subjectId: sale.id,
        details: { status: sale.status, amountPence, paymentIntentId: result.paymentIntentId },
      });
      return payment!.id;
    }
    await markPaid(tx, sale, now);
    return null;
  });
  if (refundDue)
    await executeDueRefund({ db: ctx.db, provider: ctx.payments, sellers: ctx.sellers, paymentId: refundDue, now });
}

async function markPaid(tx: Db, sale: typeof tillSales.$inferSelect, now: Date): Promise<void> {
  await tx
    .update(tillSales)
    .set({ status: 'paid', statusMessage: null, updatedAt: now })
    .where(eq(tillSales.id, sale.id));
  await recordTillSaleVat(tx, sale.id, now);
  if (!sale.bookingId) return;
  await confirmEntry(tx, sale.bookingId, now);
  if (sale.checkIn) await checkInEntry(tx, sale.bookingId, { actor: sale.staff, now });
}
