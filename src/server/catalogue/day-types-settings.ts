import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { govUkBankHolidaysSchema } from '../../shared/contracts/day-types';
import {
  defaultDayTypes,
  type BankHoliday,
  type DayTypesDocument,
  type HolidaysDocument,
} from '../../shared/day-types';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import shippedBankHolidays from './bank-holidays-england-and-wales.json';

/** The keys of the two catalogue documents: neither is stored until an admin first edits it. */
export const DAY_TYPES_KEY = 'day_types';
export const HOLIDAYS_KEY = 'holidays';

/** The England and Wales bank holidays of a gov.uk file, in date order. */
export function bankHolidaysOfGovUk(file: z.infer<typeof govUkBankHolidaysSchema>): BankHoliday[] {
  return file['england-and-wales'].events
    .map((e) => ({ date: e.date, title: e.title }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The bank holidays the product ships with (gov.uk's file, England and Wales), until an admin uploads newer. */
export const shippedBankHolidayList: BankHoliday[] = bankHolidaysOfGovUk(
  govUkBankHolidaysSchema.parse(shippedBankHolidays),
);

/** The day types in force: the stored document, or the product's two bands while none is stored. */
export function withDayTypeDefaults(stored: unknown): DayTypesDocument {
  const doc = (stored ?? {}) as Partial<DayTypesDocument>;
  return {
    bands: doc.bands ?? defaultDayTypes.bands,
    rules: doc.rules ?? defaultDayTypes.rules,
    overrides: doc.overrides ?? [],
  };
}

/**
 * The holidays in force. A stored `bankHolidays` of null means "the shipped list", so a product update's
 * newer list reaches a venue that never uploaded its own.
 */
export function withHolidayDefaults(stored: unknown): HolidaysDocument {
  const doc = (stored ?? {}) as {
    schoolHolidays?: HolidaysDocument['schoolHolidays'];
    bankHolidays?: BankHoliday[] | null;
  };
  return { schoolHolidays: doc.schoolHolidays ?? [], bankHolidays: doc.bankHolidays ?? shippedBankHolidayList };
}

/** What a stored holidays document keeps: the uploaded bank holidays, or null for the shipped ones. */
export type StoredHolidays = { schoolHolidays: HolidaysDocument['schoolHolidays']; bankHolidays: BankHoliday[] | null };

export function storedHolidaysOf(stored: unknown): StoredHolidays {
  const doc = (stored ?? {}) as Partial<StoredHolidays>;
  return { schoolHolidays: doc.schoolHolidays ?? [], bankHolidays: doc.bankHolidays ?? null };
}

/** The band ids in force, read in the caller's transaction (an edit checks against them). */
export async function bandIdsIn(tx: Db): Promise<string[]> {
  const [row] = await tx
    .select({ value: catalogueDocuments.value })
    .from(catalogueDocuments)
    .where(eq(catalogueDocuments.key, DAY_TYPES_KEY));
  return withDayTypeDefaults(row?.value).bands.map((b) => b.id);
}
