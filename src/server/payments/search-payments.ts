import { sql } from 'drizzle-orm';
import {
  paymentSearchLimit,
  type PaymentSearchResult,
  type SearchPaymentsResponse,
} from '../../shared/contracts/admin';
import { rowsOf, type Db } from '../db/client';
import { containsTerm } from '../db/like';
import { matchWindow, newestBookingMatches, type MatchWindow } from '../db/newest-matches';

type Row = {
  id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  amount_pence: number;
  provider: 'stripe' | 'test';
  status: PaymentSearchResult['status'];
  created_at: Date | string;
  booking_id: string | null;
  reference: string | null;
  payment_method_type: string | null;
  receipt_url: string | null;
  /** A credit purchase's credits, as it was sold (null for a booking). */
  credits: number | null;
};

/**
 * Our payment rows (bookings and credit bundles alike) whose customer name contains the term, any
 * case, newest first. Every attempt is listed with its status, so staff can see a declined card too.
 * A booking's or a purchase's payment row is written in the same transaction with the same instant
 * (insert-held-booking.ts, purchase-credits.ts), one row each (a retried card updates it), so the newest
 * payments are those of the newest bookings and purchases. On years of payments each side therefore
 * finds its own newest 50 matches (bookings through newestBookingMatches), joins each to its payment,
 * and keeps the page's 50: no search joins a million payments to filter them by name. A booking paid
 * wholly with credits has no payment row and is passed over.
 *
 * Why it is shaped so (measured at a million bookings): the walk newestBookingMatches takes for a common
 * name stops at the page's end (the planner, guessing "O'Brien" rare, had gathered all 7,069 of its
 * bookings and looked up a payment for each: 250 ms, now 12 ms), the name indexes are asked as
 * containsTerm says, and whether a booking has a payment is an index-only look (migration 0025).
 */
export async function searchPayments(opts: {
  db: Db;
  searchTerm: string;
  /** How the newest bookings of the name are found (newestBookingMatches); smaller in tests. */
  window?: MatchWindow;
}): Promise<SearchPaymentsResponse> {
  const window = opts.window ?? matchWindow;
  const lower = opts.searchTerm.toLowerCase();
  const named = containsTerm(sql`lower(b.customer_name)`, lower);
  // A booking paid wholly with credits has no payment row: it is not a payment to list.
  const paid = sql`exists (select 1 from payments p where p.booking_id = b.id)`;
  const columns = sql`p.id, b.customer_name, b.customer_email, b.customer_phone, p.amount_pence, p.provider,
    p.status, p.created_at, p.booking_id, b.reference, p.payment_method_type, p.receipt_url, null::integer as credits`;
  const rows = rowsOf<Row>(
    await opts.db.execute(sql`
      with ${newestBookingMatches({ where: named, keep: paid, limit: paymentSearchLimit, window })}, b as (
        select ${columns} from hits join bookings b on b.id = hits.id join payments p on p.booking_id = b.id
      ), c as (
        select id, customer_name, customer_email, customer_phone, credits from credit_purchases
         where ${containsTerm(sql`lower(customer_name)`, lower)} order by created_at desc limit ${paymentSearchLimit}
      )
      select * from (
        select * from b
        union all
        select p.id, c.customer_name, c.customer_email, c.customer_phone, p.amount_pence, p.provider, p.status,
               p.created_at, p.booking_id, null, p.payment_method_type, p.receipt_url, c.credits
          from c join payments p on p.credit_purchase_id = c.id
      ) r
      order by created_at desc, id
      limit ${paymentSearchLimit}`),
  );
  const payments: PaymentSearchResult[] = rows.map((r) => ({
    id: r.id,
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    customer_phone: r.customer_phone,
    amount: r.amount_pence,
    currency: 'gbp',
    // What Stripe's charge said ('card', 'bacs_debit'); TEST MODE stores none, and its form takes only cards.
    payment_method_type: r.payment_method_type ?? (r.provider === 'test' ? 'card' : null),
    status: r.status,
    created: Math.floor(new Date(r.created_at).getTime() / 1000),
    booking_id: r.booking_id,
    description: r.reference ? `Booking ${r.reference}` : `${r.credits} session credits`,
    // Stripe's receipt page for the charge; none in TEST MODE.
    receipt_url: r.receipt_url,
  }));
  const n = payments.length;
  const message =
    n === 0
      ? `No payments found for "${opts.searchTerm}".`
      : n === paymentSearchLimit
        ? `Showing the newest ${n} payments for "${opts.searchTerm}". Type more of the name to narrow it down.`
        : `Found ${n} payment${n === 1 ? '' : 's'} for "${opts.searchTerm}".`;
  return { success: true, payments, message };
}
