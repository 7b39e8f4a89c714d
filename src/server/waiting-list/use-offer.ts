import { eq, sql } from 'drizzle-orm';
import type { WaitingListOffer } from '../../shared/contracts/waiting-list';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import type { OfferRedemption } from '../bookings/booking-listeners';
import { adjustTaken, lockOccupancy } from '../bookings/capacity';
import { rowsOf, type Db } from '../db/client';
import { waitingListEntries } from '../db/schema';
import { AppError } from '../http/errors';
import { hashToken } from '../security/tokens';
import { labelOf, lockEntryByTokenHash, sessionLabels, type EntryRow } from './waiting-list-rows';

const refused = (message: string) =>
  new AppError('waiting_list_offer_invalid', message, { fields: { offerToken: [message] } });
const ended = () =>
  refused('This waiting list offer has ended, so its places are no longer held. Please choose another time.');

const isLiveOffer = (e: EntryRow | undefined, now: Date): e is EntryRow =>
  !!e && e.status === 'offered' && e.placesHeld && !!e.offerExpiresAt && e.offerExpiresAt > now;

/**
 * Inside the booking transaction (create-booking.ts), before the booking takes its places: the offer the
 * token names is locked, checked (live, for this date, session and address: else a 400 and the whole
 * booking rolls back), its held places are given back on the occupancy rows (`sessionIds`, the booking's
 * own, locked in the same sorted order) and it is marked 'booked'. The booking then takes places as usual,
 * so the places the offer held are the ones it finds free.
 */
export async function useOffer(tx: Db, opts: OfferRedemption): Promise<void> {
  const entry = await lockEntryByTokenHash(tx, hashToken(opts.token));
  if (!isLiveOffer(entry, opts.now)) throw ended();
  if (entry.visitDate !== opts.date || entry.sessionId !== opts.sessionId)
    throw refused('This waiting list offer is for another date or session. Please book the one in your e-mail.');
  if (normaliseFamilyEmail(opts.email) !== entry.email)
    throw refused('Please book with the e-mail address the waiting list offer was sent to.');
  await lockOccupancy(tx, opts.date, opts.sessionIds);
  await adjustTaken(tx, opts.date, opts.sessionIds, -entry.places);
  await tx
    .update(waitingListEntries)
    .set({ status: 'booked', placesHeld: false, bookingId: opts.bookingId, updatedAt: opts.now })
    .where(eq(waitingListEntries.id, entry.id));
}

/** GET /api/waiting-list/offer?token=: what the booking page shows for an offer link (no address in it). */
export async function findOffer(db: Db, token: string, now: Date): Promise<WaitingListOffer> {
  const [row] = rowsOf<
    Pick<EntryRow, 'visitDate' | 'sessionId' | 'places' | 'status' | 'placesHeld'> & {
      offerExpiresAt: Date | string | null;
    }
  >(
    await db.execute(sql`
      select visit_date::text as "visitDate", session_id as "sessionId", places, status, places_held as "placesHeld",
        offer_expires_at as "offerExpiresAt"
      from waiting_list_entries where offer_token_hash = ${hashToken(token)}`),
  );
  const expiresAt = row?.offerExpiresAt ? new Date(row.offerExpiresAt) : null;
  if (!row || row.status !== 'offered' || !row.placesHeld || !expiresAt || expiresAt <= now) throw ended();
  return {
    date: row.visitDate,
    sessionId: row.sessionId,
    sessionLabel: labelOf(await sessionLabels(db), row.sessionId),
    places: row.places,
    expiresAt: expiresAt.toISOString(),
  };
}
