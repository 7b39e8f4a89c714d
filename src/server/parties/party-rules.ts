import type { PartySlot } from '../../shared/catalogue';
import { addDays, bookableRange, daysBetween, todayInLondon } from '../../shared/dates';
import { venueInstant } from '../bookings/visit-time';
import { AppError } from '../http/errors';

/** Numbers may change until this many days before the party; the balance is due then too (DECISIONS.md). */
export const CHANGE_CUTOFF_DAYS = 7;
/** The deposit is refunded when a party is cancelled MORE than this many days before it. */
export const DEPOSIT_REFUND_DAYS = 14;

/** The balance is due on the last day numbers may change: 7 days before the party (DECISIONS.md). */
export const balanceDueDateOf = (partyDate: string): string => addDays(partyDate, -CHANGE_CUTOFF_DAYS);

/**
 * Whether a party can be sold for this date and slot at `now`: from today (a slot not yet started) through
 * the booking horizon of src/shared/dates.ts, the same window as a visit's.
 */
export function partySlotOnSale(date: string, slot: Pick<PartySlot, 'start'>, now: Date): boolean {
  const { from, to } = bookableRange(now);
  if (date < from || date > to) return false;
  return venueInstant(date, slot.start).getTime() > now.getTime();
}

export function assertPartySlotOnSale(date: string, slot: Pick<PartySlot, 'start'>, now: Date): void {
  if (!partySlotOnSale(date, slot, now)) {
    const { to } = bookableRange(now);
    throw new AppError('party_date_out_of_range', `Parties can be booked from today until ${to}.`, {
      fields: { date: [`Please choose a date and time from now until ${to}`] },
    });
  }
}

/** Whole days from the venue's today to the party date. */
export const daysBefore = (partyDate: string, now: Date): number => daysBetween(todayInLondon(now), partyDate);

/** Numbers can change up to and including the 7th day before the party. */
export const canChangeNumbers = (partyDate: string, now: Date): boolean =>
  daysBefore(partyDate, now) >= CHANGE_CUTOFF_DAYS;

/** The deposit rule: refunded when cancelled more than 14 days before the party, kept after. */
export const depositRuleOn = (partyDate: string, now: Date): 'refund' | 'keep' =>
  daysBefore(partyDate, now) > DEPOSIT_REFUND_DAYS ? 'refund' : 'keep';
