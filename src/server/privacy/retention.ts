import { sql, type SQL } from 'drizzle-orm';
import { addDays, todayInLondon } from '../../shared/dates';
import type { Config } from '../config';
import { rowsOf, type Db } from '../db/client';
import { lockBulkAddressChanges } from '../db/customer-summary-lock';
import { INVITATION_LINK_DAYS } from '../parties/guests/invitations';
import { writeAudit } from '../staff/audit';
import { ERASED_TEXT, REMOVED_MAIL_BODY } from './placeholders';

export type RetentionResult = {
  plates: number;
  holds: number;
  bookings: number;
  creditPurchases: number;
  enquiries: number;
  mailBodies: number;
  /** Parties anonymised, as bookings are (DECISIONS.md: a party is a booking for retention). */
  parties: number;
  /** Guest invitations and their replies, deleted 7 days after their party. */
  partyInvitations: number;
  /** Gift vouchers anonymised: the bookings' period after they expired, or the holds' if never paid. */
  giftVouchers: number;
  /** Family profiles (children's dates of birth and notes) deleted after 3 years with no visit (issue 39). */
  familyProfiles: number;
  /** Memberships anonymised: the bookings' period after they ended, or the holds' if never paid (issue 40). */
  memberships: number;
};

/** DECISIONS.md "Families the venue knows": a profile with no visit for 3 years is deleted. */
export const PROFILE_IDLE_MONTHS = 36;

type Periods = Pick<
  Config,
  | 'RETAIN_BOOKINGS_MONTHS'
  | 'RETAIN_ENQUIRIES_MONTHS'
  | 'RETAIN_PLATES_DAYS'
  | 'RETAIN_HOLDS_DAYS'
  | 'RETAIN_MAIL_BODIES_DAYS'
>;

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** Never-paid bookings and purchases: what a hold that lapsed leaves behind. */
const unpaidBookings = sql.raw(`status in ('pending', 'failed', 'expired')`);
const unpaidPurchases = sql.raw(`status in ('pending', 'failed', 'canceled')`);

/**
 * One pass of the retention policy (DECISIONS.md "Data rights and retention"). Every process runs it
 * daily, at the same time if it happens so: each statement claims at most `batch` rows with FOR UPDATE
 * SKIP LOCKED and only rows still holding the data, so two processes never do one row twice, and each
 * batch is its own short transaction (a big backlog never holds locks for long). Amounts, dates and
 * statuses stay for the accounts; names, contact details, free text and plates go.
 */
export async function runRetention(opts: {
  db: Db;
  now: Date;
  periods: Periods;
  batch?: number;
}): Promise<RetentionResult> {
  const { db, now, periods: p } = opts;
  const batch = opts.batch ?? 500;
  const drain = async (statement: SQL) => {
    let total = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        await lockBulkAddressChanges(tx);
        return rowsOf<{ id: string }>(await tx.execute(statement)).length;
      });
      total += n;
      if (n < batch) return total;
    }
  };

  const plateCutoff = addDays(todayInLondon(now), -p.RETAIN_PLATES_DAYS);
  const holdCutoff = daysBefore(now, p.RETAIN_HOLDS_DAYS);
  const bookingCutoff = monthsBefore(now, p.RETAIN_BOOKINGS_MONTHS);
  const enquiryCutoff = monthsBefore(now, p.RETAIN_ENQUIRIES_MONTHS);
  const mailCutoff = daysBefore(now, p.RETAIN_MAIL_BODIES_DAYS);
  // The day an invitation link stops working is the day its RSVP goes (DECISIONS.md "Parties online").
  const invitationCutoff = addDays(todayInLondon(now), -INVITATION_LINK_DAYS);
  // A voucher is a financial record while it can be spent: it is kept as bookings are, counted from its
  // last day (an expired voucher's unspent value is still in the liability report until then).
  const voucherCutoff = todayInLondon(bookingCutoff);
  const profileCutoff = monthsBefore(now, PROFILE_IDLE_MONTHS);

  const result: RetentionResult = {
    plates: await drain(sql`
      update check_ins set number_plate = null where id in (
        select id from check_ins where number_plate is not null and visit_date <= ${plateCutoff}
        order by visit_date limit ${batch} for update skip locked)
      returning id`),
    holds: await drain(anonymiseBookings(sql`${unpaidBookings} and created_at <= ${holdCutoff}`, now, batch)),
    bookings: await drain(anonymiseBookings(sql`created_at <= ${bookingCutoff}`, now, batch)),
    creditPurchases:
      (await drain(anonymisePurchases(sql`${unpaidPurchases} and created_at <= ${holdCutoff}`, now, batch))) +
      (await drain(anonymisePurchases(sql`created_at <= ${bookingCutoff}`, now, batch))),
    // Enquiries carry no amounts, so they go entirely. The last contact is never before created_at,
    // so the created_at test lets the index narrow the scan first.
    enquiries: await drain(sql`
      delete from inquiries where id in (
        select id from inquiries
        where created_at <= ${enquiryCutoff}
          and greatest(created_at, coalesce(responded_at, created_at), coalesce(party_booked_at, created_at)) <= ${enquiryCutoff}
        order by created_at limit ${batch} for update skip locked)
      returning id`),
    // Mail still waiting to go out keeps its body; 'kept' mail (no SMTP) counts from when it was written.
    mailBodies: await drain(sql`
      update outbox set text = ${REMOVED_MAIL_BODY}, html = null, attachments = '[]'::jsonb, headers = '{}'::jsonb,
        staff_subject = null,
        staff_text = null, last_error = null, anonymised_at = ${now}
      where id in (
        select id from outbox
        where anonymised_at is null and status in ('sent', 'kept') and created_at <= ${mailCutoff}
          and coalesce(sent_at, created_at) <= ${mailCutoff}
        order by created_at limit ${batch} for update skip locked)
      returning id`),
    parties:
      (await drain(anonymiseParties(sql`status in ('held', 'expired') and created_at <= ${holdCutoff}`, now, batch))) +
      (await drain(anonymiseParties(sql`created_at <= ${bookingCutoff}`, now, batch))),
    partyInvitations: await drain(sql`
      delete from party_invitations where id in (
        select i.id from party_invitations i join party_bookings p on p.id = i.party_id
        where p.party_date <= ${invitationCutoff}::date
        order by p.party_date limit ${batch} for update of i skip locked)
      returning id`),
    giftVouchers:
      (await drain(
        anonymiseGiftVouchers(sql`status = 'pending_payment' and created_at <= ${holdCutoff}`, now, batch),
      )) + (await drain(anonymiseGiftVouchers(sql`expires_on <= ${voucherCutoff}::date`, now, batch))),
    familyProfiles: await drain(deleteIdleProfiles(profileCutoff, batch)),
    memberships:
      (await drain(anonymiseMemberships(sql`status = 'pending' and created_at <= ${holdCutoff}`, now, batch))) +
      (await drain(anonymiseMemberships(sql`status = 'ended' and ended_at <= ${bookingCutoff}`, now, batch))),
  };
  if (Object.values(result).some((n) => n > 0))
    await writeAudit(db, {
      actor: 'system',
      action: 'retention_applied',
      subjectType: 'retention',
      subjectId: now.toISOString().slice(0, 10),
      details: result,
    });
  return result;
}

function anonymiseBookings(where: SQL, now: Date, batch: number): SQL {
  return sql`
    update bookings set customer_name = ${ERASED_TEXT}, customer_email = 'erased+' || id || '@invalid',
      customer_phone = '', special_requests = '', client_address = null, anonymised_at = ${now}
    where id in (
      select id from bookings where anonymised_at is null and ${where}
      order by created_at limit ${batch} for update skip locked)
    returning id`;
}

function anonymisePurchases(where: SQL, now: Date, batch: number): SQL {
  return sql`
    update credit_purchases set customer_name = ${ERASED_TEXT}, customer_email = 'erased+' || id || '@invalid',
      email = 'erased+' || id || '@invalid', customer_phone = '', client_address = null, anonymised_at = ${now}
    where id in (
      select id from credit_purchases where anonymised_at is null and ${where}
      order by created_at limit ${batch} for update skip locked)
    returning id`;
}

/**
 * party_bookings has no anonymised_at column (migration 0027 did not add one): an anonymised party is
 * known by its placeholder address, which no real address can be. Its guests' invitations go with it.
 */
export const partyNotAnonymised = sql.raw(`parent_email not like 'erased+%@invalid'`);

function anonymiseParties(where: SQL, now: Date, batch: number): SQL {
  return sql`
    with claimed as (
      update party_bookings set parent_name = ${ERASED_TEXT}, parent_email = 'erased+' || id || '@invalid',
        parent_phone = '', child_first_name = ${ERASED_TEXT}, dietary_notes = '', staff_notes = '',
        cancel_reason = case when cancel_reason is null then null else ${ERASED_TEXT} end, updated_at = ${now}
      where id in (
        select id from party_bookings where ${partyNotAnonymised} and ${where}
        order by created_at limit ${batch} for update skip locked)
      returning id),
    gone as (delete from party_invitations where party_id in (select id from claimed))
    select id from claimed`;
}

/**
 * Profiles untouched since the cutoff whose family has no visit since it: the profile, its children
 * (cascade) and its agreement acceptances go. A visit is a paid booking's visit date. A family with a live
 * membership (anything but ended) keeps its profile: the membership covers its children (issue 46).
 */
function deleteIdleProfiles(cutoff: Date, batch: number): SQL {
  const cutoffDay = todayInLondon(cutoff);
  return sql`
    with claimed as (
      delete from family_profiles where email in (
        select p.email from family_profiles p
        where p.updated_at <= ${cutoff}
          and not exists (select 1 from bookings b where lower(b.customer_email) = p.email
            and b.status in ('confirmed', 'cancelled', 'refunded') and b.visit_date > ${cutoffDay}::date)
          and not exists (select 1 from memberships m where m.email = p.email and m.status <> 'ended')
        order by p.updated_at limit ${batch} for update skip locked)
      returning email),
    gone as (delete from agreement_acceptances where email in (select email from claimed))
    select email as id from claimed`;
}

/** A voucher still naming someone: erasure may have replaced one side only. */
const voucherNotAnonymised = sql.raw(
  `(buyer_email not like 'erased+%@invalid' or recipient_email not like 'erased+%@invalid')`,
);

/** Names, addresses, the message and the client address go; amounts, dates, status and the ledger stay. */
function anonymiseGiftVouchers(where: SQL, now: Date, batch: number): SQL {
  return sql`
    update gift_vouchers set buyer_name = ${ERASED_TEXT}, buyer_email = 'erased+' || id || '@invalid',
      recipient_name = ${ERASED_TEXT}, recipient_email = 'erased+' || id || '@invalid', message = '',
      client_address = null, updated_at = ${now}
    where id in (
      select id from gift_vouchers where ${voucherNotAnonymised} and ${where}
      order by created_at limit ${batch} for update skip locked)
    returning id`;
}

/**
 * A membership is kept as bookings are, counted from the day it ended (a never-paid one as a hold): then its
 * address goes (the placeholder marks it done). Plan, amounts, periods and status stay for the accounts.
 */
function anonymiseMemberships(where: SQL, now: Date, batch: number): SQL {
  return sql`
    update memberships set email = 'erased+' || id || '@invalid', updated_at = ${now}
    where id in (
      select id from memberships where email not like 'erased+%@invalid' and ${where}
      order by created_at limit ${batch} for update skip locked)
    returning id`;
}
