import { bandPriceOn, type BandPrice } from '../../../../../shared/catalogue';
import type { DayBand } from '../../../../../shared/day-types';

/** The prices editor's choice of band: one band's id, or every band at once. */
export const EVERY_BAND = '';

export type HistoryRow = {
  key: string;
  fromDate: string;
  /** "Every band", "Off-peak", or "Off-peak, Christmas". */
  bandLabel: string;
  pricePence: number;
  feePence: number;
  status: 'now' | 'upcoming' | 'past';
  /** When a row of several bands is in force today for some of them only: their names ("Peak"). */
  nowFor?: string;
};

/**
 * A ticket type's price history as the editor shows it, oldest first. For one band, that band's rows. For
 * every band, rows of the same date, price and fee are one row ("Every band" when all the bands share it,
 * as a price set for every band does), so a price that never differed by band reads as it did before bands.
 * A row is in force today when it is, today, the price of one of its bands (`nowFor` names them when not all).
 */
export function historyRows(
  prices: readonly BandPrice[],
  bands: readonly DayBand[],
  bandId: string,
  today: string,
): HistoryRow[] {
  const name = (id: string) => bands.find((b) => b.id === id)?.name ?? id;
  const order = (id: string) => {
    const i = bands.findIndex((b) => b.id === id);
    return i === -1 ? bands.length : i;
  };
  const chosen = bandId === EVERY_BAND ? prices : prices.filter((p) => p.bandId === bandId);
  const groups = new Map<string, BandPrice[]>();
  for (const p of chosen) {
    const key = `${p.fromDate}|${p.pricePence}|${p.feePence}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const rows: HistoryRow[] = [];
  for (const [key, group] of groups) {
    const first = group[0]!;
    const ids = [...new Set(group.map((p) => p.bandId))].sort((a, b) => order(a) - order(b));
    const every = bandId === EVERY_BAND && bands.length > 1 && bands.every((b) => ids.includes(b.id));
    const inForce = ids.filter((id) => bandPriceOn(prices, id, today)?.fromDate === first.fromDate);
    rows.push({
      key,
      fromDate: first.fromDate,
      bandLabel: every ? 'Every band' : ids.map(name).join(', '),
      pricePence: first.pricePence,
      feePence: first.feePence,
      status: first.fromDate > today ? 'upcoming' : inForce.length > 0 ? 'now' : 'past',
      ...(inForce.length > 0 && inForce.length < ids.length ? { nowFor: inForce.map(name).join(', ') } : {}),
    });
  }
  return rows.sort((a, b) => a.fromDate.localeCompare(b.fromDate) || a.bandLabel.localeCompare(b.bandLabel));
}

/** The price a new-price form starts from: the chosen band's today, or (every band) the first band's. */
export function startingPrice(
  prices: readonly BandPrice[],
  bands: readonly DayBand[],
  bandId: string,
  today: string,
): BandPrice | undefined {
  const id = bandId === EVERY_BAND ? bands[0]?.id : bandId;
  return id === undefined ? undefined : bandPriceOn(prices, id, today);
}
