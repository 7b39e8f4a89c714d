import { isoDateSchema } from './booking';
import { pricePenceSchema, versionSchema } from './catalogue';
import { z } from './zod';

/**
 * Prices by day and season (issue 38): the bands of days, the rules that put each date in one, school and
 * bank holidays. DECISIONS.md "Prices by day and season"; shared/day-types.ts works a date's band out.
 */

const bandId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Use lower-case letters, digits and dashes');
const bandName = z
  .string({ message: 'Please enter a name' })
  .trim()
  .min(1, 'Please enter a name')
  .max(40, 'Must be at most 40 characters');

/** A price for one ticket type in a new band, from today. */
const bandPrice = z.object({ pricePence: pricePenceSchema, feePence: pricePenceSchema.optional().default(0) });

export const MAX_BANDS = 8;
export const MAX_OVERRIDES = 400;
export const MAX_HOLIDAY_PERIODS = 100;
/** The longest range GET /api/calendar/day-types answers: a year and a day. */
export const MAX_DAY_TYPES_RANGE_DAYS = 366;

/** PATCH /api/admin/catalogue/day-types: the bands, the rules and single-date overrides, as one document. */
export const dayTypesEditSchema = z
  .object({
    version: z.number({ message: 'Missing version' }).int().min(0),
    bands: z
      .array(
        z.object({
          id: bandId,
          name: bandName,
          /** A band that has no prices yet needs one per active ticket type (ticket type id to price). */
          prices: z.record(z.string().regex(/^[a-z0-9-]{1,60}$/), bandPrice).optional(),
        }),
      )
      .min(1, 'Keep at least one band')
      .max(MAX_BANDS, `At most ${MAX_BANDS} bands`),
    rules: z.object({ weekdays: bandId, weekends: bandId, bankHolidays: bandId, schoolHolidays: bandId }),
    overrides: z
      .array(z.object({ date: isoDateSchema, bandId }))
      .max(MAX_OVERRIDES, `At most ${MAX_OVERRIDES} single dates`),
  })
  .superRefine((doc, ctx) => {
    const ids = doc.bands.map((b) => b.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['bands'], message: 'Each band needs its own id' });
    const names = doc.bands.map((b) => b.name.toLowerCase());
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['bands'], message: 'Each band needs its own name' });
    for (const [rule, id] of Object.entries(doc.rules))
      if (!ids.includes(id))
        ctx.addIssue({ code: 'custom', path: ['rules', rule], message: 'Choose one of the bands' });
    const dates = new Set<string>();
    doc.overrides.forEach((o, i) => {
      if (!ids.includes(o.bandId))
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'bandId'], message: 'Choose one of the bands' });
      if (dates.has(o.date))
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'date'], message: 'This date is set twice' });
      dates.add(o.date);
    });
  });
export type DayTypesEditInput = z.input<typeof dayTypesEditSchema>;

export const holidayPeriodSchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    name: z.string({ message: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(80),
  })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'The last day is before the first' });
export type HolidayPeriodInput = z.input<typeof holidayPeriodSchema>;

/** Periods sorted by their first day, none overlapping another (a holiday entered twice is a mistake). */
export const holidayPeriodsSchema = z
  .array(holidayPeriodSchema)
  .max(MAX_HOLIDAY_PERIODS, `At most ${MAX_HOLIDAY_PERIODS} holidays`)
  .superRefine((periods, ctx) => {
    const sorted = periods.map((p, i) => ({ ...p, i })).sort((a, b) => a.from.localeCompare(b.from));
    for (let k = 1; k < sorted.length; k++)
      if (sorted[k]!.from <= sorted[k - 1]!.to)
        ctx.addIssue({
          code: 'custom',
          path: [sorted[k]!.i, 'from'],
          message: `Overlaps ${sorted[k - 1]!.name} (${sorted[k - 1]!.from} to ${sorted[k - 1]!.to})`,
        });
  });

/** POST /api/admin/catalogue/holidays as JSON: the school holidays, replacing the list. */
export const holidaysEditSchema = z.object({ version: versionSchema.or(z.literal(0)), periods: holidayPeriodsSchema });
export type HolidaysEditInput = z.input<typeof holidaysEditSchema>;

/** The largest .ics file the holidays upload reads (a council's term dates are a few KB). */
export const HOLIDAYS_FILE_MAX_BYTES = 1024 * 1024;

/** gov.uk's bank holidays file (https://www.gov.uk/bank-holidays.json): the England and Wales division is read. */
export const govUkBankHolidaysSchema = z.object({
  'england-and-wales': z.object({
    division: z.literal('england-and-wales'),
    events: z
      .array(z.object({ title: z.string().trim().min(1).max(120), date: isoDateSchema }).loose())
      .min(1, 'The file lists no bank holidays')
      .max(500),
  }),
});

/** POST /api/admin/catalogue/bank-holidays: a newer gov.uk file. */
export const bankHolidaysEditSchema = z.object({
  version: versionSchema.or(z.literal(0)),
  file: govUkBankHolidaysSchema,
});
export type BankHolidaysEditInput = z.input<typeof bankHolidaysEditSchema>;

/** GET /api/calendar/day-types?from=&to= */
export const dayTypesQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end is before the start' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_DAY_TYPES_RANGE_DAYS, {
    path: ['to'],
    message: `Ask for at most ${MAX_DAY_TYPES_RANGE_DAYS} days`,
  });

export const dayTypeSchema = z.object({
  date: z.string(),
  bandId: z.string(),
  bandName: z.string(),
  /** Why the date is in its band ("Weekend", "Bank holiday: Boxing Day", "School holiday: Half term"). */
  reason: z.string(),
});
export const dayTypesResponseSchema = z.object({ days: z.array(dayTypeSchema) });
export type DayTypesResponse = z.infer<typeof dayTypesResponseSchema>;

/** A band as families see it: its name and the cheapest child ticket in it ("Off-peak from £7.50"). */
export const priceBandSchema = z.object({ id: z.string(), name: z.string(), fromPence: z.number().int().nullable() });
export type PriceBand = z.infer<typeof priceBandSchema>;
