import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { ERASED_TEXT } from './placeholders';

type Erasure = { email: string; placeholder: string; now: Date };

/**
 * An erased address's gift vouchers, bought or received: its name and address become placeholders and the
 * message goes (the buyer wrote it, to the recipient); amounts, balance, expiry and the ledger stay for the
 * accounts, and a voucher with value left stays spendable by its code, which was never stored. A recipient
 * erased before the voucher's mail went out gets no mail (there is no one to send it to): sent_at is set so
 * the send job passes it by; the buyer can still print the voucher. Returns the vouchers changed.
 */
export async function eraseGiftVouchers(tx: Db, { email, placeholder, now }: Erasure): Promise<number> {
  const buyer = sql`lower(buyer_email) = ${email}`;
  const recipient = sql`lower(recipient_email) = ${email}`;
  return rowsOf(
    await tx.execute(sql`update gift_vouchers set
        buyer_name = case when ${buyer} then ${ERASED_TEXT} else buyer_name end,
        buyer_email = case when ${buyer} then ${placeholder} else buyer_email end,
        client_address = case when ${buyer} then null else client_address end,
        recipient_name = case when ${recipient} then ${ERASED_TEXT} else recipient_name end,
        recipient_email = case when ${recipient} then ${placeholder} else recipient_email end,
        sent_at = case when ${recipient} then coalesce(sent_at, ${now}) else sent_at end,
        message = '', updated_at = ${now}
      where ${buyer} or ${recipient} returning id`),
  ).length;
}

/**
 * An erased address's waiting list entries go. One whose offer is holding places right now is not deleted
 * here: its address becomes the placeholder, its link dies and its offer ends now, so the waiting list's
 * own expiry pass gives the places back and offers them to the next family, as for any lapsed offer (it is
 * deleted after its date like every entry). Returns the entries deleted or ended.
 */
export async function eraseWaitingList(tx: Db, { email, placeholder, now }: Erasure): Promise<number> {
  const ended = rowsOf(
    await tx.execute(sql`update waiting_list_entries set email = ${placeholder}, offer_token_hash = null,
        offer_expires_at = least(coalesce(offer_expires_at, ${now}), ${now}), updated_at = ${now}
      where lower(email) = ${email} and status = 'offered' and places_held returning id`),
  ).length;
  const deleted = rowsOf(
    await tx.execute(sql`delete from waiting_list_entries where lower(email) = ${email} returning id`),
  ).length;
  return ended + deleted;
}
