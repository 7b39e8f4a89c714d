import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { allDayLabel } from '../../shared/contracts/admin-calendar';
import type { AffectedBooking, ClosureResponse, closureSchema } from '../../shared/contracts/catalogue';
import { addDays, datesBetween, todayInLondon } from '../../shared/dates';
import { insertRestriction } from './restrictions-create';
import { rowsOf, type Db } from '../db/client';
import { sessionTimes } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { invalidateCatalogue } from '../catalogue/catalogue-store';

/** As far ahead as the Booking Calendar plans (calendar/plannable-date.ts). */
const MAX_DAYS_AHEAD = 2 * 366;

/**
 * Closes a date or a range, whole days or one session, with a reason families see on the calendar
 * (DECISIONS.md "The venue owns its catalogue"). A closure is the Booking Calendar's blocks, one per date,
 * written the same way (insertRestriction): a date already blocked so is skipped. Bookings are never
 * touched here: the paid ones it affects are answered, for staff to cancel with a full refund and an
 * apology (admin-closure-cancel.ts) or to contact.
 */
export async function createClosure(opts: {
  db: Db;
  input: z.infer<typeof closureSchema>;
  actor: string;
  now: Date;
}): Promise<ClosureResponse> {
  const { input, actor } = opts;
  const sessionId = input.sessionId ?? null;
  const today = todayInLondon(opts.now);
  if (input.from < today)
    throw new AppError('date_in_past', 'Please choose today or a later date.', {
      fields: { from: ['Please choose today or a later date.'] },
    });
  if (input.to > addDays(today, MAX_DAYS_AHEAD))
    throw new AppError('date_too_far', 'Please choose a date within the next two years.', {
      fields: { to: ['Please choose a date within the next two years.'] },
    });
  const result = await opts.db.transaction(async (tx) => {
    if (sessionId) {
      const [known] = await tx.select({ id: sessionTimes.id }).from(sessionTimes).where(eq(sessionTimes.id, sessionId));
      if (!known)
        throw new AppError('invalid_input', 'There is no such session.', {
          fields: { sessionId: ['Unknown session'] },
        });
    }
    const closed: string[] = [];
    const ids: string[] = [];
    for (const date of datesBetween(input.from, input.to)) {
      const block = { date, sessionId, reason: input.reason, description: '', actor };
      const inserted = await insertRestriction(tx, block);
      if ('id' in inserted) {
        closed.push(date);
        ids.push(inserted.id);
      }
    }
    await writeAudit(tx, {
      actor,
      action: 'catalogue.closure_created',
      subjectType: 'closure',
      subjectId: ids[0] ?? `${input.from}/${input.to}`,
      details: { before: null, after: { ...input, sessionId, closedDates: closed } },
    });
    return { closedDays: closed.length, affectedBookings: await paidBookingsIn(tx, input.from, input.to, sessionId) };
  });
  // Committed: this process's public calendar (which registered with the store) shows the closure at once.
  invalidateCatalogue(opts.db);
  return result;
}

/** Paid bookings in the dates (and session: an all-day ticket is in every session) of a closure. */
async function paidBookingsIn(tx: Db, from: string, to: string, sessionId: string | null): Promise<AffectedBooking[]> {
  const rows = rowsOf<AffectedBooking>(
    await tx.execute(sql`select b.id, b.reference, b.customer_name as "customerName",
        to_char(b.visit_date, 'YYYY-MM-DD') as "visitDate", coalesce(s.label, ${allDayLabel}) as "sessionLabel",
        b.final_pence as "paidPence"
      from bookings b left join session_times s on s.id = b.session_id
      where b.visit_date between ${from}::date and ${to}::date and b.status in ('confirmed', 'processing')
        and (${sessionId}::text is null or b.session_id is null or b.session_id = ${sessionId}::text)
      order by b.visit_date, s.sort nulls first, b.created_at`),
  );
  return rows;
}
