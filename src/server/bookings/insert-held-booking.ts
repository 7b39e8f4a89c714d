import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { newBookingReference, newTicketToken } from './booking-codes';
import type { PricedOrder } from './pricing';

export type HeldBookingValues = {
  /** The booking's id when the caller chose it (a member's walk-in, idempotent by it); otherwise a random one. */
  id?: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  visitDate: string;
  sessionId: string | null;
  specialRequests: string;
  loyaltyOptIn: boolean;
  order: PricedOrder;
  finalPence: number;
  /** Session credits reserved for this booking (a hold entry in the ledger, keyed by `creditEmail`). */
  credits: { used: number; savingsPence: number; email: string };
  /** What a membership paid for (its covered places at their price), taken off before everything else. */
  membershipCoverPence?: number;
  /** A loyalty voucher applied to this booking, and what it takes off. */
  voucher?: { id: string; discountPence: number } | null;
  /** A gift voucher paying `pence` of it (spent by the caller, with a ledger entry naming this booking). */
  giftVoucher?: { id: string; pence: number } | null;
  holdExpiresAt: Date;
  /** The trusted client address that asked (pending-payment-cap.ts counts holds by it). */
  clientAddress?: string | null;
  /** SHA-256 of the secret the creating browser shows the booking with. */
  viewerSecretHash: string;
  /** Payment row to create (without a provider id yet); null for a £0 booking. */
  paymentProvider: string | null;
  now: Date;
};

/**
 * The booking, its lines, its credit hold and its payment row in ONE statement (the booking hot path: every round trip
 * inside the transaction is paid by every booking). A clashing reference (1 in ~900 million) is retried.
 */
export async function insertHeldBooking(tx: Db, v: HeldBookingValues): Promise<{ id: string; reference: string }> {
  const lines = sql.join(
    v.order.lines.map(
      (l) => sql`(${l.ticketTypeId}, ${l.quantity}::int, ${l.unitPricePence}::int, ${l.unitFeePence}::int)`,
    ),
    sql`, `,
  );
  for (;;) {
    const reference = newBookingReference();
    const [row] = rowsOf<{ id: string; reference: string }>(
      await tx.execute(sql`
        with b as (
          insert into bookings (id, reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
            special_requests, loyalty_opt_in, places, places_held, original_pence, final_pence, credits_used, credit_savings_pence, membership_cover_pence, credits_state,
            voucher_id, voucher_discount_pence, gift_voucher_id, gift_voucher_pence, gift_voucher_state, hold_expires_at, client_address, ticket_token, viewer_secret_hash, created_at, updated_at)
          values (coalesce(${v.id ?? null}::uuid, gen_random_uuid()), ${reference}, 'pending', ${v.customerName}, ${v.customerEmail}, ${v.customerPhone}, ${v.visitDate}::date, ${v.sessionId},
            ${v.specialRequests}, ${v.loyaltyOptIn}, ${v.order.places}, true, ${v.order.totalPence}, ${v.finalPence}, ${v.credits.used}::int, ${v.credits.savingsPence}::int, ${v.membershipCoverPence ?? 0}::int,
            ${v.credits.used > 0 ? 'held' : 'none'}, ${v.voucher?.id ?? null}::uuid, ${v.voucher?.discountPence ?? 0}::int,
            ${v.giftVoucher?.id ?? null}::uuid, ${v.giftVoucher?.pence ?? 0}::int, ${v.giftVoucher ? 'spent' : 'none'}, ${v.holdExpiresAt}, ${v.clientAddress ?? null}, ${newTicketToken()}, ${v.viewerSecretHash}, ${v.now}, ${v.now})
          on conflict (reference) do nothing
          returning id, reference),
        c as (
          insert into credit_ledger (email, kind, credits, booking_id)
          select ${v.credits.email}, 'hold', ${v.credits.used}::int, b.id from b where ${v.credits.used}::int > 0),
        l as (
          insert into booking_lines (booking_id, ticket_type_id, quantity, unit_price_pence, unit_fee_pence)
          select b.id, x.t, x.q, x.p, x.f from b cross join (values ${lines}) as x(t, q, p, f)),
        p as (
          insert into payments (booking_id, provider, amount_pence, created_at, updated_at)
          select b.id, ${v.paymentProvider}, ${v.finalPence}, ${v.now}, ${v.now} from b where ${v.paymentProvider}::text is not null)
        select id, reference from b`),
    );
    if (row) return row;
  }
}
