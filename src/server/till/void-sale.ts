import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { tillSales } from '../db/schema';
import { refundToGiftVoucher } from '../gift-vouchers/voucher-ledger';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { returnEntryPlaces } from './entry-booking';
import { saleNotFound, type TillSaleRow } from './sale-view';
import { lockOpenSession, type TillActor } from './till-sessions';

/**
 * A sale that will not be paid ends (cancelled by staff, or declined/cancelled on the reader): its entry
 * places go back to the session and what a gift voucher paid goes back on the voucher, once (only from
 * awaiting_card). The caller holds the sale's row lock.
 */
export async function endUnpaidSale(
  tx: Db,
  sale: TillSaleRow,
  o: { status: 'declined' | 'cancelled'; message: string | null; actor: string; now: Date },
): Promise<void> {
  await tx
    .update(tillSales)
    .set({ status: o.status, statusMessage: o.message, updatedAt: o.now })
    .where(eq(tillSales.id, sale.id));
  // The voucher's row before the occupancy rows: the order a sale locks them in (no deadlock between the two).
  if (sale.giftVoucherId && sale.voucherPence > 0)
    await refundToGiftVoucher(tx, {
      voucherId: sale.giftVoucherId,
      amountPence: sale.voucherPence,
      now: o.now,
      actor: o.actor,
    });
  if (sale.bookingId) await returnEntryPlaces(tx, sale.bookingId, o.now);
}

export async function lockSale(tx: Db, saleId: string): Promise<TillSaleRow> {
  const [sale] = await tx.select().from(tillSales).where(eq(tillSales.id, saleId)).for('update');
  if (!sale) throw saleNotFound();
  return sale;
}

/**
 * POST /api/till/sales/:id/void: a sale still waiting for its card is cancelled (it counts in the Z report's
 * voids; audited). A paid sale is refunded instead; a void of a cancelled one answers it as it is.
 */
export async function voidTillSale(
  ctx: AppContext,
  saleId: string,
  o: { actor: TillActor; reason: string; anyStaff?: boolean },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [peek] = await tx.select({ sessionId: tillSales.sessionId }).from(tillSales).where(eq(tillSales.id, saleId));
    if (!peek) throw saleNotFound();
    // Session first, then the sale: the order a sale is made in (no deadlock with a sale on the same till).
    await lockOpenSession(tx, peek.sessionId, o.actor, { anyStaff: o.anyStaff });
    const sale = await lockSale(tx, saleId);
    if (sale.status === 'cancelled' || sale.status === 'declined') return;
    if (sale.status === 'paid') throw new AppError('not_voidable', 'This sale is paid: refund its lines instead.');
    await endUnpaidSale(tx, sale, {
      status: 'cancelled',
      message: o.reason || 'Cancelled at the till',
      actor: o.actor.username,
      now,
    });
    await writeAudit(tx, {
      actor: o.actor.username,
      action: 'till.void',
      subjectType: 'till_sale',
      subjectId: sale.id,
      details: { number: sale.number, totalPence: sale.totalPence, reason: o.reason },
    });
  });
}
