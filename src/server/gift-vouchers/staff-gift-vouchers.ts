import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  GiftVoucherExtendInput,
  StaffGiftVoucherDetail,
  StaffGiftVoucherSummary,
} from '../../shared/contracts/gift-vouchers';
import { longDate } from '../../shared/date-text';
import { addMonths, todayInLondon } from '../../shared/dates';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { giftVouchers } from '../db/schema';
import { AppError } from '../http/errors';
import { escapeLike } from '../db/like';
import { writeAudit } from '../staff/audit';
import { getAppSecret } from '../security/app-secret';
import { codeFingerprint, hashVoucherCode, maskedVoucherCode, normaliseVoucherCode } from './gift-voucher-code';
import { sendRecipientMail } from './send-recipient-mail';
import {
  appendVoucherEntry,
  holderStatus,
  lockVoucher,
  voidVoucher,
  voucherHistory,
  type GiftVoucherRow,
} from './voucher-ledger';

const LIST_LIMIT = 50;
/** Extensions reach at most this far: a voucher is not made to last for ever by a typo. */
const MAX_EXTEND_MONTHS = 60;

function summaryOf(v: GiftVoucherRow, today: string): StaffGiftVoucherSummary {
  return {
    id: v.id,
    maskedCode: maskedVoucherCode(v.codeLast4),
    kind: v.kind,
    ticketTypeTitle: v.ticketTypeTitle,
    initial: v.initialPence,
    balance: v.balancePence,
    status: v.status === 'pending_payment' ? 'pending_payment' : holderStatus(v, today),
    expiresOn: v.expiresOn,
    sendOn: v.sendOn,
    sentAt: v.sentAt?.toISOString() ?? null,
    buyerName: v.buyerName,
    buyerEmail: v.buyerEmail,
    recipientName: v.recipientName,
    recipientEmail: v.recipientEmail,
    createdAt: v.createdAt.toISOString(),
  };
}

/**
 * The staff list: a whole code finds its one voucher; other text searches the last four characters,
 * names and e-mails; nothing lists the newest. Never a whole code in the answer.
 */
export async function listGiftVouchers(db: Db, q: string | undefined, now: Date): Promise<StaffGiftVoucherSummary[]> {
  const today = todayInLondon(now);
  const text = q?.trim() ?? '';
  const raw = text ? normaliseVoucherCode(text) : null;
  let rows: GiftVoucherRow[];
  if (raw) {
    rows = await db
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.codeHash, hashVoucherCode(raw)));
  } else if (text) {
    const like = `%${escapeLike(text.toLowerCase())}%`;
    rows = await db
      .select()
      .from(giftVouchers)
      .where(
        or(
          eq(giftVouchers.codeLast4, text.toUpperCase()),
          sql`lower(${giftVouchers.recipientName}) like ${like}`,
          sql`lower(${giftVouchers.buyerName}) like ${like}`,
          sql`lower(${giftVouchers.recipientEmail}) like ${like}`,
          sql`lower(${giftVouchers.buyerEmail}) like ${like}`,
        ),
      )
      .orderBy(desc(giftVouchers.createdAt))
      .limit(LIST_LIMIT);
  } else {
    rows = await db.select().from(giftVouchers).orderBy(desc(giftVouchers.createdAt)).limit(LIST_LIMIT);
  }
  return rows.map((v) => summaryOf(v, today));
}

export async function giftVoucherDetail(db: Db, id: string, now: Date): Promise<StaffGiftVoucherDetail> {
  const [v] = await db.select().from(giftVouchers).where(eq(giftVouchers.id, id));
  if (!v) throw new AppError('gift_voucher_not_found', 'There is no such gift voucher.');
  const history = await voucherHistory(db, id);
  const others = [v.reissuedTo, ...history.map((h) => h.otherVoucherId)].filter((x): x is string => !!x);
  const last4 = new Map(
    others.length
      ? (
          await db
            .select({ id: giftVouchers.id, last4: giftVouchers.codeLast4 })
            .from(giftVouchers)
            .where(inArray(giftVouchers.id, others))
        ).map((o) => [o.id, maskedVoucherCode(o.last4)])
      : [],
  );
  return {
    ...summaryOf(v, todayInLondon(now)),
    message: v.message,
    voidReason: v.voidReason,
    reissuedToMaskedCode: v.reissuedTo ? (last4.get(v.reissuedTo) ?? null) : null,
    history: history.map((h) => ({
      kind: h.kind,
      amount: h.amountPence,
      balanceAfter: h.balanceAfterPence,
      actor: h.actor,
      reason: h.reason,
      expiresOnBefore: h.expiresOnBefore,
      expiresOnAfter: h.expiresOnAfter,
      otherMaskedCode: h.otherVoucherId ? (last4.get(h.otherVoucherId) ?? null) : null,
      at: h.createdAt.toISOString(),
    })),
  };
}

/** Locks a voucher staff act on; unpaid and void ones cannot be changed. */
async function lockForStaff(tx: Db, id: string): Promise<GiftVoucherRow> {
  const v = await lockVoucher(tx, id);
  if (!v) throw new AppError('gift_voucher_not_found', 'There is no such gift voucher.');
  if (v.status !== 'active')
    throw new AppError(
      'gift_voucher_not_active',
      v.status === 'void' ? 'This voucher is already void.' : 'This voucher has not been paid for.',
    );
  return v;
}

/** A new expiry date, later than the current one and at most 5 years from today; audited. */
export async function extendGiftVoucher(
  db: Db,
  o: { id: string; input: GiftVoucherExtendInput; actor: string; now: Date },
): Promise<void> {
  const today = todayInLondon(o.now);
  await db.transaction(async (tx) => {
    const v = await lockForStaff(tx, o.id);
    const next = o.input.expiresOn;
    if (next <= v.expiresOn || next < today)
      throw new AppError('invalid_input', `Please choose a date after ${longDate(v.expiresOn)}.`, {
        fields: { expiresOn: [`Please choose a date after ${longDate(v.expiresOn)}`] },
      });
    if (next > addMonths(today, MAX_EXTEND_MONTHS))
      throw new AppError('date_too_far', 'A voucher can be extended to at most 5 years from today.', {
        fields: { expiresOn: ['Please choose a date within 5 years'] },
      });
    await tx.update(giftVouchers).set({ expiresOn: next, updatedAt: o.now }).where(eq(giftVouchers.id, v.id));
    await appendVoucherEntry(tx, {
      voucherId: v.id,
      kind: 'extend',
      amountPence: 0,
      balanceAfterPence: v.balancePence,
      actor: o.actor,
      reason: o.input.reason,
      expiresOnBefore: v.expiresOn,
      expiresOnAfter: next,
    });
    await writeAudit(tx, {
      actor: o.actor,
      action: 'gift_voucher.extend',
      subjectType: 'gift_voucher',
      subjectId: v.id,
      details: { from: v.expiresOn, to: next, reason: o.input.reason },
    });
  });
}

/** Voids a voucher with a reason: its balance goes to nothing and its code stops working; audited. */
export async function voidGiftVoucher(
  db: Db,
  o: { id: string; reason: string; actor: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const v = await lockForStaff(tx, o.id);
    await voidVoucher(tx, v, { kind: 'void', voidReason: o.reason, actor: o.actor, reason: o.reason, now: o.now });
    await writeAudit(tx, {
      actor: o.actor,
      action: 'gift_voucher.void',
      subjectType: 'gift_voucher',
      subjectId: v.id,
      details: { reason: o.reason, balancePence: v.balancePence },
    });
  });
}

/**
 * Reissues a voucher under a new code (a lost or leaked code): the old one is void and names the new one,
 * which carries the balance, expiry and people over and is mailed to the recipient by the send job (on
 * the original send date if that is still ahead, else at once). Audited; the answer is the new
 * voucher's id, never its code.
 */
export async function reissueGiftVoucher(
  db: Db,
  o: {
    id: string;
    reason: string;
    actor: string;
    now: Date;
    publicUrl: string;
    venue: Pick<VenueView, 'name' | 'phone'>;
  },
): Promise<{ id: string }> {
  const secret = await getAppSecret(db);
  return db.transaction(async (tx) => {
    const old = await lockForStaff(tx, o.id);
    const id = crypto.randomUUID();
    const today = todayInLondon(o.now);
    const {
      id: _id,
      codeHash: _h,
      codeLast4: _l,
      sentAt: _s,
      reissuedTo: _r,
      voidReason: _v,
      clientAddress: _c,
      ...kept
    } = old;
    const [created] = await tx
      .insert(giftVouchers)
      .values({
        ...kept,
        id,
        ...codeFingerprint(secret, id),
        sendOn: old.sendOn > today ? old.sendOn : today,
        createdAt: o.now,
        updatedAt: o.now,
      })
      .returning();
    await voidVoucher(tx, old, {
      kind: 'reissue',
      voidReason: `Reissued: ${o.reason}`,
      actor: o.actor,
      reason: o.reason,
      now: o.now,
      reissuedTo: id,
    });
    await appendVoucherEntry(tx, {
      voucherId: id,
      kind: 'reissue',
      amountPence: old.balancePence,
      balanceAfterPence: old.balancePence,
      actor: o.actor,
      reason: o.reason,
      otherVoucherId: old.id,
    });
    await writeAudit(tx, {
      actor: o.actor,
      action: 'gift_voucher.reissue',
      subjectType: 'gift_voucher',
      subjectId: old.id,
      details: { reason: o.reason, newVoucherId: id, balancePence: old.balancePence },
    });
    // Due already (the old code had gone out): the recipient gets the new one now.
    if (created!.sendOn <= today) await sendRecipientMail(tx, created!, { ...o, secret });
    return { id };
  });
}
