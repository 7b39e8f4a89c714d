import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { dayTypesEditSchema } from '../../shared/contracts/day-types';
import { todayInLondon } from '../../shared/dates';
import { defaultDayTypes, type BankHoliday, type DayTypesDocument, type HolidayPeriod } from '../../shared/day-types';
import type { Db } from '../db/client';
import { ticketTypePrices, ticketTypes } from '../db/schema';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, STALE } from './admin-edit';
import {
  DAY_TYPES_KEY,
  HOLIDAYS_KEY,
  storedHolidaysOf,
  withDayTypeDefaults,
  type StoredHolidays,
} from './day-types-settings';
import { lockDocumentAt, writeDocument } from './defaulted-document';

type Edit = { db: Db; actor: string; now: Date };

/**
 * PATCH /api/admin/catalogue/day-types: the bands, the rules and the single-date overrides, as one
 * document (DECISIONS.md "Prices by day and season"). A band that has never had a price needs one for every
 * active ticket type, from today: a day in a band with no prices would sell nothing. Those prices are written
 * in the same transaction and bump their ticket types' versions.
 */
export async function editDayTypes(opts: Edit & { input: z.infer<typeof dayTypesEditSchema> }): Promise<void> {
  const { input } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.day_types_edited',
    subjectType: 'catalogue_document',
    subjectId: DAY_TYPES_KEY,
    current: (all) => all.dayTypes,
    change: async (tx) => {
      const locked = await lockDocumentAt(tx, {
        key: DAY_TYPES_KEY,
        version: input.version,
        defaults: () => defaultDayTypes,
        now: opts.now,
      });
      if (locked === STALE) return STALE;
      const before = withDayTypeDefaults(locked.value);
      const newPrices = await pricesForUnpricedBands(tx, input.bands, opts);
      const after: DayTypesDocument = {
        bands: input.bands.map((b) => ({ id: b.id, name: b.name })),
        rules: input.rules,
        overrides: [...input.overrides].sort((a, b) => a.date.localeCompare(b.date)),
      };
      await writeDocument(tx, { key: DAY_TYPES_KEY, version: input.version, value: after, now: opts.now });
      return { before, after: newPrices.length > 0 ? { ...after, newPrices } : after, result: undefined };
    },
  });
}

/** Writes the prices of bands that have none yet; refuses (nothing written) when one lacks a ticket type's. */
async function pricesForUnpricedBands(
  tx: Db,
  bands: z.infer<typeof dayTypesEditSchema>['bands'],
  opts: Edit,
): Promise<{ bandId: string; ticketTypeId: string; pricePence: number; feePence: number }[]> {
  const priced = new Set(
    (await tx.selectDistinct({ bandId: ticketTypePrices.bandId }).from(ticketTypePrices)).map((r) => r.bandId),
  );
  const active = (await tx.select({ id: ticketTypes.id, active: ticketTypes.active }).from(ticketTypes))
    .filter((t) => t.active)
    .map((t) => t.id);
  const rows: { bandId: string; ticketTypeId: string; pricePence: number; feePence: number }[] = [];
  for (const [i, band] of bands.entries()) {
    if (priced.has(band.id)) continue;
    const missing = active.filter((id) => !band.prices?.[id]);
    if (missing.length > 0)
      throw new AppError(
        'invalid_input',
        `"${band.name}" needs a price for every ticket type before days can be in it.`,
        {
          fields: { [`bands.${i}.prices`]: [`Missing a price for ${missing.join(', ')}`] },
        },
      );
    for (const id of active) rows.push({ bandId: band.id, ticketTypeId: id, ...band.prices![id]! });
  }
  if (rows.length === 0) return rows;
  const fromDate = todayInLondon(opts.now);
  await tx
    .insert(ticketTypePrices)
    .values(rows.map((r) => ({ ...r, fromDate, createdBy: opts.actor, createdAt: opts.now })));
  const typeIds = [...new Set(rows.map((r) => r.ticketTypeId))];
  await tx
    .update(ticketTypes)
    .set({ version: sql`${ticketTypes.version} + 1` })
    .where(inArray(ticketTypes.id, typeIds));
  return rows;
}

/** POST /api/admin/catalogue/holidays: the school holidays, replacing the list (typed in, or from an .ics file). */
export async function editSchoolHolidays(opts: Edit & { version: number; periods: HolidayPeriod[] }): Promise<void> {
  const periods = [...opts.periods].sort((a, b) => a.from.localeCompare(b.from));
  await editHolidays(opts, 'catalogue.school_holidays_set', (before) => ({ ...before, schoolHolidays: periods }));
}

/** POST /api/admin/catalogue/bank-holidays: a newer gov.uk list replaces the one in force. */
export async function editBankHolidays(opts: Edit & { version: number; bankHolidays: BankHoliday[] }): Promise<void> {
  await editHolidays(opts, 'catalogue.bank_holidays_set', (before) => ({ ...before, bankHolidays: opts.bankHolidays }));
}

async function editHolidays(
  opts: Edit & { version: number },
  action: string,
  change: (before: StoredHolidays) => StoredHolidays,
): Promise<void> {
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action,
    subjectType: 'catalogue_document',
    subjectId: HOLIDAYS_KEY,
    current: (all) => all.holidays,
    change: async (tx) => {
      const locked = await lockDocumentAt(tx, {
        key: HOLIDAYS_KEY,
        version: opts.version,
        defaults: () => storedHolidaysOf(null),
        now: opts.now,
      });
      if (locked === STALE) return STALE;
      const before = storedHolidaysOf(locked.value);
      const after = change(before);
      await writeDocument(tx, { key: HOLIDAYS_KEY, version: opts.version, value: after, now: opts.now });
      return { before, after, result: undefined };
    },
  });
}
