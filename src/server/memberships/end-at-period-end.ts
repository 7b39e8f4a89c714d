import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { cancelledMail } from './membership-mails';
import { isAdminPause, type MembershipRow } from './membership-rows';
import { noticeUnpaidVisits, visitClock } from './unpaid-visits';

/** The statuses a membership can be set to end at its period's end from. */
export const ENDABLE = ['active', 'past_due', 'paused'] as const;

/**
 * The one step of "it will not renew; it runs to the end of the period paid" (DECISIONS.md "Memberships keep
 * their money straight": whatever is done in Stripe's own screens takes our own path). Called with the
 * membership locked, in the transaction that records it, by the family's cancel (cancel-membership.ts) and by
 * Stripe's `customer.subscription.updated` / `.deleted` (billing-events.ts): status cancelled, the confirmation
 * mail with the end date, and the visits it paid for on trust after that end listed with their deadline
 * (unpaid-visits.ts, reason 'ending'). An admin's pause is kept as it is (its reason and no cover): only the end
 * at the period's end is recorded, so a resume leads to cancelled, never to a renewal. Answers whether it changed.
 */
export async function endAtPeriodEnd(
  tx: Db,
  m: MembershipRow,
  o: {
    now: Date;
    venue: Pick<VenueView, 'name' | 'phone'>;
    clock: Awaited<ReturnType<typeof visitClock>>['clock'];
    publicUrl: string;
  },
): Promise<MembershipRow | null> {
  if (!(ENDABLE as readonly string[]).includes(m.status)) return null;
  const adminPause = isAdminPause(m);
  if (adminPause && m.cancelAtPeriodEnd) return null;
  const [after] = await tx
    .update(memberships)
    .set({
      ...(adminPause ? {} : { status: 'cancelled' as const, statusReason: 'cancelled' }),
      cancelAtPeriodEnd: true,
      version: m.version + 1,
      updatedAt: o.now,
    })
    .where(eq(memberships.id, m.id))
    .returning();
  await enqueueMail(tx, cancelledMail(after!, { venue: o.venue }));
  // Visits it paid for on trust after the period's end are no longer paid for: listed, with their deadline.
  if (!adminPause)
    await noticeUnpaidVisits(tx, after!, {
      reason: 'ending',
      now: o.now,
      venue: o.venue,
      clock: o.clock,
      publicUrl: o.publicUrl,
    });
  return after!;
}
