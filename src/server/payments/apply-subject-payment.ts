import type { VenueView } from '../../shared/catalogue';
import { applyCreditPurchasePayment } from '../credits/apply-purchase-payment';
import type { Db } from '../db/client';
import { applyGiftVoucherPayment } from '../gift-vouchers/apply-voucher-payment';
import { applyPartyPayment } from '../parties/apply-party-payment';
import type { PartyCatalogue } from '../parties/party-settings';
import type { ApplyPaymentResult, IncomingPaymentStatus } from './payment-transitions';

/** What applyPaymentStatus's branches answer: the result, and a refund to carry out after commit. */
export type SubjectPaymentApplied = { result: ApplyPaymentResult; refundPaymentId: string | null };

/**
 * applyPaymentStatus's dispatch over what a payment buys other than tickets: a bundle of session credits,
 * a gift voucher, or a party's deposit or balance. Each branch locks its subject, then the payment (the
 * order every other writer of it takes). Null when the payment buys a ticket booking (or nothing).
 */
export async function applySubjectPayment(
  tx: Db,
  found: { id: string; creditPurchaseId: string | null; giftVoucherId: string | null; partyBookingId: string | null },
  o: {
    status: IncomingPaymentStatus;
    now: Date;
    publicUrl: string;
    secret: string;
    venue: VenueView;
    /** A party payment's rooms and names. */
    catalogue: PartyCatalogue;
  },
): Promise<SubjectPaymentApplied | null> {
  const common = { paymentId: found.id, status: o.status, now: o.now, publicUrl: o.publicUrl, venue: o.venue };
  if (found.creditPurchaseId)
    return noRefund(await applyCreditPurchasePayment(tx, { ...common, purchaseId: found.creditPurchaseId }));
  if (found.giftVoucherId)
    return noRefund(await applyGiftVoucherPayment(tx, { ...common, voucherId: found.giftVoucherId, secret: o.secret }));
  if (found.partyBookingId)
    return applyPartyPayment(tx, {
      ...common,
      partyId: found.partyBookingId,
      secret: o.secret,
      catalogue: o.catalogue,
    });
  return null;
}

function noRefund(result: ApplyPaymentResult): SubjectPaymentApplied {
  return { result, refundPaymentId: null };
}
