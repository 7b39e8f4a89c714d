import { z } from './zod';

/**
 * The staff dashboard's API contract (SPEC.md sections 3, 5, 7; DECISIONS.md "Staff, kiosk and
 * privacy"), shared by /admin, /admin/search and the server. Money is integer pence; instants are ISO
 * strings except the payment search's `created`, which SPEC.md gives in unix seconds.
 */

/** A visit lasts 2 hours from check-in (SPEC.md section 9, "Sessions"). */
export const playSessionMinutes = 120;

/** GET /api/admin/dashboard-stats */
export type DashboardStats = {
  /** Bookings made today (Europe/London) that are confirmed or waiting for a bank payment. */
  todayBookings: number;
  /** Money paid today: confirmed bookings by the time they were paid, plus credit bundles paid. */
  todayRevenue: number;
  weeklyBookings: number;
  weeklyRevenue: number;
  /** Distinct e-mail addresses with a confirmed booking or a paid credit bundle, ever. */
  totalCustomers: number;
};
export type RecentActivity = {
  id: string;
  type: 'booking' | 'payment';
  customerName: string;
  created: string;
  amount: number;
};
export type DashboardStatsResponse = { stats: DashboardStats; recentActivity: RecentActivity[]; backup: LastBackup };

/** The Overview's "Last backup" card (DECISIONS.md "Nothing is lost"): red when overdue. */
export type LastBackup = {
  /** The newest good backup: when it finished, its size in bytes, nightly or `npm run backup`; null if none. */
  last: { at: string; bytes: number; kind: 'nightly' | 'manual' } | null;
  /** No good backup in the last `backupOverdueHours`, or none at all. */
  overdue: boolean;
  /** The newest attempt failed (a nightly one is retried twice, 5 minutes apart); the error for admins only. */
  failed: { at: string; attempts: number; error?: string } | null;
};
export const backupOverdueHours = 26;

/** GET /api/admin/todays-bookings */
export type TodaysBooking = {
  id: string;
  reference: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The session's label, or "All Day" for a weekday all-day ticket. */
  timeSlot: string;
  numberOfChildren: number;
  numberOfAdults: number;
  totalAmount: number;
  /** 'processing': a bank payment that has not cleared yet. */
  status: 'confirmed' | 'processing';
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedOut: boolean;
  checkedOutAt: string | null;
};
export type TodaysBookingsResponse = { success: true; date: string; bookings: TodaysBooking[] };

/** GET /api/admin/active-sessions: everyone checked in and not yet out. */
export type ActiveSession = {
  /** The booking's id, or the check-in's own id for a walk-in: the ticketId POST /api/check-in/check-out takes. */
  bookingId: string;
  reference: string | null;
  walkIn: boolean;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  numberOfChildren: number;
  numberOfAdults: number;
  /** Minutes left of the 2-hour visit; negative once it has overrun. */
  timeRemaining: number;
  checkedInAt: string;
  sessionEnd: string;
};
export type ActiveSessionsResponse = { success: true; activeSessions: ActiveSession[] };

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
export type PaymentSearchResult = {
  id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  amount: number;
  currency: 'gbp';
  /** Stripe's payment_method_details.type ('card', 'bacs_debit'); 'card' for the TEST MODE form; null while unknown. */
  payment_method_type: string | null;
  status: 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'refunded';
  /** Unix seconds. */
  created: number;
  /** null for a credit bundle. */
  booking_id: string | null;
  /** What the payment was for: a booking reference or "10 session credits". */
  description: string;
  /** Stripe's hosted receipt for the charge; null in TEST MODE and before a charge exists. */
  receipt_url: string | null;
};
export type SearchPaymentsResponse = { success: true; payments: PaymentSearchResult[]; message: string };

/** At most this many results: the newest first. */
export const paymentSearchLimit = 50;
