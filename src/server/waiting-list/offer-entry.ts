import { eq } from 'drizzle-orm';
import type { PublicCatalogue } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { waitingListEntries } from '../db/schema';
import { adjustTaken, hasRoomFor, lockOccupancy, sessionsCounted } from '../bookings/capacity';
import { allSessionIds } from '../bookings/places';
import type { VisitClock } from '../bookings/visit-time';
import { enqueueMail } from '../mail/enqueue-mail';
import { hashToken, newToken } from '../security/tokens';
import { offerExpiry } from './offer-expiry';
import { offerLink, waitingListOfferMail } from './offer-mail';
import { labelOf, lockEntryById, sessionLabels } from './waiting-list-rows';

export type OfferOutcome = 'offered' | 'missing' | 'not_waiting' | 'no_room' | 'too_late';

/**
 * Offers one waiting entry its places, if they fit, in one transaction: the entry is locked, then the
 * occupancy rows (the one order every waiting list verb keeps), the places are taken for the entry, and
 * the offer mail is queued with the checkout link. Taking the places under the occupancy lock is what
 * makes a freed place offered once, however many processes run the offer pass at the same moment.
 * The offer ends `offerHours` later or at the visit's start, whichever is sooner; none is made in the last
 * minutes before the start (offer-expiry.ts).
 */
export async function offerEntry(
  db: Db,
  opts: {
    entryId: string;
    now: Date;
    offerHours: number;
    publicUrl: string;
    /** The sessions' times and opening hours (when the visit starts), and the venue the mail is signed by. */
    catalogue: VisitClock & { venue: Pick<PublicCatalogue['venue'], 'name' | 'phone'> };
    /** 'system' for the offer pass, or the staff member offering by hand. */
    offeredBy: string;
  },
): Promise<OfferOutcome> {
  const { now } = opts;
  return db.transaction(async (tx) => {
    const entry = await lockEntryById(tx, opts.entryId);
    if (!entry) return 'missing';
    if (entry.status !== 'waiting') return 'not_waiting';
    const expiresAt = offerExpiry({
      date: entry.visitDate,
      sessionId: entry.sessionId,
      now,
      offerHours: opts.offerHours,
      clock: opts.catalogue,
    });
    if (!expiresAt) return 'too_late';
    const ids = sessionsCounted(entry.sessionId, await allSessionIds(tx));
    const rows = await lockOccupancy(tx, entry.visitDate, ids);
    if (!hasRoomFor(rows, entry.places)) return 'no_room';
    await adjustTaken(tx, entry.visitDate, ids, entry.places);
    const token = newToken();
    await tx
      .update(waitingListEntries)
      .set({
        status: 'offered',
        placesHeld: true,
        offeredAt: now,
        offerExpiresAt: expiresAt,
        offerTokenHash: hashToken(token),
        offeredBy: opts.offeredBy,
        updatedAt: now,
      })
      .where(eq(waitingListEntries.id, entry.id));
    const labels = await sessionLabels(tx);
    await enqueueMail(
      tx,
      waitingListOfferMail({
        entryId: entry.id,
        to: entry.email,
        date: entry.visitDate,
        sessionLabel: labelOf(labels, entry.sessionId),
        places: entry.places,
        link: offerLink(opts.publicUrl, { date: entry.visitDate, sessionId: entry.sessionId, token }),
        expiresAt,
        now,
        venue: opts.catalogue.venue,
      }),
    );
    return 'offered';
  });
}

/**
 * Gives an offer's held places back and ends the entry with `status` (an offer that ran out: 'expired'; a
 * family leaving: 'left'). The caller has locked the entry; the occupancy rows are locked here, after it.
 */
export async function endEntry(
  tx: Db,
  entry: { id: string; visitDate: string; sessionId: string | null; places: number; placesHeld: boolean },
  status: 'expired' | 'left',
  now: Date,
): Promise<void> {
  if (entry.placesHeld) {
    const ids = sessionsCounted(entry.sessionId, await allSessionIds(tx));
    await lockOccupancy(tx, entry.visitDate, ids);
    await adjustTaken(tx, entry.visitDate, ids, -entry.places);
  }
  await tx
    .update(waitingListEntries)
    .set({ status, placesHeld: false, updatedAt: now })
    .where(eq(waitingListEntries.id, entry.id));
}
