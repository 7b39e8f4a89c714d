import { sql, type SQL } from 'drizzle-orm';
import type { ExportKind, ExportRange } from '../../shared/contracts/exports';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { count, csvRow, pounds, utf8Bom, yesNo, type Cell } from './csv';
import { salesLinesExport } from './sales-lines-export';

/**
 * Rows read per query: each page is its own short statement, so memory holds one page at a time. Each is
 * a prepared statement (planned once per connection: a month is nine pages, and planning was 2 ms each).
 */
export const exportPageSize = 1000;

type Keyed = { id: string; cursor_at: string };
type Page<R> = (where: SQL, limit: number) => Promise<(R & Keyed)[]>;
type Export<R> = { header: string[]; page: Page<R>; cells: (r: R) => Cell[] };

// Instants at the venue: "2025-10-21 10:00:00" in Europe/London (BST or GMT as it was then).
const london = (column: SQL) => sql`to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI:SS')`;
// The keyset cursor: microseconds, so two rows in one millisecond are neither skipped nor repeated.
const cursorAt = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** created_at on London dates from..to inclusive, after the cursor (written out so an index on created_at serves it). */
function window(column: SQL, id: SQL, range: ExportRange, after: Keyed | null): SQL {
  const within = sql`${column} >= (${range.from}::date::timestamp at time zone 'Europe/London')
    and ${column} < ((${range.to}::date + 1)::timestamp at time zone 'Europe/London')`;
  if (!after) return within;
  return sql`${within} and ${column} >= ${after.cursor_at}::timestamptz
    and (${column} > ${after.cursor_at}::timestamptz or ${id} > ${after.id}::uuid)`;
}

type BookingRow = {
  reference: string;
  booked_at: string;
  status: string;
  visit_date: string;
  session: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  places: number;
  /** The booking's lines as JSON text, [[ticket type id, quantity], ...]; null when it has none. */
  lines: string | null;
  original_pence: number;
  credits_used: number;
  credit_savings_pence: number;
  voucher_discount_pence: number;
  final_pence: number;
  paid_pence: number;
  refunded_pence: number;
  loyalty_opt_in: boolean;
  special_requests: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
};

/**
 * "2 x Children 1-12 years; 1 x Adults": a booking's lines in the ticket types' order. A venue sells a
 * handful of ticket mixes, so each mix's text is built once an export, not once a booking (the lines come
 * as one JSON text, the mix's key: parsing two arrays a row was a twentieth of the export's time).
 */
function ticketsTextOf(types: Map<string, { title: string; sort: number }>): (r: BookingRow) => string {
  const texts = new Map<string | null, string>();
  return (r) => {
    let text = texts.get(r.lines);
    if (text === undefined) {
      const lines = r.lines === null ? [] : (JSON.parse(r.lines) as [string, number][]);
      text = lines
        .map(([id, quantity]) => ({ type: types.get(id) ?? { title: id, sort: Infinity }, quantity }))
        .sort((a, b) => a.type.sort - b.type.sort)
        .map((l) => `${l.quantity} x ${l.type.title}`)
        .join('; ');
      texts.set(r.lines, text);
    }
    return text;
  };
}

const bookingsExport = (db: Db, ticketsText: (r: BookingRow) => string): Export<BookingRow> => ({
  header: [
    'Reference',
    'Booked at (London)',
    'Status',
    'Visit date',
    'Session',
    'Customer name',
    'Email',
    'Phone',
    'Children',
    'Tickets',
    'Price before discounts (GBP)',
    'Session credits used',
    'Credit savings (GBP)',
    'Voucher discount (GBP)',
    'Total (GBP)',
    'Paid (GBP)',
    'Refunded (GBP)',
    'Loyalty opt-in',
    'Special requests',
    'Confirmed at (London)',
    'Cancelled at (London)',
  ],
  page: async (where, limit) =>
    rowsOf<BookingRow & Keyed>(
      await executePrepared(
        db,
        sql`
        select b.id, ${cursorAt(sql`b.created_at`)} as cursor_at, b.reference,
               ${london(sql`b.created_at`)} as booked_at, b.status, to_char(b.visit_date, 'YYYY-MM-DD') as visit_date,
               coalesce(st.label, 'All day') as session, b.customer_name, b.customer_email, b.customer_phone,
               b.places,
               lines.lines,
               b.original_pence, b.credits_used, b.credit_savings_pence, b.voucher_discount_pence, b.final_pence,
               coalesce(pay.paid, 0)::int as paid_pence, coalesce(pay.refunded, 0)::int as refunded_pence,
               b.loyalty_opt_in, b.special_requests,
               ${london(sql`b.confirmed_at`)} as confirmed_at, ${london(sql`b.cancelled_at`)} as cancelled_at
          from bookings b left join session_times st on st.id = b.session_id
          -- The booking's lines as JSON text; titles and their order come from ticketTypes (a join here cost
          -- a third of the page).
          left join lateral (
            select json_agg(json_build_array(l.ticket_type_id, l.quantity))::text as lines
              from booking_lines l where l.booking_id = b.id) lines on true
          -- Paid and refunded in one look at the booking's payments, not one each: an index-only scan of
          -- payments_booking_sums_idx, as the lines are of booking_lines_booking_tickets_idx (migration 0025).
          left join lateral (
            select sum(p.amount_pence) filter (where p.status in ('succeeded', 'refunded')) as paid,
                   sum(p.refund_pence) filter (where p.refund_status = 'succeeded') as refunded
              from payments p where p.booking_id = b.id) pay on true
         where ${where}
         order by b.created_at, b.id
         limit ${limit}`,
      ),
    ),
  cells: (r) => [
    r.reference,
    r.booked_at,
    r.status,
    r.visit_date,
    r.session,
    r.customer_name,
    r.customer_email,
    r.customer_phone,
    count(r.places),
    ticketsText(r),
    pounds(r.original_pence),
    count(r.credits_used),
    pounds(r.credit_savings_pence),
    pounds(r.voucher_discount_pence),
    pounds(r.final_pence),
    pounds(r.paid_pence),
    pounds(r.refunded_pence),
    yesNo(r.loyalty_opt_in),
    r.special_requests,
    r.confirmed_at,
    r.cancelled_at,
  ],
});

type PaymentRow = {
  id: string;
  created: string;
  purpose: string;
  reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  provider: string;
  provider_payment_id: string | null;
  status: string;
  amount_pence: number;
  refund_status: string | null;
  refund_pence: number;
  refund_reason: string | null;
  updated: string;
};

const paymentsExport = (db: Db): Export<PaymentRow> => ({
  header: [
    'Payment ID',
    'Created at (London)',
    'For',
    'Booking reference',
    'Customer name',
    'Email',
    'Provider',
    'Provider payment ID',
    'Status',
    'Amount (GBP)',
    'Refund status',
    'Refund (GBP)',
    'Refund reason',
    'Last updated (London)',
  ],
  page: async (where, limit) =>
    rowsOf<PaymentRow & Keyed>(
      await executePrepared(
        db,
        sql`
        select p.id, ${cursorAt(sql`p.created_at`)} as cursor_at, ${london(sql`p.created_at`)} as created,
               case when p.booking_id is not null then 'booking'
                    when p.credit_purchase_id is not null then 'session credits'
                    when p.party_booking_id is not null then replace(p.purpose, '_', ' ')
                    when p.till_sale_id is not null then 'till sale'
                    when p.membership_id is not null then 'membership'
                    else 'gift voucher' end as purpose,
               coalesce(b.reference, pb.reference) as reference,
               coalesce(b.customer_name, cp.customer_name, pb.parent_name, gv.buyer_name) as customer_name,
               coalesce(b.customer_email, cp.customer_email, pb.parent_email, gv.buyer_email) as customer_email,
               p.provider, p.provider_payment_id, p.status, p.amount_pence, p.refund_status, p.refund_pence,
               p.refund_reason, ${london(sql`p.updated_at`)} as updated
          from payments p
          left join bookings b on b.id = p.booking_id
          left join credit_purchases cp on cp.id = p.credit_purchase_id
          left join party_bookings pb on pb.id = p.party_booking_id
          left join gift_vouchers gv on gv.id = p.gift_voucher_id
         where ${where}
         order by p.created_at, p.id
         limit ${limit}`,
      ),
    ),
  cells: (r) => [
    r.id,
    r.created,
    r.purpose,
    r.reference,
    r.customer_name,
    r.customer_email,
    r.provider,
    r.provider_payment_id,
    r.status,
    pounds(r.amount_pence),
    r.refund_status ?? 'none',
    pounds(r.refund_pence),
    r.refund_reason,
    r.updated,
  ],
});

type EnquiryRow = {
  received: string;
  source: string;
  inquiry_type: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  details: Record<string, string> | null;
  responded: boolean;
  responded_at: string | null;
  party_booked_at: string | null;
};

const enquiriesExport = (db: Db): Export<EnquiryRow> => ({
  header: [
    'Received at (London)',
    'Form',
    'Enquiry type',
    'Name',
    'Email',
    'Phone',
    'Message',
    'Party details',
    'Responded',
    'Responded at (London)',
    'Party booked at (London)',
  ],
  page: async (where, limit) =>
    rowsOf<EnquiryRow & Keyed>(
      await executePrepared(
        db,
        sql`
        select i.id, ${cursorAt(sql`i.created_at`)} as cursor_at, ${london(sql`i.created_at`)} as received,
               i.source, i.inquiry_type, i.name, i.email, i.phone, i.message, i.details, i.responded,
               ${london(sql`i.responded_at`)} as responded_at, ${london(sql`i.party_booked_at`)} as party_booked_at
          from inquiries i
         where ${where}
         order by i.created_at, i.id
         limit ${limit}`,
      ),
    ),
  cells: (r) => [
    r.received,
    r.source,
    r.inquiry_type,
    r.name,
    r.email,
    r.phone,
    r.message,
    r.details
      ? Object.entries(r.details)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${k}: ${v}`)
          .join('; ')
      : null,
    yesNo(r.responded),
    r.responded_at,
    r.party_booked_at,
  ],
});

async function ticketTypesById(db: Db): Promise<Map<string, { title: string; sort: number }>> {
  const rows = rowsOf<{ id: string; title: string; sort: number }>(
    await db.execute(sql`select id, title, sort from ticket_types`),
  );
  return new Map(rows.map((t) => [t.id, { title: t.title, sort: t.sort }]));
}

const tables: Record<ExportKind, { column: SQL; id: SQL }> = {
  bookings: { column: sql`b.created_at`, id: sql`b.id` },
  payments: { column: sql`p.created_at`, id: sql`p.id` },
  enquiries: { column: sql`i.created_at`, id: sql`i.id` },
  'sales-lines': { column: sql`s.created_at`, id: sql`l.id` },
};

/**
 * The export as CSV text, one chunk per page of rows: the BOM and header first, then each page as it is
 * read. Paged by (created_at, id) with a keyset, one short query a page, so it runs the same on PGlite
 * and node-postgres without a cursor holding a connection, and nothing is read before it is wanted.
 */
export async function* exportCsv(
  db: Db,
  kind: ExportKind,
  range: ExportRange,
  pageSize = exportPageSize,
): AsyncGenerator<string> {
  const spec = (
    kind === 'bookings'
      ? bookingsExport(db, ticketsTextOf(await ticketTypesById(db)))
      : kind === 'payments'
        ? paymentsExport(db)
        : kind === 'sales-lines'
          ? salesLinesExport(db, london, cursorAt)
          : enquiriesExport(db)
  ) as Export<unknown>;
  const { column, id } = tables[kind];
  yield utf8Bom + csvRow(spec.header);
  let after: Keyed | null = null;
  for (;;) {
    const rows = await spec.page(window(column, id, range, after), pageSize);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) chunk += csvRow(spec.cells(r));
    yield chunk;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { id: last.id, cursor_at: last.cursor_at };
  }
}
