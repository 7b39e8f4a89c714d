import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import type { GiftVoucherBalance, GiftVoucherPrint } from '../../shared/contracts/gift-vouchers';
import { todayInLondon } from '../../shared/dates';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { giftVouchers } from '../db/schema';
import { AppError } from '../http/errors';
import { getAppSecret } from '../security/app-secret';
import { hashVoucherCode, normaliseVoucherCode, verifyPrintToken, voucherCodeOf } from './gift-voucher-code';
import { holderStatus, voucherNotFound } from './voucher-ledger';

/**
 * GET /api/gift-vouchers/{code}: balance and expiry for whoever holds the code. A code that is malformed,
 * unknown or not yet paid for gets one and the same answer, so a guess learns nothing about how close it
 * was; an expired or void voucher says so (with its date), since its holder has the real code.
 */
export async function lookupGiftVoucher(db: Db, typed: string, now: Date): Promise<GiftVoucherBalance> {
  const raw = normaliseVoucherCode(typed);
  if (!raw) throw voucherNotFound();
  const [v] = await db
    .select()
    .from(giftVouchers)
    .where(eq(giftVouchers.codeHash, hashVoucherCode(raw)));
  if (!v || v.status === 'pending_payment') throw voucherNotFound();
  return {
    status: holderStatus(v, todayInLondon(now)),
    kind: v.kind,
    ticketTypeTitle: v.ticketTypeTitle,
    balance: v.status === 'void' ? 0 : v.balancePence,
    initial: v.initialPence,
    expiresOn: v.expiresOn,
    last4: v.codeLast4,
  };
}

/**
 * GET /api/gift-vouchers/print?token=: the printable voucher, with its code and a QR code of it, for the
 * buyer's or the recipient's signed link. The code is derived here and goes only into this answer.
 */
export async function printGiftVoucher(db: Db, token: string, now: Date): Promise<GiftVoucherPrint> {
  const secret = await getAppSecret(db);
  const id = verifyPrintToken(secret, token);
  const invalid = () =>
    new AppError('invalid_link', 'This voucher link is not valid. Please use the link in your e-mail.');
  if (!id) throw invalid();
  const [v] = await db.select().from(giftVouchers).where(eq(giftVouchers.id, id));
  if (!v) throw invalid();
  if (v.status === 'pending_payment')
    throw new AppError(
      'gift_voucher_not_active',
      'This voucher is waiting for its payment. Please try again in a minute.',
    );
  const code = voucherCodeOf(secret, v.id);
  const { venue } = await publicCatalogue(db, now);
  return {
    code,
    qr: await QRCode.toDataURL(code, { width: 320, margin: 2, errorCorrectionLevel: 'M' }),
    kind: v.kind,
    ticketTypeTitle: v.ticketTypeTitle,
    initial: v.initialPence,
    balance: v.status === 'void' ? 0 : v.balancePence,
    recipientName: v.recipientName,
    buyerName: v.buyerName,
    message: v.message,
    expiresOn: v.expiresOn,
    status: holderStatus(v, todayInLondon(now)),
    venueName: venue.name,
  };
}
