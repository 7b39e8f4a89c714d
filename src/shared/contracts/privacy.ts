import { z } from './zod';

/**
 * Data requests (DECISIONS.md "Data rights and retention"): an admin exports or erases everything held
 * about one e-mail address, matched trimmed and case-insensitively.
 */
export const dataRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type DataRequestInput = z.infer<typeof dataRequestSchema>;

/** POST /api/admin/privacy/export answers a JSON file: every row that holds the address, by table. */
export type DataExportFile = {
  exportedAt: string;
  email: string;
  /** Table name to its rows (column names as stored); secrets (token hashes, client secrets) left out. */
  tables: Record<string, Record<string, unknown>[]>;
};

/** POST /api/admin/privacy/erase: what was anonymised, closed or ended. */
export type DataErasureResponse = {
  bookings: number;
  creditPurchases: number;
  enquiries: number;
  mails: number;
  checkIns: number;
  familySessions: number;
  creditsClosed: number;
  pointsClosed: number;
};
