import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { bookings, checkIns } from '../db/schema';
import { writeAudit } from '../staff/audit';
import { cancelLockedBooking, lockPaidPayment } from './cancel-booking';

/**
 * The venue cancels a confirmed booking that has not checked in, for a reason the family is told of in the
 * cancellation mail (another domain's rule, e.g. a membership's visits left unpaid: issue 40), in the caller's
 * transaction. Everything a cancellation does (cancelLockedBooking): places released, credits, vouchers and
 * gift voucher given back, points taken back, the mail; and whatever the family paid on the booking is
 * refunded in full (decided here, carried out after commit by the caller with executeDueRefund, which the
 * sweep retries). Audited with `actor`. A booking already cancelled, never paid or checked in is left as it is:
 * `cancelled: false`.
 */
export async function cancelBookingWithNotice(
  tx: Db,
  o: {
    bookingId: string;
    why: string;
    actor: string;
    auditDetails: Record<string, unknown>;
    now: Date;
    venue: Pick<VenueView, 'name' | 'phone'>;
  },
): Promise<{ cancelled: boolean; refundPaymentId: string | null }> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, o.bookingId)).for('update');
  if (!b || b.status !== 'confirmed') return { cancelled: false, refundPaymentId: null };
  const [arrived] = await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.bookingId, b.id));
  if (arrived) return { cancelled: false, refundPaymentId: null };
  const p = await lockPaidPayment(tx, b.id);
  const refundPence = p && !p.refundStatus ? p.amountPence : 0;
  await cancelLockedBooking(tx, b, p, { refundPence, now: o.now, venue: o.venue, why: o.why });
  await writeAudit(tx, {
    actor: o.actor,
    action: 'booking_cancelled',
    subjectType: 'booking',
    subjectId: b.id,
    details: { ...o.auditDetails, refund: 'full', refundPence },
  });
  return { cancelled: true, refundPaymentId: refundPence > 0 ? p!.id : null };
}
