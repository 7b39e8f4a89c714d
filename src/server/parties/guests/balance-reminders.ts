import { inArray, sql } from 'drizzle-orm';
import { addDays, todayInLondon } from '../../../shared/dates';
import { venueInstant } from '../../bookings/visit-time';
import { catalogueOf } from '../../catalogue/catalogue-store';
import { publicUrlOf } from '../../config';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/client';
import { partyBookings } from '../../db/schema';
import { enqueueMail } from '../../mail/enqueue-mail';
import { getAppSecret } from '../../security/app-secret';
import { manageLinkFor } from '../party-access';
import { balanceReminderMail } from './guest-mails';
import { balanceDueDateOf } from '../party-rules';
import { partyFactsOf } from './party-facts';

/** Balance reminders go from this time of day at the venue (Europe/London), not in the small hours. */
export const BALANCE_REMINDER_TIME = '09:00';

/**
 * The two reminders (DECISIONS.md "Parties online": the balance is due 7 days before). Each has a window of
 * days before the party in which it goes, so a day the job did not run is caught up the next, and only a
 * party booked before its reminder's day gets it (a family booking 10 days ahead has just been told).
 */
const reminders = [
  { daysBefore: 14, window: [9, 14], column: sql.raw('balance_reminder_14_at') },
  { daysBefore: 8, window: [7, 8], column: sql.raw('balance_reminder_8_at') },
] as const;

/**
 * One pass: every confirmed party with a balance still to pay and a reminder due gets it, once. Every
 * process runs it, at the same time if it happens so: each batch is one short transaction whose UPDATE
 * claims at most `batch` parties with FOR UPDATE SKIP LOCKED, stamps the reminder's column and enqueues
 * the mails in that same transaction, so the stamp and the mail exist together or not at all. The UPDATE
 * re-checks the stamp on the row it locked, and the outbox's dedupe key is the backstop.
 */
export async function sendPartyBalanceReminders(opts: {
  db: Db;
  now: Date;
  publicUrl: string;
  batch?: number;
}): Promise<{ queued: number }> {
  const { db, now } = opts;
  const batch = opts.batch ?? 50;
  const today = todayInLondon(now);
  if (now.getTime() < venueInstant(today, BALANCE_REMINDER_TIME).getTime()) return { queued: 0 };
  const secret = await getAppSecret(db);
  // Read once a run, outside the batches' transactions: the mails show the venue as it is now.
  const catalogue = await catalogueOf(db);
  let queued = 0;
  for (const r of reminders) {
    const [nearest, farthest] = r.window;
    for (;;) {
      const claimed = await db.transaction(async (tx) => {
        const ids = rowsOf<{ id: string }>(
          await tx.execute(sql`
            update party_bookings set ${r.column} = ${now}
            where id in (
              select id from party_bookings
              where status = 'confirmed' and paid_pence < total_pence and ${r.column} is null
                and party_date between ${addDays(today, nearest)}::date and ${addDays(today, farthest)}::date
                and (created_at at time zone 'Europe/London')::date < party_date - ${r.daysBefore}::int
              order by party_date, id limit ${batch} for update skip locked)
            and ${r.column} is null and status = 'confirmed'
            returning id`),
        ).map((row) => row.id);
        if (!ids.length) return 0;
        const parties = await tx.select().from(partyBookings).where(inArray(partyBookings.id, ids));
        for (const party of parties)
          await enqueueMail(
            tx,
            balanceReminderMail({
              party,
              daysBefore: r.daysBefore,
              balancePence: party.totalPence - party.paidPence,
              dueDate: balanceDueDateOf(party.partyDate),
              facts: partyFactsOf(catalogue, party),
              manageLink: manageLinkFor(opts.publicUrl, secret, party.id),
            }),
          );
        return ids.length;
      });
      queued += claimed;
      if (claimed < batch) break;
    }
  }
  return { queued };
}

/** One run of the job (app.ts runs it every REMINDER_INTERVAL_MS): wakes the mailer when mail was queued. */
export async function runPartyBalanceReminders(ctx: AppContext): Promise<{ queued: number }> {
  const result = await sendPartyBalanceReminders({ db: ctx.db, now: ctx.now(), publicUrl: publicUrlOf(ctx) });
  if (result.queued > 0) ctx.wakeMailer();
  return result;
}
