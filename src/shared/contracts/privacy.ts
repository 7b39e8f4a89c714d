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
  /** Parties anonymised, and guest invitations deleted (the family's) or stripped (the address's own). */
  parties: number;
  partyInvitations: number;
  /** Gift vouchers bought or received: names, addresses and the message replaced; amounts and ledger kept. */
  giftVouchers: number;
  /** Waiting list entries deleted (an offer holding places is ended so the next family is offered). */
  waitingListEntries: number;
  /** Memberships: ended (a Stripe subscription cancelled) first, then naming no one; amounts and periods kept. */
  memberships: number;
  creditPurchases: number;
  enquiries: number;
  mails: number;
  checkIns: number;
  familySessions: number;
  creditsClosed: number;
  pointsClosed: number;
};

/** GET /api/privacy/retention: the periods this server's retention job applies (its RETAIN_* settings). */
export const retentionPeriodsResponseSchema = z.object({
  bookingsMonths: z.number().int(),
  enquiriesMonths: z.number().int(),
  platesDays: z.number().int(),
  holdsDays: z.number().int(),
  mailBodiesDays: z.number().int(),
});
export type RetentionPeriodsResponse = z.infer<typeof retentionPeriodsResponseSchema>;

// The admin data-request answers (appended by the staff OpenAPI work); the handlers are typed with these.
/** POST /api/admin/privacy/export: the JSON file (DataExportFile). */
export const dataExportFileSchema = z.object({
  exportedAt: z.string(),
  email: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExportFileResult = z.infer<typeof dataExportFileSchema>;
/** POST /api/admin/privacy/erase (DataErasureResponse). */
export const dataErasureResponseSchema = z.object({
  bookings: z.number().int(),
  parties: z.number().int(),
  partyInvitations: z.number().int(),
  giftVouchers: z.number().int(),
  waitingListEntries: z.number().int(),
  memberships: z.number().int(),
  creditPurchases: z.number().int(),
  enquiries: z.number().int(),
  mails: z.number().int(),
  checkIns: z.number().int(),
  familySessions: z.number().int(),
  creditsClosed: z.number().int(),
  pointsClosed: z.number().int(),
});
export type DataErasureResult = z.infer<typeof dataErasureResponseSchema>;
