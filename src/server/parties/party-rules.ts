import type { PartyBookingDocument, PartySlot } from '../../shared/catalogue';
import { addDays, addMonths, daysBetween, todayInLondon } from '../../shared/dates';
import { venueInstant } from '../bookings/visit-time';
import { AppError } from '../http/errors';

/** Numbers may change until this many days before the party; the balance is due then too (DECISIONS.md). */
export const CHANGE_CUTOFF_DAYS = 7;
/** The deposit is refunded when a party is cancelled MORE than this many days before it. */
export const DEPOSIT_REFUND_DAYS = 14;

/** The balance is due on the last day numbers may change: 7 days before the party (DECISIONS.md). */
export const balanceDueDateOf = (partyDate: string): string => addDays(partyDate, -CHANGE_CUTOFF_DAYS);

type Horizon = Pick<PartyBookingDocument, 'horizonMonths'>;

/**
 * The dates parties are sold for at `now`: today through the party booking horizon, a catalogue setting
 * (6 months by default), not visits' one month (DECISIONS.md "Parties online").
 */
export function partyBookableRange(now: Date, settings: Horizon): { from: string; to: string } {
  const from = todayInLondon(now);
  return { from, to: addMonths(from, settings.horizonMonths) };
}

/**
 * Whether a party can be sold for this date and slot at `now`: from today (a slot not yet started) through
 * the party booking horizon.
 */
export function partySlotOnSale(date: string, slot: Pick<PartySlot, 'start'>, now: Date, settings: Horizon): boolean {
  const { from, to } = partyBookableRange(now, settings);
  if (date < from || date > to) return false;
  return venueInstant(date, slot.start).getTime() > now.getTime();
}

export function assertPartySlotOnSale(
  date: string,
  slot: Pick<PartySlot, 'start'>,
  now: Date,
  settings: Horizon,
): void {
  if (!partySlotOnSale(date, slot, now, settings)) {
    const { to } = partyBookableRange(now, settings);
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
