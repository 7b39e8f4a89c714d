import type { Db } from '../db/client';

/**
 * A card the kiosk can scan besides a ticket (a member card, issue 40), resolved by the domain that issues it
 * and composed in app.ts, so check-in never imports it (DECISIONS.md "Domains point one way"). It answers the
 * ids of the bookings the card may check in today (the kiosk still shows only today's paid ones), or null when
 * the scanned text is not such a card; a forged or stale card is an empty list, like a ticket that is not found.
 */
export type KioskCardResolver = (db: Db, scanned: string, now: Date) => Promise<string[] | null>;

/**
 * The same cards for the offline day list (issue 41): each card that checks in a booking of `day`, as the text
 * the kiosk scans, with those bookings' ids. The list carries only keyed hashes of both (checkin/day-list.ts).
 */
export type KioskCardsOfDay = (db: Db, day: string) => Promise<{ code: string; bookingIds: string[] }[]>;
