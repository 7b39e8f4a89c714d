/**
 * How long personal data is kept (DECISIONS.md "Data rights and retention"): the defaults of the
 * RETAIN_* settings in src/server/config.ts and what /privacy tells families, from this one module so
 * the page and the daily retention job (src/server/privacy/retention.ts) say the same thing.
 */
export const retentionDefaults = {
  /** Bookings and payments: kept for the accounts (HMRC asks for 6 years), then anonymised. */
  bookingsMonths: 72,
  /** Contact and party enquiries: after the last contact (sent, replied to, or party booked). */
  enquiriesMonths: 24,
  /** Number plates given at check-in, for the car park: after the visit. */
  platesDays: 30,
  /** Bookings and credit purchases never paid (unpaid, expired or failed holds): after they were made. */
  holdsDays: 30,
  /** The text of e-mails we sent (the outbox): after sending. */
  mailBodiesDays: 90,
} as const;

export type RetentionPeriods = { [K in keyof typeof retentionDefaults]: number };
