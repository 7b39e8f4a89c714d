import { staffBookingChildSchema } from './kiosk-agreement';
import { takingsByKindSchema } from './takings';
import { z } from './zod';

/**
 * The staff dashboard's API contract (SPEC.md sections 3, 5, 7; DECISIONS.md "Staff, kiosk and
 * privacy"), shared by /admin, /admin/search and the server. Money is integer pence; instants are ISO
 * strings except the payment search's `created`, which SPEC.md gives in unix seconds.
 */

/** A visit lasts 2 hours from check-in (SPEC.md section 9, "Sessions"). */
export const playSessionMinutes = 120;

/** GET /api/admin/dashboard-stats */
export const dashboardStatsSchema = z.object({
  /** Bookings made today (Europe/London) that are confirmed or waiting for a bank payment. */
  todayBookings: z.number().int(),
  /**
   * Money taken today, every kind together (`revenueByKind` tells them apart): confirmed bookings by the time
   * they were paid, credit bundles paid, party deposits and balances paid less refunds, and gift vouchers'
   * value spent (never their sale).
   */
  todayRevenue: z.number().int(),
  weeklyBookings: z.number().int(),
  weeklyRevenue: z.number().int(),
  /** Distinct e-mail addresses with a confirmed booking or a paid credit bundle, ever. */
  totalCustomers: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export const recentActivitySchema = z.object({
  id: z.string(),
  type: z.enum(['booking', 'payment']),
  customerName: z.string(),
  created: z.string(),
  amount: z.number().int(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

/** The Overview's "Last backup" card (DECISIONS.md "Nothing is lost"): red when overdue. */
export const lastBackupSchema = z.object({
  /** The newest good backup: when it finished, its size in bytes, nightly or `npm run backup`; null if none. */
  last: z.object({ at: z.string(), bytes: z.number().int(), kind: z.enum(['nightly', 'manual']) }).nullable(),
  /** No good backup in the last `backupOverdueHours`, or none at all. */
  overdue: z.boolean(),
  /** The newest attempt failed (a nightly one is retried twice, 5 minutes apart); the error for admins only. */
  failed: z.object({ at: z.string(), attempts: z.number().int(), error: z.string().optional() }).nullable(),
});
export type LastBackup = z.infer<typeof lastBackupSchema>;

/** The Overview's members (issue 40): who pays the venue every month, and who stopped this month. */
export const memberStatsSchema = z.object({
  /** Memberships in force: active, being retried after a failed renewal, or cancelled but running to their end. */
  active: z.number().int(),
  /** What the memberships that will renew bring in a month, in pence: monthly prices, and annual ones / 12. */
  monthlyRecurringPence: z.number().int(),
  /** Memberships that ended this month (Europe/London): cancelled ones reaching their end, cooling-off, admins. */
  lostThisMonth: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;

export const dashboardStatsResponseSchema = z.object({
  stats: dashboardStatsSchema,
  members: memberStatsSchema,
  /** todayRevenue and weeklyRevenue by kind of takings (contracts/takings.ts): each adds up to its total. */
  revenueByKind: z.object({ today: takingsByKindSchema, week: takingsByKindSchema }),
  recentActivity: z.array(recentActivitySchema),
  backup: lastBackupSchema,
});
export type DashboardStatsResponse = z.infer<typeof dashboardStatsResponseSchema>;
export const backupOverdueHours = 26;

/** GET /api/admin/todays-bookings */
export const todaysBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  /** The session's label, or "All Day" for a weekday all-day ticket. */
  timeSlot: z.string(),
  numberOfChildren: z.number().int(),
  numberOfAdults: z.number().int(),
  totalAmount: z.number().int(),
  /** 'processing': a bank payment that has not cleared yet. */
  status: z.enum(['confirmed', 'processing']),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  checkedOut: z.boolean(),
  checkedOutAt: z.string().nullable(),
  /** Whether the family accepted the rules of play in force, for the children the booking names (issue 39). */
  rulesOfPlayAccepted: z.boolean(),
  /** The profile's children the booking names: first name, notes (allergies), age on the visit date. */
  children: z.array(staffBookingChildSchema),
});
export type TodaysBooking = z.infer<typeof todaysBookingSchema>;
export const todaysBookingsResponseSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  bookings: z.array(todaysBookingSchema),
});
export type TodaysBookingsResponse = z.infer<typeof todaysBookingsResponseSchema>;

/** GET /api/admin/active-sessions: everyone checked in and not yet out. */
export const activeSessionSchema = z.object({
  /** The booking's id, or the check-in's own id for a walk-in: the ticketId POST /api/check-in/check-out takes. */
  bookingId: z.string(),
  reference: z.string().nullable(),
  walkIn: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  numberOfChildren: z.number().int(),
  numberOfAdults: z.number().int(),
  /** Minutes left of the 2-hour visit; negative once it has overrun. */
  timeRemaining: z.number().int(),
  checkedInAt: z.string(),
  sessionEnd: z.string(),
  /** As Today's Bookings (issue 39): the rules of play in force accepted (null for a walk-in: not asked online). */
  rulesOfPlayAccepted: z.boolean().nullable(),
  /** The children the booking names, with their notes: who in the barn has an allergy. */
  children: z.array(staffBookingChildSchema),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
/**
 * A ticket two kiosks let in while both were offline (issue 41): `over` people beyond its places, on
 * `day`, by the devices named (the audit log has each admission).
 */
export const overAdmissionSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  day: z.string(),
  over: z.number().int(),
  devices: z.array(z.string()),
});
export type OverAdmission = z.infer<typeof overAdmissionSchema>;
export const activeSessionsResponseSchema = z.object({
  success: z.literal(true),
  activeSessions: z.array(activeSessionSchema),
  /** Today's over-admissions, most over first. */
  overAdmissions: z.array(overAdmissionSchema),
});
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponseSchema>;

/** POST /api/admin/search-payments, with SPEC.md section 5's message for an empty term. */
export const searchPaymentsSchema = z.object({
  searchTerm: z
    .string()
    .trim()
    .min(1, 'Please enter a customer name to search.')
    .max(100, 'Please enter at most 100 characters.'),
});
export type SearchPaymentsInput = z.input<typeof searchPaymentsSchema>;

/** Field names as SPEC.md section 3 gives them ("Payment search result"). */
export const paymentSearchResultSchema = z.object({
  id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  amount: z.number().int(),
  currency: z.literal('gbp'),
  /** Stripe's payment_method_details.type ('card', 'bacs_debit'); 'card' for the TEST MODE form; null while unknown. */
  payment_method_type: z.string().nullable(),
  status: z.enum(['pending', 'processing', 'succeeded', 'failed', 'canceled', 'refunded']),
  /** Unix seconds. */
  created: z.number().int(),
  /** null for a credit bundle. */
  booking_id: z.string().nullable(),
  /** What the payment was for: a booking reference or "10 session credits". */
  description: z.string(),
  /** Stripe's hosted receipt for the charge; null in TEST MODE and before a charge exists. */
  receipt_url: z.string().nullable(),
});
export type PaymentSearchResult = z.infer<typeof paymentSearchResultSchema>;
export const searchPaymentsResponseSchema = z.object({
  success: z.literal(true),
  payments: z.array(paymentSearchResultSchema),
  message: z.string(),
});
export type SearchPaymentsResponse = z.infer<typeof searchPaymentsResponseSchema>;

/** At most this many results: the newest first. */
export const paymentSearchLimit = 50;
