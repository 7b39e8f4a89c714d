import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, todayInLondon } from '../../shared/dates';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { rowsOf, type Db } from '../db/client';
import { myBookingsUrl } from '../families/my-bookings-link';
import { loggableError } from '../http/loggable-error';
import { waitForRun } from '../jobs/wait-for-run';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { loadBookingDetails } from './booking-details';
import { reminderKey, reminderMail } from './booking-mails';
import { cancelUrl } from './confirm-booking';
import { venueInstant } from './visit-time';

/** Reminders for tomorrow's visits go from this time of day at the venue (Europe/London). */
export const REMINDER_TIME = '17:00';

const idsOf = (result: unknown) => rowsOf<{ id: string }>(result).map((r) => r.id);

/**
 * One pass (DECISIONS.md "Running the day"): from 17:00 London time, every confirmed booking for tomorrow
 * (London) without a reminder gets one. Every process runs it, at the same time if it happens so: each batch
 * is one short transaction that claims at most `batch` bookings with FOR UPDATE SKIP LOCKED, and only
 * bookings whose reminder is not in the outbox yet qualify, so a booking is never reminded twice (the
 * outbox's unique dedupe key is the backstop). A booking being cancelled at that moment holds its row lock
 * and is skipped: the next run finds it cancelled. Cancelled, refunded, pending and failed bookings get none;
 * a booking confirmed after 17:00 for tomorrow gets its reminder on the next run.
 */
export async function sendVisitReminders(opts: {
  db: Db;
  now: Date;
  publicUrl: string;
  batch?: number;
}): Promise<{ queued: number }> {
  const { db, now, publicUrl } = opts;
  const batch = opts.batch ?? 50;
  const today = todayInLondon(now);
  if (now.getTime() < venueInstant(today, REMINDER_TIME).getTime()) return { queued: 0 };
  const tomorrow = addDays(today, 1);
  const secret = await getAppSecret(db);
  // Read once a run, outside the batches' transactions: the reminders show the venue as it is now.
  const catalogue = await publicCatalogue(db, now);
  let queued = 0;
  // Keyset over ids, so rows another process holds are passed over rather than waited for or asked again.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { claimed, due } = await db.transaction(async (tx) => {
      const claimed = idsOf(
        await tx.execute(sql`
          select b.id from bookings b
          where b.visit_date = ${tomorrow}::date and b.status = 'confirmed' and b.id > ${after}::uuid
            and not exists (select 1 from outbox o where o.dedupe_key = ${reminderKey('')} || b.id::text)
          order by b.id limit ${batch} for update of b skip locked`),
      );
      // Asked again now the rows are ours: the claim's snapshot may predate another process's commit
      // of the same reminders (it held these rows and let go as it committed), this statement's does not.
      const due = claimed.length
        ? idsOf(
            await tx.execute(sql`
              select b.id from bookings b
              where b.id in (${sql.join(
                claimed.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) and b.status = 'confirmed'
                and not exists (select 1 from outbox o where o.dedupe_key = ${reminderKey('')} || b.id::text)`),
          )
        : [];
      for (const id of due) {
        const details = await loadBookingDetails(tx, id);
        if (!details) continue;
        await enqueueMail(
          tx,
          await reminderMail(details, {
            cancelUrl: cancelUrl(publicUrl, secret, id),
            myBookingsUrl: myBookingsUrl(publicUrl, secret, id),
            catalogue,
          }),
        );
      }
      return { claimed, due };
    });
    queued += due.length;
    if (claimed.length < batch) return { queued };
    after = claimed[claimed.length - 1]!;
  }
}

/**
 * Runs the reminders every REMINDER_INTERVAL_MS (a few minutes, so they go out soon after 17:00 and a late
 * booking for tomorrow is caught), never twice at once in one process; the clock is ctx.now, so tests move it.
 */
export function createReminderJob(ctx: AppContext, log: FastifyBaseLogger) {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const runOnce = () => {
    if (stopped) return running;
    running ??= sendVisitReminders({ db: ctx.db, now: ctx.now(), publicUrl: publicUrlOf(ctx) })
      .then(({ queued }) => {
        if (queued === 0) return;
        log.info({ reminders: queued }, 'visit reminders queued');
        ctx.wakeMailer();
      })
      .catch((err) => log.warn({ err: loggableError(err) }, 'visit reminders failed; will retry at the next run'))
      .finally(() => {
        running = null;
        ctx.jobs.ran('visit reminders', ctx.now());
      });
    return running;
  };
  return {
    runOnce,
    start: () => {
      ctx.jobs.expect('visit reminders', ctx.config.REMINDER_INTERVAL_MS, ctx.now());
      timer = setInterval(runOnce, ctx.config.REMINDER_INTERVAL_MS);
      timer.unref();
    },
    /** No new runs; the one in progress finishes its batch, within JOB_STOP_WAIT_MS. */
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await waitForRun(running, 'visit reminders', log);
    },
  };
}
