import { sql, type SQL } from 'drizzle-orm';
import type {
  BookingManagerDetail,
  BookingSearchResponse,
  BookingSearchRow,
} from '../../shared/contracts/booking-manager';
import { rowsOf, type Db } from '../db/client';
import { containsTerm, likeContains } from '../db/like';
import { matchWindow, newestBookingMatches, type MatchWindow } from '../db/newest-matches';
import { catalogueOf } from '../catalogue/catalogue-store';
import { staffFamilyViews } from '../families/booking-agreement';
import { AppError } from '../http/errors';
import { allDayLabelOf } from './booking-details';

export const bookingSearchLimit = 50;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** "2025-10-22" or "22/10/2025" as an ISO date, else null. */
function dateOf(q: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(q) ?? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(q);
  if (!m) return null;
  const [y, mo, d] = q.includes('/') ? [m[3]!, m[2]!, m[1]!] : [m[1]!, m[2]!, m[3]!];
  const s = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const t = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== s ? null : s;
}

/**
 * "The reference contains the term" (lower-cased, letters, digits and hyphens), asked of the trigram index
 * by the part after the hyphen when there is one. Every reference starts "PTB-", so the index's entries
 * for "ptb" (and for a word start after the hyphen) list every booking: asked for "%ptb-4d3qrf%" it merged
 * them all (383 pages, 10 ms) to find one booking; asked for "%4d3qrf%", 13 pages and 0.1 ms. A booking
 * holding the whole term holds that part, so each one the index finds is then tested for the whole term.
 */
function referenceContains(lower: string): SQL {
  const whole = sql`lower(b.reference) like ${likeContains(lower)}`;
  const rest = lower.slice(lower.indexOf('-') + 1);
  if (!lower.includes('-') || !/^[a-z0-9]{3,}$/.test(rest)) return whole;
  return sql`(lower(b.reference) like ${likeContains(rest)} and strpos(lower(b.reference), ${lower}) > 0)`;
}

/**
 * Any booking whose reference, name or e-mail contains the term (any case), whose phone's digits
 * contain the term's digits, or whose visit is on the date typed: newest first, at most 50. Each
 * substring test matches a pg_trgm GIN index's expression (migration 0009); the date uses
 * bookings_visit_idx. newestBookingMatches chooses how to find the newest (`window`: smaller in tests).
 *
 * Why it is shaped so (measured at a million bookings): each index is asked for the rarest part of the
 * term it can be (containsTerm, referenceContains), since the trigrams every booking shares were most
 * of a rare term's cost; and a common term walks the history newest first and stops at the page's end
 * (newestBookingMatches), where it was gathered whole and sorted: "O'Brien" 87 ms to 5 ms, a reference
 * 10 ms to 0.1 ms, "Sofia O'Brien" 3-11 ms to 1 ms in its index.
 */
export async function searchBookings(
  db: Db,
  q: string,
  window: MatchWindow = matchWindow,
): Promise<BookingSearchResponse> {
  const lower = q.toLowerCase();
  const digits = q.replace(/\D/g, '');
  const phone = /^[\d\s()+-]+$/.test(q) && digits.length >= 3 ? likeContains(digits) : null;
  const date = dateOf(q);
  const columns = sql`b.id, b.reference, b.customer_name, b.customer_email, b.customer_phone,
    b.visit_date::text as visit_date, st.label as session_label, b.status, b.final_pence, b.created_at`;
  // Only the fields that could hold the term are asked: a reference is letters, digits and hyphens, and
  // an e-mail address has no spaces (every path that stores one validates it). Each field asked costs
  // its trigram index's scan and a test of each booking walked.
  const fields = [
    /^[a-z0-9-]+$/i.test(q) ? referenceContains(lower) : null,
    containsTerm(sql`lower(b.customer_name)`, lower),
    /\s/.test(q) ? null : containsTerm(sql`lower(b.customer_email)`, lower),
  ].filter((f) => f !== null);
  const matches = sql`${sql.join(fields, sql` or `)}
          ${phone ? sql`or regexp_replace(b.customer_phone, '[^0-9]', '', 'g') like ${phone}` : sql``}
          ${date ? sql`or b.visit_date = ${date}::date` : sql``}`;
  const rows = rowsOf<{
    id: string;
    reference: string;
    customer_name: string;
    customer_email: string;
    customer_phone: string;
    visit_date: string;
    session_label: string | null;
    status: string;
    final_pence: number;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      with ${newestBookingMatches({ where: matches, limit: bookingSearchLimit + 1, window })}
      select ${columns} from hits join bookings b on b.id = hits.id left join session_times st on st.id = b.session_id
      order by b.created_at desc, b.id desc`),
  );
  const allDay = allDayLabelOf((await catalogueOf(db)).venue.value.openingHours);
  const bookings: BookingSearchRow[] = rows.slice(0, bookingSearchLimit).map((r) => ({
    id: r.id,
    reference: r.reference,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    visitDate: r.visit_date,
    sessionLabel: r.session_label ?? allDay,
    status: r.status,
    finalPence: r.final_pence,
    createdAt: iso(r.created_at)!,
  }));
  return { bookings, limit: bookingSearchLimit, more: rows.length > bookingSearchLimit };
}

/** What a paid booking could still give back: each succeeded payment's amount less its refund (one refund a payment). */
export function refundableOf(ps: { status: string; amountPence: number; refundStatus: string | null }[]): number {
  return ps.filter((p) => p.status === 'succeeded' && !p.refundStatus).reduce((sum, p) => sum + p.amountPence, 0);
}

/** One booking as staff open it: lines, payments and refunds, check-ins, mails (subject and status only), audit. */
export async function getBookingManagerDetail(db: Db, id: string, now: Date): Promise<BookingManagerDetail> {
  const [b] = rowsOf<{
    id: string;
    reference: string;
    status: string;
    customer_name: string;
    customer_email: string;
    customer_phone: string;
    special_requests: string;
    visit_date: string;
    session_label: string | null;
    places: number;
    original_pence: number;
    final_pence: number;
    credits_used: number;
    credit_savings_pence: number;
    voucher_discount_pence: number;
    created_at: Date | string;
    confirmed_at: Date | string | null;
    cancelled_at: Date | string | null;
  }>(
    await db.execute(sql`
      select b.id, b.reference, b.status, b.customer_name, b.customer_email, b.customer_phone, b.special_requests,
             b.visit_date::text as visit_date, st.label as session_label, b.places, b.original_pence, b.final_pence,
             b.credits_used, b.credit_savings_pence, b.voucher_discount_pence, b.created_at, b.confirmed_at,
             b.cancelled_at
        from bookings b
        left join session_times st on st.id = b.session_id
       where b.id = ${id}`),
  );
  if (!b) throw new AppError('booking_not_found', 'There is no such booking.');
  const [lines, payments, checkIns, mails, audit] = [
    rowsOf<{ title: string; quantity: number; unit_price_pence: number; unit_fee_pence: number }>(
      await db.execute(sql`
        select t.title, l.quantity, l.unit_price_pence, l.unit_fee_pence
          from booking_lines l join ticket_types t on t.id = l.ticket_type_id
         where l.booking_id = ${id} order by t.sort`),
    ),
    rowsOf<{
      id: string;
      provider: string;
      status: string;
      amount_pence: number;
      refund_status: 'pending' | 'succeeded' | null;
      refund_pence: number;
      refund_reason: string | null;
      payment_method_type: string | null;
      receipt_url: string | null;
      created_at: Date | string;
    }>(
      await db.execute(sql`
        select id, provider, status, amount_pence, refund_status, refund_pence, refund_reason,
               payment_method_type, receipt_url, created_at
          from payments where booking_id = ${id} order by created_at, id`),
    ),
    rowsOf<{
      checked_in_at: Date | string;
      checked_out_at: Date | string | null;
      checked_in_by: string;
      checked_out_by: string | null;
    }>(
      await db.execute(sql`
        select checked_in_at, checked_out_at, checked_in_by, checked_out_by
          from check_ins where booking_id = ${id} order by checked_in_at`),
    ),
    rowsOf<{
      subject: string;
      template: string;
      status: string;
      created_at: Date | string;
      sent_at: Date | string | null;
    }>(
      // Subject as staff see it (codes and links hidden); never the body.
      await db.execute(sql`
        select coalesce(staff_subject, subject) as subject, template, status, created_at, sent_at
          from outbox
         where dedupe_key like 'booking-%' and split_part(dedupe_key, ':', 2) = ${id}
         order by created_at, id`),
    ),
    rowsOf<{ actor: string; action: string; created_at: Date | string; details: Record<string, unknown> }>(
      await db.execute(sql`
        select actor, action, created_at, details from audit_log
         where subject_id = ${id} order by created_at, id`),
    ),
  ];
  const paymentDtos = payments.map((p) => ({
    id: p.id,
    provider: p.provider,
    status: p.status,
    amountPence: p.amount_pence,
    refundStatus: p.refund_status,
    refundPence: p.refund_pence,
    refundReason: p.refund_reason,
    methodType: p.payment_method_type,
    receiptUrl: p.receipt_url,
    createdAt: iso(p.created_at)!,
  }));
  const allDay = allDayLabelOf((await catalogueOf(db)).venue.value.openingHours);
  // The family as this booking needs it (issue 39): the agreement, and each named child's first name and notes.
  const family = (
    await staffFamilyViews(db, [{ id: b.id, email: b.customer_email, visitDate: b.visit_date }], now)
  ).get(b.id)!;
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    customerName: b.customer_name,
    customerEmail: b.customer_email,
    customerPhone: b.customer_phone,
    specialRequests: b.special_requests,
    visitDate: b.visit_date,
    sessionLabel: b.session_label ?? allDay,
    places: b.places,
    originalPence: b.original_pence,
    finalPence: b.final_pence,
    creditsUsed: b.credits_used,
    creditSavingsPence: b.credit_savings_pence,
    voucherDiscountPence: b.voucher_discount_pence,
    createdAt: iso(b.created_at)!,
    confirmedAt: iso(b.confirmed_at),
    cancelledAt: iso(b.cancelled_at),
    rulesOfPlayAccepted: family.rulesOfPlayAccepted,
    children: family.children,
    lines: lines.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      unitPricePence: l.unit_price_pence,
      unitFeePence: l.unit_fee_pence,
    })),
    payments: paymentDtos,
    refundablePence: b.status === 'confirmed' ? refundableOf(paymentDtos) : 0,
    checkIns: checkIns.map((c) => ({
      checkedInAt: iso(c.checked_in_at)!,
      checkedOutAt: iso(c.checked_out_at),
      checkedInBy: c.checked_in_by,
      checkedOutBy: c.checked_out_by,
    })),
    mails: mails.map((m) => ({
      subject: m.subject,
      template: m.template,
      status: m.status,
      createdAt: iso(m.created_at)!,
      sentAt: iso(m.sent_at),
    })),
    audit: audit.map((a) => ({ actor: a.actor, action: a.action, createdAt: iso(a.created_at)!, details: a.details })),
  };
}
