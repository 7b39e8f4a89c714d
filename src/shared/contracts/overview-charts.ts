import { takingsByKindSchema } from './takings';
import { z } from './zod';

/**
 * GET /api/admin/overview/charts: the staff Overview tab's charts. Same definitions as the figures
 * above them (server/overview/dashboard-stats.ts): bookings count on the venue day they were made
 * (confirmed or processing), takings on the day they were paid. Dates are venue dates (Europe/London).
 */

/** Days in the bookings and takings charts, today included. */
export const chartPastDays = 30;
/** Days in the places-sold chart, today included. */
export const chartUpcomingDays = 14;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().min(0);

export const overviewChartsResponseSchema = z.object({
  /** Today at the venue: the last of `days` and the first of `upcoming`. */
  today: dateSchema,
  /** Oldest first, one entry a day even when nothing happened (zeros). */
  days: z.array(
    z.object({
      date: dateSchema,
      bookings: count,
      /**
       * Pence: every kind of takings paid that day (confirmed bookings after session credits, credit bundles,
       * party deposits and balances less refunds, gift voucher value spent), as the revenue cards count it.
       */
      takings: count,
      /** The same by kind (contracts/takings.ts): they add up to `takings`. */
      takingsByKind: takingsByKindSchema,
    }),
  ),
  /** The sessions, in the day's order. */
  sessions: z.array(z.object({ id: z.string(), label: z.string() })),
  /** Today first, one entry a day; `sessions` in the same order as above. */
  upcoming: z.array(
    z.object({
      date: dateSchema,
      sessions: z.array(
        z.object({
          sessionId: z.string(),
          /** Children on confirmed or processing bookings (an all-day ticket counts in every session). */
          sold: count,
          /** The date's capacity in children (the session's usual one unless staff changed it). */
          capacity: count,
        }),
      ),
    }),
  ),
});
export type OverviewChartsResponse = z.infer<typeof overviewChartsResponseSchema>;
