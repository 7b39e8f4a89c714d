import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { saleInputSchema, Sale } from '../../shared/contracts/till';
import { formatPence } from '../../shared/money';
import { recordTillSaleVat } from '../accounts/vat-ledger';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { tillSaleLines, tillSales } from '../db/schema';
import { giftCodeRefusal } from '../gift-vouchers/booking-gift-voucher';
import { redeemGiftVoucher } from '../gift-vouchers/voucher-ledger';
import { AppError } from '../http/errors';
import { isMemberCard } from '../memberships/member-card';
import { writeAudit } from '../staff/audit';
import { startReaderPayment } from './card-reader';
import { checkInEntry, takeEntryPlaces } from './entry-booking';
import { priceBasket, type PricedBasket } from './price-basket';
import { applyMemberCover, lockMemberCover, memberEntryFor, recordMemberEntry, type MemberEntry } from './member-entry';
import { loadSale } from './sale-view';
import { lockOpenSession, type TillActor } from './till-sessions';
import { voidTillSale } from './void-sale';

type SaleInput = z.infer<typeof saleInputSchema>;

/**
 * POST /api/till/sales (issue 48). The basket is priced on the server; a total other than the one the till
 * showed is 409 price_changed and nothing is sold. One transaction locks the till session (open, this staff
 * member's), finds a sale already made for this requestId (a double tap or a retry answers it; the unique
 * index backs this up), writes the sale and its lines, spends a gift voucher, and takes entry places
 * through the booking capacity path. Cash is paid at once; a card sale waits for the reader (./card-reader),
 * which is asked after commit, never under a lock.
 */
export async function createTillSale(ctx: AppContext, input: SaleInput, actor: TillActor): Promise<Sale> {
  const { sale, created } = await recordTillSale(ctx, input, actor);
  if (created && sale.status === 'awaiting_card' && input.payment.method === 'card') {
    try {
      await startReaderPayment(ctx, {
        saleId: sale.id,
        amountPence: sale.totalPence - sale.voucherPence,
        readerId: input.payment.readerId,
        description: `Sale ${sale.number}`,
      });
    } catch (err) {
      // Nothing was taken: the sale is voided, its places and voucher given back, and the reason shown.
      await voidTillSale(ctx, sale.id, { actor, reason: 'The card reader could not take the payment', anyStaff: true });
      throw err;
    }
  }
  return sale;
}

/** The sale written (or found, for a repeated requestId), before any card reader is asked. */
export async function recordTillSale(
  ctx: AppContext,
  input: SaleInput,
  actor: TillActor,
): Promise<{ sale: Sale; created: boolean }> {
  const { db } = ctx;
  const now = ctx.now();
  const earlier = await saleForRequest(db, input.requestId);
  if (earlier) return { sale: await answerRetry(db, earlier, input, actor), created: false };
  const listed = await priceBasket(db, input, now);
  const member = await memberEntryFor(db, input.codes, listed, now);
  const basket = applyMemberCover(listed, member);
  if (input.expectedTotalPence !== undefined && input.expectedTotalPence !== basket.totalPence)
    throw new AppError(
      'price_changed',
      `Prices have changed: this sale now comes to ${formatPence(basket.totalPence)}, not ${formatPence(input.expectedTotalPence)}. Please check the basket.`,
    );
  let made: { saleId: string; created: boolean };
  try {
    made = await db.transaction(async (tx) => {
      await lockOpenSession(tx, input.tillSessionId, actor);
      const again = await saleForRequest(tx, input.requestId);
      if (again) return { saleId: again.id, created: false };
      return { saleId: await writeSale(tx, { input, basket, member, actor, now }), created: true };
    });
  } catch (err) {
    // The unique request id refused a second sale made at the same moment on another session.
    const winner = pgErrorCode(err) === '23505' ? await saleForRequest(db, input.requestId) : undefined;
    if (!winner) throw err;
    return { sale: await answerRetry(db, winner, input, actor), created: false };
  }
  return { sale: await loadSale(db, made.saleId), created: made.created };
}

async function saleForRequest(db: Db, requestId: string) {
  const [row] = await db.select().from(tillSales).where(eq(tillSales.requestId, requestId));
  return row;
}

/** The same requestId again: the sale already made, if it is this till's; never a second sale. */
async function answerRetry(db: Db, row: typeof tillSales.$inferSelect, input: SaleInput, actor: TillActor) {
  if (row.sessionId !== input.tillSessionId || row.staffAccount !== actor.accountId)
    throw new AppError('invalid_input', 'This sale was already made on another till. Please start a new sale.');
  return loadSale(db, row.id);
}

async function writeSale(
  tx: Db,
  o: { input: SaleInput; basket: PricedBasket; member: MemberEntry | null; actor: TillActor; now: Date },
): Promise<string> {
  const { input, basket, member, actor, now } = o;
  const [sale] = await tx
    .insert(tillSales)
    .values({
      sessionId: input.tillSessionId,
      requestId: input.requestId,
      status: 'awaiting_card',
      eatIn: input.eatIn,
      checkIn: input.checkIn,
      totalPence: basket.totalPence,
      method: input.payment.method,
      staff: actor.username,
      staffAccount: actor.accountId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tillSales.id, number: tillSales.number });
  const saleId = sale!.id;
  await tx.insert(tillSaleLines).values(
    basket.lines.map((l, i) => ({
      saleId,
      sort: i + 1,
      kind: l.kind,
      itemId: l.itemId,
      description: l.description,
      quantity: l.quantity,
      unitPence: l.unitPence,
      totalPence: l.totalPence,
      vatRateBasisPoints: l.vatRateBasisPoints,
      netPence: l.netPence,
      vatPence: l.vatPence,
    })),
  );
  // Lock order as a booking's: the membership, then the gift voucher, then the occupancy rows.
  const memberCover = member ? await lockMemberCover(tx, { member, basket, now }) : null;
  const voucherCodes = input.codes.filter((c) => !isMemberCard(c));
  const voucher = await spendVouchers(tx, { codes: voucherCodes, payablePence: basket.totalPence, actor, now });
  const duePence = basket.totalPence - voucher.pence;
  const payment = settle(input.payment, duePence);
  const bookingId = await takeEntryPlaces(tx, {
    basket,
    saleId,
    saleNumber: sale!.number,
    paid: payment.status === 'paid',
    now,
  });
  if (bookingId && member && memberCover) await recordMemberEntry(tx, { member, locked: memberCover, bookingId });
  if (bookingId && input.checkIn && payment.status === 'paid')
    await checkInEntry(tx, bookingId, { actor: actor.username, now });
  await tx
    .update(tillSales)
    .set({ ...payment, voucherPence: voucher.pence, giftVoucherId: voucher.id, bookingId })
    .where(eq(tillSales.id, saleId));
  if (payment.status === 'paid') await recordTillSaleVat(tx, saleId, now);
  await writeAudit(tx, {
    actor: actor.username,
    action: 'till.sale',
    subjectType: 'till_sale',
    subjectId: saleId,
    details: { number: sale!.number, totalPence: basket.totalPence, method: payment.method, status: payment.status },
  });
  return saleId;
}

/** How the money due is taken: cash now (with change), nothing when a voucher paid it all, or a card to come. */
function settle(payment: SaleInput['payment'], duePence: number) {
  if (duePence === 0)
    return { status: 'paid' as const, method: 'voucher' as const, tenderedPence: null, changePence: null };
  if (payment.method === 'card')
    return { status: 'awaiting_card' as const, method: 'card' as const, tenderedPence: null, changePence: null };
  if (payment.tenderedPence < duePence)
    throw new AppError(
      'cash_short',
      `${formatPence(payment.tenderedPence)} is less than the ${formatPence(duePence)} due.`,
      { fields: { 'payment.tenderedPence': [`At least ${formatPence(duePence)}`] } },
    );
  return {
    status: 'paid' as const,
    method: 'cash' as const,
    tenderedPence: payment.tenderedPence,
    changePence: payment.tenderedPence - duePence,
  };
}

/**
 * Gift vouchers typed or scanned at the till pay part or all of the sale (the gift-vouchers domain's spend:
 * its row locked, its ledger written in this transaction). One voucher a sale.
 */
async function spendVouchers(
  tx: Db,
  o: { codes: string[]; payablePence: number; actor: TillActor; now: Date },
): Promise<{ pence: number; id: string | null }> {
  if (o.codes.length === 0 || o.payablePence === 0) return { pence: 0, id: null };
  if (o.codes.length > 1)
    throw new AppError('invalid_input', 'One gift voucher a sale, please.', { fields: { codes: ['One voucher'] } });
  try {
    const spent = await redeemGiftVoucher(tx, {
      code: o.codes[0]!,
      amountPence: o.payablePence,
      now: o.now,
      actor: o.actor.username,
    });
    return { pence: spent.spentPence, id: spent.voucherId };
  } catch (err) {
    throw giftCodeRefusal(err);
  }
}
