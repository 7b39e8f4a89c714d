import { describe, expect, it } from 'vitest';
import { dayTypesEditSchema, holidaysEditSchema } from '../../../../../shared/contracts/day-types';
import { defaultDayTypes } from '../../../../../shared/day-types';
import {
  bandOptions,
  holidaysText,
  messagesByField,
  newBandId,
  pricedBandIds,
  usesOfBand,
  usesText,
} from './day-types-draft';

describe('usesOfBand and usesText', () => {
  it('names the rules and counts the single dates that use a band', () => {
    const uses = usesOfBand('peak', defaultDayTypes.rules, [
      { date: '2026-12-24', bandId: 'peak' },
      { date: '2026-12-31', bandId: 'peak' },
      { date: '2026-11-03', bandId: 'off-peak' },
    ]);
    expect(uses).toEqual({ rules: ['Weekends', 'Bank holidays', 'School holidays'], dates: 2 });
    expect(usesText(uses)).toBe('Used by Weekends, Bank holidays, School holidays and 2 single dates');
    expect(usesText(usesOfBand('off-peak', defaultDayTypes.rules, []))).toBe('Used by Term-time weekdays');
    expect(usesText({ rules: [], dates: 1 })).toBe('Used by 1 single date');
    expect(usesText(usesOfBand('christmas', defaultDayTypes.rules, []))).toBe('');
  });
});

describe('pricedBandIds', () => {
  it('lists the bands some ticket type has a price in', () => {
    const row = (bandId: string) => ({ bandId, fromDate: '2000-01-01', pricePence: 950, feePence: 0 });
    expect([...pricedBandIds([{ prices: [row('off-peak'), row('peak')] }, { prices: [row('xmas')] }])]).toEqual([
      'off-peak',
      'peak',
      'xmas',
    ]);
  });
});

describe('newBandId', () => {
  it('makes an id the schema accepts, never one taken', () => {
    const words = [0xabc, 0xabc, 0x1f];
    const id = newBandId(['band-00000abc'], () => words.shift()!);
    expect(id).toBe('band-0000001f');
    const random = newBandId([]);
    expect(random).toMatch(/^band-[0-9a-f]{8}$/);
    const doc = { version: 1, bands: [{ id: random, name: 'Christmas' }], rules: {}, overrides: [] };
    const rules = { weekdays: random, weekends: random, bankHolidays: random, schoolHolidays: random };
    expect(dayTypesEditSchema.safeParse({ ...doc, rules }).success).toBe(true);
  });
});

describe('messagesByField', () => {
  it("keys a rule's message to its select and a row's message to the list, naming the row", () => {
    const parsed = dayTypesEditSchema.safeParse({
      version: 3,
      bands: [
        { id: 'off-peak', name: 'Off-peak' },
        { id: 'peak', name: ' ' },
      ],
      rules: { ...defaultDayTypes.rules, weekends: 'gone' },
      overrides: [{ date: '2026-12-24', bandId: 'gone' }],
    });
    expect(parsed.success).toBe(false);
    const found = messagesByField(parsed.error!.issues, { bands: 'Band', overrides: 'Date' });
    expect(found).toEqual({
      bands: 'Band 2: Please enter a name',
      weekends: 'Choose one of the bands',
      overrides: 'Date 1: Choose one of the bands',
    });
  });

  it('says which holiday overlaps which', () => {
    const parsed = holidaysEditSchema.safeParse({
      version: 0,
      periods: [
        { from: '2026-10-26', to: '2026-10-30', name: 'Half term' },
        { from: '2026-10-29', to: '2026-11-02', name: 'Again' },
      ],
    });
    expect(messagesByField(parsed.error!.issues, { periods: 'Holiday' })).toEqual({
      periods: 'Holiday 2: Overlaps Half term (2026-10-26 to 2026-10-30)',
    });
  });
});

describe('bandOptions and holidaysText', () => {
  it('names a new band not named yet', () => {
    expect(
      bandOptions([
        { id: 'peak', name: 'Peak' },
        { id: 'band-1', name: '' },
      ]),
    ).toEqual([
      { value: 'peak', label: 'Peak' },
      { value: 'band-1', label: 'New band 2' },
    ]);
  });

  it('sums up a list of school holidays', () => {
    expect(holidaysText([])).toBe('No school holidays: term-time rules apply every weekday.');
    expect(holidaysText([{ from: '2026-10-26', to: '2026-10-30', name: 'Half term' }])).toBe(
      '1 school holiday: Half term, Mon, 26 Oct 2026 to Fri, 30 Oct 2026.',
    );
    expect(
      holidaysText([
        { from: '2026-10-26', to: '2026-10-30', name: 'October half term' },
        { from: '2026-12-21', to: '2027-01-01', name: 'Christmas holiday' },
      ]),
    ).toBe(
      '2 school holidays, from October half term on Mon, 26 Oct 2026 to Christmas holiday ending Fri, 1 Jan 2027.',
    );
  });
});
