import type { Db } from '../db/client';
import type { CoverMembers } from './member-cover';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** A waiting list offer a booking redeems, inside the booking's transaction (before it takes its places). */
export type OfferRedemption = {
  token: string;
  email: string;
  date: string;
  sessionId: string | null;
  /** The booking's occupancy rows, locked in the same sorted order the booking takes them. */
  sessionIds: string[];
  bookingId: string;
  now: Date;
};

/**
 * What bookings tells the domains above it (the waiting list), registered when the app is composed
 * (app.ts), so bookings never imports them (DECISIONS.md "Domains point one way").
 */
export type BookingListeners = {
  /** Places may have come free (a cancellation, a move, an offer booked with fewer places): after the answer. */
  placesFreed: (log: Log) => void;
  /** Gives back the places an offer held for this family; throws (rolling the booking back) when it may not be used. */
  redeemOffer: (tx: Db, offer: OfferRedemption) => Promise<void>;
  /** The places a membership pays for, for a booking's named children (memberships/, once composed). */
  coverMembers?: CoverMembers;
};
