import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordVoucherSpendVat } from '../accounts/vat-ledger';
import { longDate } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { giftVoucherLedger, giftVouchers, type GiftVoucherLedgerKind } from '../db/schema';
import { AppError } from '../http/errors';
import { hashVoucherCode, normaliseVoucherCode } from './gift-voucher-code';

export type GiftVoucherRow = typeof giftVouchers.$inferSelect;

/**
 * Every change to a voucher's balance, expiry or status goes through here: the row is locked FOR UPDATE
 * first, then read again in that same statement, so two processes spending one voucher queue on the lock
 * and the second sees what the first left (the double-spend test, gift-voucher-redeem.test.ts).
 */
export async function lockVoucher(tx: Db, voucherId: string): Promise<GiftVoucherRow | undefined> {
  const [row] = await tx.select().from(giftVouchers).where(eq(giftVouchers.id, voucherId)).for('update');
  return row;
}

/** Locks the voucher a typed code names; undefined for a code that names none (or is no code at all). */
export async function lockVoucherByCode(tx: Db, typed: string): Promise<GiftVoucherRow | undefined> {
  const raw = normaliseVoucherCode(typed);
  if (!raw) return undefined;
  const [row] = await tx
    .select()
    .from(giftVouchers)
    .where(eq(giftVouchers.codeHash, hashVoucherCode(raw)))
    .for('update');
  return row;
}

export async function appendVoucherEntry(
  tx: Db,
  e: {
    voucherId: string;
    kind: GiftVoucherLedgerKind;
    amountPence: number;
    balanceAfterPence: number;
    actor: string;
    reason?: string | null;
    bookingId?: string | null;
    partyBookingId?: string | null;
    expiresOnBefore?: string | null;
    expiresOnAfter?: string | null;
    otherVoucherId?: string | null;
    /** The app's clock: a spend's tax point in the VAT ledger (issue 50). */
    now?: Date;
  },
): Promise<void> {
  if (!Number.isInteger(e.amountPence) || !Number.isInteger(e.balanceAfterPence) || e.balanceAfterPence < 0)
    throw new Error(`gift voucher entries move whole pence, got ${e.amountPence} leaving ${e.balanceAfterPence}`);
  const [entry] = await tx
    .insert(giftVoucherLedger)
    .values({
      voucherId: e.voucherId,
      kind: e.kind,
      amountPence: e.amountPence,
      balanceAfterPence: e.balanceAfterPence,
      actor: e.actor,
      reason: e.reason ?? null,
      bookingId: e.bookingId ?? null,
      partyBookingId: e.partyBookingId ?? null,
      expiresOnBefore: e.expiresOnBefore ?? null,
      expiresOnAfter: e.expiresOnAfter ?? null,
      otherVoucherId: e.otherVoucherId ?? null,
    })
    .returning({ id: giftVoucherLedger.id });
  // Multi-purpose: VAT when spent, by what it buys; given back, that VAT reverses.
  if (e.kind === 'redeem' || e.kind === 'refund_to_voucher')
    await recordVoucherSpendVat(tx, {
      entryId: entry!.id,
      amountPence: e.amountPence,
      bookingId: e.bookingId,
      partyBookingId: e.partyBookingId,
      now: e.now ?? new Date(),
    });
}

/**
 * Ends a voucher (voided by staff, refunded at the provider, or reissued under a new code): its status is
 * void, its balance goes to nothing, and the ledger entry of `kind` says how much went and why.
 */
export async function voidVoucher(
  tx: Db,
  v: GiftVoucherRow,
  o: {
    kind: 'void' | 'reissue';
    voidReason: string;
    actor: string;
    reason: string;
    now: Date;
    reissuedTo?: string;
  },
): Promise<void> {
  await tx
    .update(giftVouchers)
    .set({
      status: 'void',
      voidReason: o.voidReason,
      balancePence: 0,
      ...(o.reissuedTo ? { reissuedTo: o.reissuedTo } : {}),
      updatedAt: o.now,
    })
    .where(eq(giftVouchers.id, v.id));
  await appendVoucherEntry(tx, {
    voucherId: v.id,
    kind: o.kind,
    amountPence: -v.balancePence,
    balanceAfterPence: 0,
    actor: o.actor,
    reason: o.reason,
    otherVoucherId: o.reissuedTo,
  });
}

/** A voucher's state for a holder on `today` (venue-local): expiry is derived, never stored. */
export function holderStatus(v: Pick<GiftVoucherRow, 'status' | 'expiresOn'>, today: string) {
  if (v.status === 'void') return 'void' as const;
  return v.expiresOn < today ? ('expired' as const) : ('active' as const);
}

export const voucherNotFound = () =>
  new AppError(
    'gift_voucher_not_found',
    'We could not find a gift voucher with that code. Please check it and try again.',
  );

/** Refuses a voucher that cannot be spent today, saying why (an expired one with its date). */
export function assertSpendable(v: GiftVoucherRow | undefined, now: Date): asserts v is GiftVoucherRow {
  if (!v || v.status === 'pending_payment') throw voucherNotFound();
  const status = holderStatus(v, todayInLondon(now));
  if (status === 'void')
    throw new AppError(
      'gift_voucher_void',
      'This gift voucher is no longer valid. Please ask us if you think this is wrong.',
    );
  if (status === 'expired')
    throw new AppError('gift_voucher_expired', `This gift voucher expired on ${longDate(v.expiresOn)}.`);
  if (v.balancePence <= 0) throw new AppError('gift_voucher_spent', 'This gift voucher has been spent in full.');
}

/**
 * Spends up to `amountPence` of the voucher a code names, inside the caller's transaction (the booking or
 * party payment that uses it, so the spend exists exactly when that does). Takes what the voucher holds if
 * that is less: the rest is paid by card. Locks the voucher row first; a second spend of the same voucher
 * waits for the first to commit and then sees the balance it left.
 */
export async function redeemGiftVoucher(
  tx: Db,
  o: {
    code: string;
    amountPence: number;
    now: Date;
    actor?: string;
    bookingId?: string | null;
    partyBookingId?: string | null;
  },
): Promise<{ voucherId: string; spentPence: number; balanceAfterPence: number }> {
  if (!Number.isInteger(o.amountPence) || o.amountPence <= 0)
    throw new Error(`a redemption spends positive whole pence, got ${o.amountPence}`);
  const voucher = await lockVoucherByCode(tx, o.code);
  assertSpendable(voucher, o.now);
  const spent = Math.min(voucher.balancePence, o.amountPence);
  const after = voucher.balancePence - spent;
  await tx.update(giftVouchers).set({ balancePence: after, updatedAt: o.now }).where(eq(giftVouchers.id, voucher.id));
  await appendVoucherEntry(tx, {
    voucherId: voucher.id,
    kind: 'redeem',
    amountPence: -spent,
    balanceAfterPence: after,
    actor: o.actor ?? 'customer',
    bookingId: o.bookingId,
    partyBookingId: o.partyBookingId,
    now: o.now,
  });
  return { voucherId: voucher.id, spentPence: spent, balanceAfterPence: after };
}

/**
 * Gives value back to a voucher (a cancelled booking it paid for), never above what it was sold for. A
 * void voucher stays void (staff voided it knowing its balance); its value comes back on the ledger only.
 */
export async function refundToGiftVoucher(
  tx: Db,
  o: {
    voucherId: string;
    amountPence: number;
    now: Date;
    actor?: string;
    bookingId?: string | null;
    partyBookingId?: string | null;
  },
): Promise<{ refundedPence: number; balanceAfterPence: number }> {
  const voucher = await lockVoucher(tx, o.voucherId);
  if (!voucher) throw voucherNotFound();
  if (voucher.status === 'void') return { refundedPence: 0, balanceAfterPence: voucher.balancePence };
  const refunded = Math.max(0, Math.min(o.amountPence, voucher.initialPence - voucher.balancePence));
  if (refunded === 0) return { refundedPence: 0, balanceAfterPence: voucher.balancePence };
  const after = voucher.balancePence + refunded;
  await tx.update(giftVouchers).set({ balancePence: after, updatedAt: o.now }).where(eq(giftVouchers.id, voucher.id));
  await appendVoucherEntry(tx, {
    voucherId: voucher.id,
    kind: 'refund_to_voucher',
    amountPence: refunded,
    balanceAfterPence: after,
    actor: o.actor ?? 'system',
    bookingId: o.bookingId,
    partyBookingId: o.partyBookingId,
    now: o.now,
  });
  return { refundedPence: refunded, balanceAfterPence: after };
}

/**
 * What each gift voucher has paid towards a party, net of what has gone back to it (its redeem entries less
 * its refund_to_voucher entries for the party): the vouchers still owed something, most recently spent first.
 */
export async function netSpentOnParty(
  tx: Db,
  partyBookingId: string,
): Promise<{ voucherId: string; netPence: number }[]> {
  const rows = await tx
    .select({
      voucherId: giftVoucherLedger.voucherId,
      netPence: sql<string>`-sum(${giftVoucherLedger.amountPence})`,
      lastAt: sql<string>`max(${giftVoucherLedger.createdAt})`,
    })
    .from(giftVoucherLedger)
    .where(
      and(
        eq(giftVoucherLedger.partyBookingId, partyBookingId),
        inArray(giftVoucherLedger.kind, ['redeem', 'refund_to_voucher']),
      ),
    )
    .groupBy(giftVoucherLedger.voucherId)
    .orderBy(sql`max(${giftVoucherLedger.createdAt}) desc`);
  return rows.map((r) => ({ voucherId: r.voucherId, netPence: Number(r.netPence) })).filter((r) => r.netPence > 0);
}

/** The voucher's history, oldest first. */
export async function voucherHistory(db: Db, voucherId: string) {
  return db
    .select()
    .from(giftVoucherLedger)
    .where(eq(giftVoucherLedger.voucherId, voucherId))
    .orderBy(giftVoucherLedger.createdAt, sql`${giftVoucherLedger.id}`);
}
