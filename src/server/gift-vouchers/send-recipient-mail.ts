import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { giftVouchers } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { printToken, printUrl, voucherCodeOf } from './gift-voucher-code';
import { giftVoucherRecipientMail } from './gift-voucher-mails';
import type { GiftVoucherRow } from './voucher-ledger';

/**
 * Puts the recipient's mail in the outbox and marks the voucher sent, inside the caller's transaction with
 * the voucher row locked (the payment that activates it, or the daily send job): sent_at and the outbox's
 * dedupe key together make it once. The code is derived here, for the mail only.
 */
export async function sendRecipientMail(
  tx: Db,
  v: GiftVoucherRow,
  o: { secret: string; publicUrl: string; venue: Pick<VenueView, 'name' | 'phone'>; now: Date },
): Promise<void> {
  await enqueueMail(
    tx,
    giftVoucherRecipientMail(v, {
      code: voucherCodeOf(o.secret, v.id),
      printUrl: printUrl(o.publicUrl, printToken(o.secret, v.id, 'recipient')),
      bookingUrl: `${o.publicUrl}/booking`,
      venue: o.venue,
    }),
  );
  await tx.update(giftVouchers).set({ sentAt: o.now, updatedAt: o.now }).where(eq(giftVouchers.id, v.id));
}
