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
};

/**
 * Our payment rows (bookings and credit bundles alike) whose customer name contains the term, any
 * case, newest first. Every attempt is listed with its status, so staff can see a declined card too.
 */
export async function searchPayments(opts: { db: Db; searchTerm: string }): Promise<SearchPaymentsResponse> {
  const pattern = likeContains(opts.searchTerm);
  const rows = rowsOf<Row>(
    await opts.db.execute(sql`
      select p.id, coalesce(b.customer_name, cp.customer_name) as customer_name,
             coalesce(b.customer_email, cp.customer_email) as customer_email,
             coalesce(b.customer_phone, cp.customer_phone) as customer_phone,
             p.amount_pence, p.provider, p.status, p.created_at, p.booking_id, b.reference
        from payments p
        left join bookings b on b.id = p.booking_id
        left join credit_purchases cp on cp.id = p.credit_purchase_id
       where coalesce(b.customer_name, cp.customer_name) ilike ${pattern}
       order by p.created_at desc, p.id
       limit ${paymentSearchLimit}`),
  );
  const payments: PaymentSearchResult[] = rows.map((r) => ({
    id: r.id,
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    customer_phone: r.customer_phone,
    amount: r.amount_pence,
    currency: 'gbp',
    // We do not store Stripe's method (card, Google Pay, bank debit); the TEST MODE form is card only.
    payment_method_type: r.provider === 'test' ? 'card' : null,
    status: r.status,
    created: Math.floor(new Date(r.created_at).getTime() / 1000),
    booking_id: r.booking_id,
    description: r.reference ? `Booking ${r.reference}` : `${creditBundle.credits} session credits`,
    receipt_url: null,
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
