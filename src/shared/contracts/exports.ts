import { daysBetween } from '../dates';
import { isoDateSchema } from './booking';
import { z } from './zod';

/** The CSV exports (DECISIONS.md "Running the day"); columns in docs/csv-exports.md. */
export const exportKinds = ['bookings', 'payments', 'enquiries', 'sales-lines'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** A year and a day at most (a leap year's whole year fits). */
export const maxExportDays = 366;

/**
 * GET /api/admin/exports/{kind}.csv?from=&to=: rows created on London dates from..to, both included.
 * The browser's form checks the same rules before it offers the links.
 */
export const exportRangeSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < maxExportDays, {
    message: `Please choose at most ${maxExportDays} days`,
    path: ['to'],
  });
export type ExportRange = z.infer<typeof exportRangeSchema>;

export const exportUrl = (kind: ExportKind, range: ExportRange) =>
  `/api/admin/exports/${kind}.csv?from=${range.from}&to=${range.to}`;
