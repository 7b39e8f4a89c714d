import type { PartyPackage, SessionView, TicketTypeView } from '../../../shared/catalogue';
import type { DayBand } from '../../../shared/day-types';

/** The entry tickets the price card lists: every ticket but the weekday-morning-only ones (a special offer). */
export function entryTicketsOf(ticketTypes: readonly TicketTypeView[]): TicketTypeView[] {
  return ticketTypes.filter((t) => !t.weekdayMorningOnly).sort((a, b) => a.sort - b.sort);
}

/** The lowest of some prices, or null when there are none (a "From" line then says nothing). */
export function lowestPence(prices: readonly number[]): number | null {
  return prices.length === 0 ? null : Math.min(...prices);
}

/** "2 hours: party room, decorations...; 1 free adult" for the first package; later ones name only what they add. */
export function packageDetail(p: PartyPackage, previous: PartyPackage | undefined): string {
  const list = previous
    ? `everything in ${previous.name}, plus ${p.includes
        .filter((x) => !previous.includes.includes(x))
        .join(', ')
        .toLowerCase()}`
    : p.includes.join(', ').toLowerCase();
  return `${p.hours}: ${list}; ${p.freeAdults} free adult`;
}

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** "2-hour" when every session lasts the same whole number of hours; null otherwise (or with no sessions). */
export function sessionLengthLabel(sessions: readonly Pick<SessionView, 'start' | 'end'>[]): string | null {
  const lengths = new Set(sessions.map((s) => minutesOf(s.end) - minutesOf(s.start)));
  const [only] = lengths;
  return lengths.size === 1 && only !== undefined && only > 0 && only % 60 === 0 ? `${only / 60}-hour` : null;
}

/** The session a weekday-morning ticket is sold for (its first listed one), else the day's first session. */
export function morningSessionOf(
  ticket: Pick<TicketTypeView, 'sessionIds'>,
  sessions: readonly SessionView[],
): SessionView | undefined {
  const ordered = [...sessions].sort((a, b) => a.sort - b.sort);
  return ordered.find((s) => ticket.sessionIds.includes(s.id)) ?? ordered[0];
}

/**
 * A ticket's price in each band of days, cheapest first ("Off-peak £7.50", "Peak £9.50"); one line with no
 * band name when every band costs the same (the product starts that way, until the venue sets its own).
 */
export function bandPricesOf(
  ticket: Pick<TicketTypeView, 'pricePence' | 'bandPrices'>,
  bands: readonly DayBand[],
): { band: string | null; pence: number }[] {
  const priced = bands
    .filter((b) => ticket.bandPrices[b.id] !== undefined)
    .map((b) => ({ band: b.name, pence: ticket.bandPrices[b.id]! }));
  if (new Set(priced.map((p) => p.pence)).size <= 1)
    return [{ band: null, pence: priced[0]?.pence ?? ticket.pricePence }];
  return priced.sort((a, b) => a.pence - b.pence);
}
