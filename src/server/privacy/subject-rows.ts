import { sql, type SQL } from 'drizzle-orm';

/**
 * Where one e-mail address (already trimmed and lower-cased) is held, table by table: the one list both
 * the export and the erasure read, so a table added here is exported and erased alike. Outbox rows
 * include mail that only mentions the address (the staff copy of an enquiry).
 */
export function subjectRowQueries(email: string): Record<string, SQL> {
  const bookingIds = sql`select id from bookings where lower(customer_email) = ${email}`;
  const purchaseIds = sql`select id from credit_purchases where email = ${email} or lower(customer_email) = ${email}`;
  const memberIds = sql`select id from loyalty_members where email = ${email}`;
  const partyIds = sql`select id from party_bookings where lower(parent_email) = ${email}`;
  const boughtVoucherIds = sql`select id from gift_vouchers where lower(buyer_email) = ${email}`;
  const voucherIds = sql`select id from gift_vouchers where lower(buyer_email) = ${email} or lower(recipient_email) = ${email}`;
  const membershipIds = sql`select id from memberships where email = ${email}`;
  return {
    bookings: sql`select * from bookings where id in (${bookingIds}) order by created_at`,
    booking_lines: sql`select * from booking_lines where booking_id in (${bookingIds})`,
    payments: sql`select * from payments where booking_id in (${bookingIds}) or credit_purchase_id in (${purchaseIds})
      or party_booking_id in (${partyIds}) or gift_voucher_id in (${boughtVoucherIds})
      or membership_id in (${membershipIds}) order by created_at`,
    credit_purchases: sql`select * from credit_purchases where id in (${purchaseIds}) order by created_at`,
    credit_accounts: sql`select * from credit_accounts where email = ${email}`,
    credit_ledger: sql`select * from credit_ledger where email = ${email} order by created_at`,
    loyalty_members: sql`select * from loyalty_members where id in (${memberIds})`,
    loyalty_ledger: sql`select * from loyalty_ledger where member_id in (${memberIds}) order by created_at, seq`,
    loyalty_vouchers: sql`select * from loyalty_vouchers where member_id in (${memberIds}) order by created_at`,
    loyalty_redemption_codes: sql`select * from loyalty_redemption_codes where member_id in (${memberIds}) order by created_at`,
    party_bookings: sql`select * from party_bookings where id in (${partyIds}) order by created_at`,
    // Whom the family invited (the addresses it gave); the guests' replies, children and allergies are
    // the guests' own data, not the host's.
    party_invitations_sent: sql`select id, party_id, guest_email, sent_at from party_invitations
      where party_id in (${partyIds}) order by sent_at`,
    // Invitations this address received, with its own reply.
    party_invitations: sql`select * from party_invitations where lower(guest_email) = ${email} order by sent_at`,
    // Gift vouchers bought or received: the code only by its last four (code_hash is a secret, left out),
    // and the buyer's client address only to the buyer.
    gift_vouchers: sql`select id, code_last4, kind, ticket_type_id, ticket_type_title, ticket_price_pence, initial_pence,
        balance_pence, buyer_name, buyer_email, recipient_name, recipient_email, message, send_on, sent_at, expires_on,
        status, void_reason, reissued_to, paid_at, created_at, updated_at,
        case when lower(buyer_email) = ${email} then client_address end as client_address
      from gift_vouchers where id in (${voucherIds}) order by created_at`,
    // Their ledger summary: what moved and when, not which staff member did it.
    gift_voucher_ledger: sql`select voucher_id, kind, amount_pence, balance_after_pence, reason, booking_id,
        party_booking_id, expires_on_before, expires_on_after, created_at
      from gift_voucher_ledger where voucher_id in (${voucherIds}) order by created_at`,
    waiting_list_entries: sql`select * from waiting_list_entries where lower(email) = ${email} order by created_at`,
    inquiries: sql`select * from inquiries where lower(email) = ${email} order by created_at`,
    check_ins: sql`select * from check_ins where booking_id in (${bookingIds})`,
    outbox: sql`select * from outbox where ${mentionsAddress(email)} order by created_at`,
    family_sessions: sql`select * from family_sessions where email = ${email} order by created_at`,
    // The family profile (issue 39): adults, children's dates of birth and notes, the reminder consent.
    family_profiles: sql`select * from family_profiles where email = ${email}`,
    family_children: sql`select * from family_children where email = ${email} order by created_at`,
    agreement_acceptances: sql`select * from agreement_acceptances where email = ${email} order by accepted_at`,
    family_sign_in_codes: sql`select * from family_sign_in_codes where email = ${email} order by created_at`,
    // Memberships (issue 40): the plan as sold, its periods and status, and which children it covers.
    memberships: sql`select * from memberships where id in (${membershipIds}) order by created_at`,
    membership_children: sql`select * from membership_children where membership_id in (${membershipIds})`,
    // What each paid for on a booking (issue 46): visits and their worth.
    booking_membership_cover: sql`select * from booking_membership_cover where membership_id in (${membershipIds})`,
    // Visits it had paid for on trust when it stopped renewing, their deadline and what became of them.
    membership_unpaid_visits: sql`select * from membership_unpaid_visits where membership_id in (${membershipIds}) order by noticed_at`,
    // The offline TEST MODE provider's ledger stands in for Stripe's records (empty with Stripe).
    test_provider_payments: sql`select * from test_provider_payments where lower(email) = ${email} order by created_at`,
  };
}

/** Mail to the address, or mail whose subject or body names it. */
export const mentionsAddress = (email: string) =>
  sql`(lower(to_address) = ${email} or strpos(lower(subject), ${email}) > 0 or strpos(lower(text), ${email}) > 0
    or strpos(lower(coalesce(html, '')), ${email}) > 0)`;
