import { eq, sql } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import { rowsOf, type Db } from '../db/client';
import { partyBookings, type payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { partyRefundMail } from './party-mails';

type Payment = typeof payments.$inferSelect;

/**
 * Whether the family was already told of a party payment's refund: one a staff cancellation decided is
 * told in its cancellation mail (partyCancelledMail, queued in the same transaction), so the refund sends
 * no mail of its own: one mail per cancellation, as for a booking (booking-mails.ts refundTold). The
 * reason alone cannot tell, as it can for a booking: a payment that reached us after the party was
 * cancelled is refunded as 'cancelled' too, and no mail has told of that one yet. So it asks the
 * cancellation's audit entry, written in that transaction, which lists the payments it refunded.
 */
export async function partyRefundTold(tx: Db, p: Pick<Payment, 'id' | 'partyBookingId' | 'refundReason'>) {
  if (!p.partyBookingId || p.refundReason !== 'cancelled') return false;
  const rows = await tx.execute(sql`select 1 from audit_log
    where subject_id = ${p.partyBookingId} and subject_type = 'party' and action = 'party_cancelled'
      and details -> 'refundedPaymentIds' @> ${JSON.stringify([p.id])}::jsonb`);
  return rowsOf(rows).length > 0;
}

/**
 * In the transaction that records a refund of a party's payment (execute-refund.ts, or a refund the
 * provider reports first: apply-party-payment.ts): tells the family, unless a cancellation mail already has.
 */
export async function enqueuePartyRefundMail(
  tx: Db,
  p: Payment,
  venue: Pick<VenueView, 'name' | 'phone'>,
): Promise<void> {
  if (!p.partyBookingId || (await partyRefundTold(tx, p))) return;
  const [party] = await tx.select().from(partyBookings).where(eq(partyBookings.id, p.partyBookingId));
  if (!party) return;
  await enqueueMail(
    tx,
    partyRefundMail(party, {
      paymentId: p.id,
      refundPence: p.refundPence || p.amountPence,
      reason: p.refundReason ?? 'provider_refund',
      venue,
    }),
  );
}
