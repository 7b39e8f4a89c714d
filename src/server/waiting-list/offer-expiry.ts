import { OFFER_CUTOFF_MINUTES } from '../../shared/contracts/waiting-list';
import { venueInstant, type VisitClock } from '../bookings/visit-time';

// No offer is made in the last OFFER_CUTOFF_MINUTES (15) before a visit's start, nor after it. The family
// has to see the mail and get through the booking page before the offer ends: a shorter offer would mostly
// lapse unread, and meanwhile it would keep its places from families booking them on the page (which sells
// until last entry) or at the desk. Left waiting, such an entry is deleted with the rest of its date's
// entries the next day. The Venue tab's waiting list editor tells admins the same.

/**
 * The latest moment an offer for this date and session can be worth holding: the session's start (its
 * places then run unused), or for a weekday all-day ticket, which may start any time the venue lets
 * families in, last entry. Null for a session the catalogue no longer has: nothing to offer.
 */
export function latestStart(date: string, sessionId: string | null, clock: VisitClock): Date | null {
  if (!sessionId) return venueInstant(date, clock.openingHours.lastEntry);
  const session = clock.sessions.find((s) => s.id === sessionId);
  return session ? venueInstant(date, session.start) : null;
}

type Slot = { date: string; sessionId: string | null; now: Date; clock: VisitClock };

const startIfOfferable = ({ date, sessionId, now, clock }: Slot): Date | null => {
  const start = latestStart(date, sessionId, clock);
  return start && start.getTime() - now.getTime() >= OFFER_CUTOFF_MINUTES * 60_000 ? start : null;
};

/** Whether a place that comes up at `now` could still be offered (joining the list is refused when not). */
export const canStillOffer = (slot: Slot): boolean => startIfOfferable(slot) !== null;

/**
 * When an offer made at `now` ends: `offerHours` later, or at the start of the visit if that is sooner
 * (an offer never outlives its session). Null when it is too late to offer at all (see OFFER_CUTOFF_MINUTES).
 */
export function offerExpiry(opts: Slot & { offerHours: number }): Date | null {
  const start = startIfOfferable(opts);
  return start && new Date(Math.min(opts.now.getTime() + opts.offerHours * 3_600_000, start.getTime()));
}
