import { describe, expect, it } from 'vitest';
import type { BandPrice } from '../../../../../shared/catalogue';
import { EVERY_BAND, historyRows, startingPrice } from './band-history';

const bands = [
  { id: 'off-peak', name: 'Off-peak' },
  { id: 'peak', name: 'Peak' },
];
const row = (bandId: string, fromDate: string, pricePence: number, feePence = 0): BandPrice => ({
  bandId,
  fromDate,
  pricePence,
  feePence,
});

describe('historyRows', () => {
  const prices = [
    row('off-peak', '2000-01-01', 950),
    row('peak', '2000-01-01', 950),
    row('off-peak', '2026-10-13', 750),
    row('peak', '2026-11-02', 1050),
    row('off-peak', '2026-11-02', 1050),
  ];

  it('shows a price every band shares as one "Every band" row, and band prices apart', () => {
    const rows = historyRows(prices, bands, EVERY_BAND, '2026-10-20');
    expect(rows.map((r) => [r.fromDate, r.bandLabel, r.pricePence, r.status, r.nowFor])).toEqual([
      ['2000-01-01', 'Every band', 950, 'now', 'Peak'],
      ['2026-10-13', 'Off-peak', 750, 'now', undefined],
      ['2026-11-02', 'Every band', 1050, 'upcoming', undefined],
    ]);
  });

  it("shows one band's rows only, its own price in force", () => {
    const rows = historyRows(prices, bands, 'off-peak', '2026-10-20');
    expect(rows.map((r) => [r.fromDate, r.bandLabel, r.status])).toEqual([
      ['2000-01-01', 'Off-peak', 'past'],
      ['2026-10-13', 'Off-peak', 'now'],
      ['2026-11-02', 'Off-peak', 'upcoming'],
    ]);
  });

  it('names a band the catalogue no longer has by its id, and keeps one key per row', () => {
    const rows = historyRows([...prices, row('band-1a2b3c4d', '2026-12-20', 1200)], bands, EVERY_BAND, '2026-10-20');
    expect(rows.at(-1)).toMatchObject({ bandLabel: 'band-1a2b3c4d', status: 'upcoming' });
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('is empty for a ticket type with no price', () => {
    expect(historyRows([], bands, EVERY_BAND, '2026-10-20')).toEqual([]);
  });
});

describe('startingPrice', () => {
  const prices = [row('off-peak', '2000-01-01', 750), row('peak', '2000-01-01', 950)];
  it("starts from the chosen band's price today, or the first band's for every band", () => {
    expect(startingPrice(prices, bands, 'peak', '2026-10-20')?.pricePence).toBe(950);
    expect(startingPrice(prices, bands, EVERY_BAND, '2026-10-20')?.pricePence).toBe(750);
    expect(startingPrice([], bands, 'peak', '2026-10-20')).toBeUndefined();
  });
});
