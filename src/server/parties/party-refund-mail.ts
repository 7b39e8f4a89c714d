import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { partyBookings, type payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { partyRefundMail } from './party-mails';

/** execute-refund.ts, in the transaction that records a refund: tells the family when the payment was a party's. */
export async function enqueuePartyRefundMail(
  tx: Db,
  p: typeof payments.$inferSelect,
  venue: Pick<VenueView, 'name' | 'phone'>,
): Promise<void> {
  if (!p.partyBookingId) return;
  const [party] = await tx.select().from(partyBookings).where(eq(partyBookings.id, p.partyBookingId));
  if (!party) return;
  await enqueueMail(
    tx,
    partyRefundMail(party, {
      paymentId: p.id,
      refundPence: p.refundPence,
      reason: p.refundReason ?? 'cancelled',
      venue,
    }),
  );
}
