import type { PartyAvailabilityResponse } from '../../../../shared/contracts/party-booking';
import { addMonths } from '../../../../shared/dates';
import { allergens } from '../../../../shared/menu';

/**
 * The online party booking's small rules, kept out of the components so they can be tested: which months
 * can be shown, which dates and slots are free, which packages a slot allows, and how the server's field
 * messages map onto the form. Prices are never worked out here: the server quotes them.
 */

export type PartyDay = PartyAvailabilityResponse['days'][number];
export type PartySlot = PartyDay['slots'][number];
export type PartyPackageOffer = PartyAvailabilityResponse['packages'][number];
export type PartyFoodOption = PartyAvailabilityResponse['foodOptions'][number];

/** "2026-12-05" -> "2026-12" */
export const monthOf = (iso: string): string => iso.slice(0, 7);

/** The month `n` months after `month` (YYYY-MM). */
export const shiftMonth = (month: string, n: number): string => monthOf(addMonths(`${month}-01`, n));

/** The months a family can page through: from today's month to the month of the last bookable date. */
export function monthsOnSale(range: { from: string; to: string }): string[] {
  const months: string[] = [];
  for (let m = monthOf(range.from); m <= monthOf(range.to); m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** The package that takes the whole barn (after hours, every room free). */
const PRIVATE_HIRE = 'private-hire';

/** A slot can be booked when a room (or, for Private Hire, the barn) is free and some package fits it. */
export const slotBookable = (slot: PartySlot): boolean => slot.packages.length > 0;

/** The dates of the month with at least one bookable slot. */
export function bookableDates(days: readonly PartyDay[]): Set<string> {
  return new Set(days.filter((d) => !d.closed && d.slots.some(slotBookable)).map((d) => d.date));
}

export const dayOf = (days: readonly PartyDay[], date: string): PartyDay | undefined =>
  days.find((d) => d.date === date);

export const slotOf = (days: readonly PartyDay[], date: string, slotId: string): PartySlot | undefined =>
  dayOf(days, date)?.slots.find((s) => s.slotId === slotId);

/** The packages a slot still allows, in the catalogue's order. */
export const packagesForSlot = (offers: readonly PartyPackageOffer[], slot: PartySlot | undefined) =>
  slot ? offers.filter((o) => slot.packages.includes(o.id)) : [];

/** What a slot's choice says beside its time. */
export function slotDetail(slot: PartySlot): string {
  if (!slotBookable(slot)) return 'Fully booked';
  // The after-hours slot sells the whole barn, not a room.
  if (slot.packages.every((p) => p === PRIVATE_HIRE)) return 'Private Hire of the whole barn';
  return slot.roomsFree === 1 ? '1 room free' : `${slot.roomsFree} rooms free`;
}

/** The numbers of children a package takes, smallest first. */
export function childCounts(pkg: Pick<PartyPackageOffer, 'minChildren' | 'maxChildren'>): number[] {
  const counts: number[] = [];
  for (let n = pkg.minChildren; n <= pkg.maxChildren; n++) counts.push(n);
  return counts;
}

/** One food choice per child: keeps the choices made, adds empty ones or drops the extra ones. */
export function resizeFoodChoices(choices: readonly string[], children: number): string[] {
  const n = Number.isInteger(children) && children > 0 ? Math.min(children, 100) : 0;
  return Array.from({ length: n }, (_, i) => choices[i] ?? '');
}

const allergenNames = new Map<string, string>(allergens.map((a) => [a.id, 'short' in a ? a.short : a.label]));

/** The cafe menu's allergen ids in words: ['gluten', 'milk'] -> "Contains gluten, milk"; none -> "No listed allergens". */
export function allergenText(ids: readonly string[]): string {
  if (ids.length === 0) return 'No listed allergens';
  return `Contains ${ids.map((id) => (allergenNames.get(id) ?? id).toLowerCase()).join(', ')}`;
}

/**
 * The first message per form field from the server's 400 `fields` ("foodChoices.3" counts as foodChoices),
 * keeping only the fields the form shows (the rest are said in the form's general message).
 */
export function serverFieldErrors<F extends string>(
  fields: Record<string, string[]> | undefined,
  known: readonly F[],
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const field = path.split('.')[0] as F;
    if (known.includes(field) && messages[0] && found[field] === undefined) found[field] = messages[0];
  }
  return found;
}

/**
 * A complete-looking voucher code (PTB-ABCD-EFGH, as partyChoiceSchema's pattern; spaces or no dashes
 * allowed): only then is it sent with the quote, so half a code typed does not turn the price into an error.
 */
export const looksLikeVoucherCode = (typed: string): boolean =>
  /^PTB[- ]?[A-Z0-9]{4}[- ]?[A-Z0-9]{4}$/i.test(typed.trim());
