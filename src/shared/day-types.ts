/**
 * Prices by day and season (DECISIONS.md "Prices by day and season"): every date has exactly one band of
 * days. The band comes from, in order: an admin's override for that single date, a bank holiday, a school
 * holiday, a weekend, else a weekday. The server prices every order by its visit date's band; pages show it.
 */
import { isWeekend } from './dates';

export type DayBand = { id: string; name: string };

/** Which band each kind of day falls in. */
export type DayTypeRules = { weekdays: string; weekends: string; bankHolidays: string; schoolHolidays: string };

/** A single date put in a band whatever the rules say (a Christmas week, a local event). */
export type DayOverride = { date: string; bandId: string };

/** The catalogue document 'day_types'. */
export type DayTypesDocument = { bands: DayBand[]; rules: DayTypeRules; overrides: DayOverride[] };

/** A school holiday, both dates included (an iCalendar all-day event's exclusive end is turned into `to`). */
export type HolidayPeriod = { from: string; to: string; name: string };
export type BankHoliday = { date: string; title: string };

/** The catalogue document 'holidays': school holidays from the admin; bank holidays shipped or uploaded. */
export type HolidaysDocument = { schoolHolidays: HolidayPeriod[]; bankHolidays: BankHoliday[] };

export const OFF_PEAK = 'off-peak';
export const PEAK = 'peak';

/** The bands a venue starts with: term-time weekdays off-peak; weekends and every holiday peak. */
export const defaultDayTypes: DayTypesDocument = {
  bands: [
    { id: OFF_PEAK, name: 'Off-peak' },
    { id: PEAK, name: 'Peak' },
  ],
  rules: { weekdays: OFF_PEAK, weekends: PEAK, bankHolidays: PEAK, schoolHolidays: PEAK },
  overrides: [],
};

/**
 * The band id of one date. Lists are short (a few dozen holidays and overrides), so a scan per date costs
 * less than building an index; callers that ask for many dates in a row still do a month in microseconds.
 */
export function bandIdOn(dayTypes: DayTypesDocument, holidays: HolidaysDocument, date: string): string {
  const override = dayTypes.overrides.find((o) => o.date === date);
  if (override) return override.bandId;
  const { rules } = dayTypes;
  if (holidays.bankHolidays.some((h) => h.date === date)) return rules.bankHolidays;
  if (holidays.schoolHolidays.some((p) => p.from <= date && date <= p.to)) return rules.schoolHolidays;
  return isWeekend(date) ? rules.weekends : rules.weekdays;
}

/** Why a date is in its band, as staff and families read it ("Bank holiday: Easter Monday"). */
export function bandReasonOn(dayTypes: DayTypesDocument, holidays: HolidaysDocument, date: string): string {
  if (dayTypes.overrides.some((o) => o.date === date)) return 'Set for this date';
  const bank = holidays.bankHolidays.find((h) => h.date === date);
  if (bank) return `Bank holiday: ${bank.title}`;
  const school = holidays.schoolHolidays.find((p) => p.from <= date && date <= p.to);
  if (school) return `School holiday: ${school.name}`;
  return isWeekend(date) ? 'Weekend' : 'Term-time weekday';
}
