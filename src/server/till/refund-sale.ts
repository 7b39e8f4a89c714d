import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recordTillRefundVat } from '../accounts/vat-ledger';
import type { z } from 'zod';
import type { refundInputSchema, Sale } from '../../shared/contracts/till';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import {
  payments,
  ticketTypes,
  tillRefunds,
  tillSaleLines,
  tillSales,
  tillSessions,
  type TillRefundLine,
} from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { returnEntryPlaces } from './entry-booking';
import { loadSale, type TillSaleRow } from './sale-view';
import { sessionClosed, type TillActor } from './till-sessions';
import { lockSale } from './void-sale';

type RefundInput = z.infer<typeof refundInputSchema>;

/** Staff refund within this long of the sale; admins any time after (DECISIONS.md "The counter till"). */
export const STAFF_REFUND_WINDOW_MS = 10 * 60_000;

const notRefundable = (why: string) => new AppError('not_refundable', why);

/**
 * POST /api/till/sales/:id/refund: lines (by id and how many) back in cash from a drawer (the sale's till's
 * open session: counted in its Z report) or to the card through the payment provider. One transaction
 * locks the sale, checks what is left to refund, records the refund with its VAT (the same rounding as the
 * sale: a line's refunds add up to the line) and returns entry places to the session. A card refund is
 * asked of the provider after commit, keyed by the refund, so a retry (the same requestId) finishes it once.
 */
export async function refundTillSale(
  ctx: AppContext,
  saleId: string,
  input: RefundInput,
  actor: TillActor & { admin: boolean },
): Promise<Sale> {
  const now = ctx.now();
  const refundId = await ctx.db.transaction(async (tx) => {
    const [earlier] = await tx.select().from(tillRefunds).where(eq(tillRefunds.requestId, input.requestId));
    if (earlier) {
      if (earlier.saleId !== saleId) throw new AppError('invalid_input', 'This refund was made for another sale.');
      return earlier.id;
    }
    const [peek] = await tx.select().from(tillSales).where(eq(tillSales.id, saleId));
    if (!peek) throw new AppError('not_found', 'There is no such till sale.');
    if (!actor.admin && now.getTime() - peek.createdAt.getTime() > STAFF_REFUND_WINDOW_MS)
      throw new AppError('refund_window_over', 'Sales over 10 minutes old are refunded by an admin.');
    // Cash comes from a drawer; a card refund too is counted on an open session (a closed one never changes).
    const drawer = await lockDrawer(tx, peek);
    const sale = await lockSale(tx, saleId);
    if (sale.status !== 'paid') throw notRefundable('Only a paid sale can be refunded.');
    const lines = await refundLines(tx, sale, input);
    const amountPence = lines.reduce((sum, l) => sum + l.pence, 0);
    await checkMethodRoom(tx, sale, input.method, amountPence);
    const [row] = await tx
      .insert(tillRefunds)
      .values({
        requestId: input.requestId,
        saleId,
        sessionId: drawer,
        method: input.method,
        amountPence,
        lines,
        reason: input.reason,
        actor: actor.username,
        createdAt: now,
      })
      .returning({ id: tillRefunds.id });
    await recordTillRefundVat(tx, { refundId: row!.id, saleId, method: input.method, lines, now });
    await givePlacesBack(tx, sale, lines, now);
    await writeAudit(tx, {
      actor: actor.username,
      action: 'till.refund',
      subjectType: 'till_sale',
      subjectId: saleId,
      details: { refundId: row!.id, method: input.method, amountPence, lines, reason: input.reason },
    });
    return row!.id;
  });
  await finishCardRefund(ctx, refundId);
  return loadSale(ctx.db, saleId);
}

/** The session a refund counts on: the sale's till's open session (the sale's own, if still open). */
async function lockDrawer(tx: Db, sale: TillSaleRow): Promise<string> {
  const [own] = await tx.select().from(tillSessions).where(eq(tillSessions.id, sale.sessionId));
  const [open] = await tx
    .select()
    .from(tillSessions)
    .where(and(eq(tillSessions.till, own!.till), isNull(tillSessions.closedAt)))
    .for('update');
  if (!open) throw sessionClosed();
  return open.id;
}

async function refundLines(tx: Db, sale: TillSaleRow, input: RefundInput): Promise<TillRefundLine[]> {
  const ids = input.lines.map((l) => l.lineId);
  if (new Set(ids).size !== ids.length) throw new AppError('invalid_input', 'A line is named twice.');
  const rows = await tx
    .select()
    .from(tillSaleLines)
    .where(and(eq(tillSaleLines.saleId, sale.id), inArray(tillSaleLines.id, ids.filter(isUuid))));
  const out: TillRefundLine[] = [];
  for (const want of input.lines) {
    out.push(
      await (async (): Promise<TillRefundLine> => {
        const line = rows.find((r) => r.id === want.lineId);
        if (!line) throw new AppError('not_found', 'That line is not on this sale.');
        if (line.refundedQuantity + want.quantity > line.quantity)
          throw notRefundable(`Only ${line.quantity - line.refundedQuantity} of ${line.description} can be refunded.`);
        // Proportional and cumulative: the refunds of a line add up exactly to the line, pence and VAT.
        const share = (total: number, q: number) => Math.round((total * q) / line.quantity);
        const before = line.refundedQuantity;
        const after = before + want.quantity;
        await tx.update(tillSaleLines).set({ refundedQuantity: after }).where(eq(tillSaleLines.id, line.id));
        const pence = share(line.totalPence, after) - share(line.totalPence, before);
        const vatPence = share(line.vatPence, after) - share(line.vatPence, before);
        return {
          lineId: line.id,
          kind: line.kind,
          quantity: want.quantity,
          pence,
          vatPence,
          netPence: pence - vatPence,
          vatRateBasisPoints: line.vatRateBasisPoints,
        };
      })(),
    );
  }
  return out;
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** A refund by a method never gives back more than came in by it (a voucher's part stays with the voucher). */
async function checkMethodRoom(tx: Db, sale: TillSaleRow, method: 'cash' | 'card', amountPence: number) {
  if (sale.method === 'voucher')
    throw notRefundable('A gift voucher paid all of this sale: its value is not refunded at the till.');
  if (sale.method !== method) throw notRefundable(`This sale was paid by ${sale.method}: refund it by ${sale.method}.`);
  const done = await tx.select().from(tillRefunds).where(eq(tillRefunds.saleId, sale.id));
  const refunded = done.reduce((sum, r) => sum + r.amountPence, 0);
  if (refunded + amountPence > sale.totalPence - sale.voucherPence)
    throw notRefundable('That is more than was paid by this method (a gift voucher paid the rest).');
}

async function givePlacesBack(tx: Db, sale: TillSaleRow, lines: TillRefundLine[], now: Date) {
  const entry = lines.filter((l) => l.kind === 'entry');
  if (!sale.bookingId || entry.length === 0) return;
  const saleLines = await tx.select().from(tillSaleLines).where(eq(tillSaleLines.saleId, sale.id));
  const typeIds = saleLines.filter((l) => l.kind === 'entry').map((l) => l.itemId);
  const children = new Set(
    (await tx.select().from(ticketTypes).where(inArray(ticketTypes.id, typeIds)))
      .filter((t) => t.isChild)
      .map((t) => t.id),
  );
  const places = entry.reduce((n, l) => {
    const line = saleLines.find((s) => s.id === l.lineId)!;
    return n + (children.has(line.itemId) ? l.quantity : 0);
  }, 0);
  if (places > 0) await returnEntryPlaces(tx, sale.bookingId, now, places);
}

/** The card part: the provider refunds the sale's payment, once per refund (its id is the idempotency key). */
async function finishCardRefund(ctx: AppContext, refundId: string): Promise<void> {
  const [refund] = await ctx.db.select().from(tillRefunds).where(eq(tillRefunds.id, refundId));
  if (!refund || refund.method !== 'card' || refund.providerRefundId) return;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.tillSaleId, refund.saleId));
  if (!payment?.providerPaymentId) throw new Error(`till sale ${refund.saleId} was paid by card without a payment row`);
  let providerRefundId: string;
  try {
    ({ refundId: providerRefundId } = await ctx.payments.refund({
      providerPaymentId: payment.providerPaymentId,
      amountPence: refund.amountPence,
      idempotencyKey: `till-refund:${refund.id}`,
    }));
  } catch {
    throw new AppError('payment_unavailable', 'The card refund could not be made just now. Please try again.');
  }
  await ctx.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    const [r] = await tx.select().from(tillRefunds).where(eq(tillRefunds.id, refund.id)).for('update');
    if (r!.providerRefundId) return;
    await tx.update(tillRefunds).set({ providerRefundId }).where(eq(tillRefunds.id, refund.id));
    const refundPence = p!.refundPence + refund.amountPence;
    await tx
      .update(payments)
      .set({
        refundPence,
        refundStatus: 'succeeded',
        refundReason: 'provider_refund',
        refundId: providerRefundId,
        ...(refundPence >= p!.amountPence ? { status: 'refunded' as const } : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(payments.id, payment.id));
  });
}
