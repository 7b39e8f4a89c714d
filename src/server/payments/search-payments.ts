import { sql } from 'drizzle-orm';
import {
  paymentSearchLimit,
  type PaymentSearchResult,
  type SearchPaymentsResponse,
} from '../../shared/contracts/admin';
import { creditBundle } from '../../shared/venue';
import { rowsOf, type Db } from '../db/client';

/** The term as a literal inside ILIKE: \ % and _ match themselves, not "anything". */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
};

/** Bookings and credit purchases looked at per search: each has its payment rows written when it is made. */
const CANDIDATES = 200;

/**
 * Our payment rows (bookings and credit bundles alike) whose customer name contains the term, any
 * case, newest first. Every attempt is listed with its status, so staff can see a declined card too.
 * On years of payments the names are found first, through the trigram indexes on lower(customer_name)
 * (bookings_name_trgm_idx, credit_purchases_name_trgm_idx) or by walking the newest rows when the name is
 * common, and only the newest 200 bookings and 200 purchases are joined to their payments: a payment is
 * made within its booking's hold (minutes), so the newest payments belong to the newest bookings, and no
 * search joins a million payments to filter them by name.
 */
export async function searchPayments(opts: { db: Db; searchTerm: string }): Promise<SearchPaymentsResponse> {
  const pattern = likeContains(opts.searchTerm.toLowerCase());
  const rows = rowsOf<Row>(
    await opts.db.execute(sql`
      with b as (
        select id, reference, customer_name, customer_email, customer_phone from bookings
         where lower(customer_name) like ${pattern} order by created_at desc limit ${CANDIDATES}
      ), c as (
        select id, customer_name, customer_email, customer_phone from credit_purchases
         where lower(customer_name) like ${pattern} order by created_at desc limit ${CANDIDATES}
      )
      select * from (
        select p.id, b.customer_name, b.customer_email, b.customer_phone, p.amount_pence, p.provider, p.status,
               p.created_at, p.booking_id, b.reference, p.payment_method_type, p.receipt_url
          from b join payments p on p.booking_id = b.id
        union all
        select p.id, c.customer_name, c.customer_email, c.customer_phone, p.amount_pence, p.provider, p.status,
               p.created_at, p.booking_id, null, p.payment_method_type, p.receipt_url
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
    description: r.reference ? `Booking ${r.reference}` : `${creditBundle.credits} session credits`,
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
