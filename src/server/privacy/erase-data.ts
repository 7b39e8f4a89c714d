import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import type { DataErasureResponse } from '../../shared/contracts/privacy';
import { appendCreditEntry, creditBalance, lockCreditAccount } from '../credits/credit-ledger';
import { rowsOf, type Db } from '../db/client';
import { lockBulkAddressChanges } from '../db/customer-summary-lock';
import { appendLedgerEntry, lockMemberByEmail, pointTotals } from '../loyalty/loyalty-ledger';
import { writeAudit } from '../staff/audit';
import { addressRef } from './address-ref';
import { eraseGiftVouchers, eraseWaitingList } from './erase-gift-vouchers';
import { ERASED_TEXT } from './placeholders';
import { mentionsAddress } from './subject-rows';

const count = (result: unknown) => rowsOf(result).length;

/**
 * Erases one address (DECISIONS.md "Data rights and retention"), in one transaction: names, contact
 * details, plates and free text become fixed placeholders; amounts, dates and statuses stay, so the
 * accounts add up as before. The credit and loyalty balances are closed by ledger entries (the ledgers are
 * append-only), family sessions and codes end, and every row that held the address now holds one
 * `erased+<erasure id>@invalid`, shared by this erasure's rows so they still belong together (a booking
 * still finds its credit account) but name no one. The address itself is then unknown: it can book again
 * as a new family.
 */
export async function eraseData(opts: {
  db: Db;
  email: string;
  actor: string;
  now: Date;
}): Promise<DataErasureResponse> {
  const email = normaliseFamilyEmail(opts.email);
  const erasureId = randomUUID();
  const placeholder = `erased+${erasureId}@invalid`;
  const ref = await addressRef(opts.db, email);
  const now = opts.now;
  return opts.db.transaction(async (tx) => {
    await lockBulkAddressChanges(tx);
    // Balances first, under the same row locks a spend takes, so no booking spends what is being closed.
    let creditsClosed = 0;
    if (await lockCreditAccount(tx, email)) {
      creditsClosed = (await creditBalance(tx, email)).available;
      if (creditsClosed > 0) await appendCreditEntry(tx, { email, kind: 'revoke', credits: creditsClosed });
      // The account's key is the address: move the ledger to a new key, then drop the old row.
      await tx.execute(sql`insert into credit_accounts (email, created_at)
        select ${placeholder}, created_at from credit_accounts where email = ${email}`);
      await tx.execute(sql`update credit_ledger set email = ${placeholder} where email = ${email}`);
      await tx.execute(sql`delete from credit_accounts where email = ${email}`);
    }
    // Lock order: the family's parties before its loyalty member, the order a staff cancellation and a
    // party refund take them in (party, then member: party-loyalty.ts reversePartyRefundPoints), so an
    // erasure running beside either waits for it rather than deadlocking. By id, so two transactions that
    // lock several of the family's parties meet them in the same order.
    await tx.execute(sql`select id from party_bookings where lower(parent_email) = ${email} order by id for update`);
    let pointsClosed = 0;
    const member = await lockMemberByEmail(tx, email);
    if (member) {
      pointsClosed = Math.max(0, (await pointTotals(tx, member.id)).currentPoints);
      if (pointsClosed > 0)
        await appendLedgerEntry(tx, {
          memberId: member.id,
          kind: 'close',
          points: -pointsClosed,
          description: 'Membership closed at your request',
        });
      await tx.execute(
        sql`update loyalty_vouchers set status = 'void' where member_id = ${member.id} and status = 'issued'`,
      );
      await tx.execute(
        sql`update loyalty_redemption_codes set used_at = ${now} where member_id = ${member.id} and used_at is null`,
      );
      await tx.execute(
        sql`update loyalty_members set email = ${placeholder}, name = ${ERASED_TEXT} where id = ${member.id}`,
      );
    }

    const checkIns = count(
      await tx.execute(sql`update check_ins set number_plate = null
        where number_plate is not null and booking_id in (select id from bookings where lower(customer_email) = ${email})
        returning id`),
    );
    const bookings = count(
      await tx.execute(sql`update bookings set customer_name = ${ERASED_TEXT}, customer_email = ${placeholder},
          customer_phone = '', special_requests = '', client_address = null, anonymised_at = ${now}, updated_at = ${now}
        where lower(customer_email) = ${email} returning id`),
    );
    const creditPurchases = count(
      await tx.execute(sql`update credit_purchases set email = ${placeholder}, customer_name = ${ERASED_TEXT},
          customer_email = ${placeholder}, customer_phone = '', client_address = null, anonymised_at = ${now}, updated_at = ${now}
        where email = ${email} or lower(customer_email) = ${email} returning id`),
    );
    const enquiries = count(
      await tx.execute(sql`update inquiries set name = ${ERASED_TEXT}, email = ${placeholder}, phone = '',
          message = ${ERASED_TEXT}, details = null, anonymised_at = ${now}
        where lower(email) = ${email} returning id`),
    );
    // A party is a booking: its family's details and free text go, amounts stay. Its guests' invitations
    // go with it (the links would show nothing now); a guest's own invitation keeps its reply, not its data.
    const parties = count(
      await tx.execute(sql`update party_bookings set parent_name = ${ERASED_TEXT}, parent_email = ${placeholder},
          parent_phone = '', child_first_name = ${ERASED_TEXT}, dietary_notes = '', staff_notes = '',
          cancel_reason = case when cancel_reason is null then null else ${ERASED_TEXT} end, updated_at = ${now}
        where lower(parent_email) = ${email} returning id`),
    );
    const partyInvitations =
      count(
        await tx.execute(sql`delete from party_invitations
          where party_id in (select id from party_bookings where parent_email = ${placeholder}) returning id`),
      ) +
      count(
        await tx.execute(sql`update party_invitations set guest_email = ${placeholder}, guest_child_first_name = null,
            allergies = null
          where lower(guest_email) = ${email} returning id`),
      );
    const giftVouchers = await eraseGiftVouchers(tx, { email, placeholder, now });
    const waitingListEntries = await eraseWaitingList(tx, { email, placeholder, now });
    // Orders from the table (issue 49): the receipt address and the allergy note (health data) go; lines stay.
    await tx.execute(sql`update cafe_orders set email = ${placeholder}, allergy_note = '', updated_at = ${now}
      where lower(email) = ${email}`);
    // Memberships were ended (and Stripe's subscriptions cancelled) before this transaction; the rows stay
    // for the accounts, naming no one. Their children go with the profile below (cascade).
    const memberships = count(
      await tx.execute(sql`update memberships set email = ${placeholder}, updated_at = ${now}
        where email = ${email} returning id`),
    );
    // Mail waiting to go out to the address is kept, not sent: it would name the person to no one.
    const mails = count(
      await tx.execute(sql`update outbox set
          to_address = case when lower(to_address) = ${email} then ${placeholder} else to_address end,
          status = case when status = 'pending' and lower(to_address) = ${email} then 'kept' else status end,
          subject = ${ERASED_TEXT}, text = ${ERASED_TEXT}, html = null, attachments = '[]'::jsonb, headers = '{}'::jsonb,
          staff_subject = null, staff_text = null, last_error = null, anonymised_at = ${now}
        where ${mentionsAddress(email)} returning id`),
    );
    await tx.execute(sql`update test_provider_payments set email = ${placeholder} where lower(email) = ${email}`);
    const familySessions = count(
      await tx.execute(sql`delete from family_sessions where email = ${email} returning token_hash`),
    );
    await tx.execute(sql`delete from family_sign_in_codes where email = ${email}`);
    // The profile and its children (cascade); acceptances name the adult and children, so they go too.
    await tx.execute(sql`delete from agreement_acceptances where email = ${email}`);
    await tx.execute(sql`delete from family_profiles where email = ${email}`);
    // Abuse counters keyed by the address ("inquiry-ack:<address>") would keep it for a day.
    await tx.execute(sql`delete from rate_limit_hits where right(bucket, ${email.length + 1}) = ${`:${email}`}`);

    const result: DataErasureResponse = {
      bookings,
      parties,
      partyInvitations,
      giftVouchers,
      waitingListEntries,
      memberships,
      creditPurchases,
      enquiries,
      mails,
      checkIns,
      familySessions,
      creditsClosed,
      pointsClosed,
    };
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'data_erased',
      subjectType: 'data_subject',
      subjectId: ref,
      details: { ...result, erasureId },
    });
    return result;
  });
}
