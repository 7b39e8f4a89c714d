import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  allDaySlot,
  type CreateRestrictionResponse,
  type createRestrictionSchema,
} from '../../shared/contracts/admin-calendar';
import { rowsOf, type Db } from '../db/client';
import { sessionRestrictions } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { assertPlannableDate } from './plannable-date';
import { findRestriction } from './restrictions-list';

type Input = z.infer<typeof createRestrictionSchema>;

/**
 * Blocks one session, or the whole day, on a date from today on. Refuses a block that is already
 * there: the same session twice, or a session on a day already blocked whole (a 409). Two staff
 * adding the same block at once are serialised by a per-date advisory lock, so only one is written.
 * From its commit, new bookings see the block (they read the table), and public availability too: at once
 * in this process (the route empties its month cache), within AVAILABILITY_CACHE_MS in the others.
 */
export async function createRestriction(opts: {
  db: Db;
  input: Input;
  actor: string;
  now: Date;
}): Promise<CreateRestrictionResponse> {
  const { db, input, actor, now } = opts;
  assertPlannableDate(input.date, now);
  const sessionId = input.timeSlot === allDaySlot ? null : input.timeSlot;

  return db.transaction(async (tx) => {
    if (sessionId && rowsOf(await tx.execute(sql`select 1 from session_times where id = ${sessionId}`)).length === 0)
      throw new AppError('invalid_input', 'Please fill in date, time slot, and reason.', {
        fields: { timeSlot: ['Unknown session'] },
      });
    const inserted = await insertRestriction(tx, {
      date: input.date,
      sessionId,
      reason: input.reason,
      description: input.description,
      actor,
    });
    if ('clash' in inserted) {
      const message =
        inserted.clash === 'whole_day'
          ? 'That whole day is already blocked.'
          : 'That time slot is already blocked on that date.';
      throw new AppError('already_blocked', message);
    }
    const id = inserted.id;
    await writeAudit(tx, {
      actor,
      action: 'session_blocked',
      subjectType: 'session_restriction',
      subjectId: id,
      details: { date: input.date, sessionId, reason: input.reason },
    });
    // Families already booked into that time keep their booking: staff see how many to contact.
    const [affected] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from bookings where visit_date = ${input.date}::date and places_held
        and (${sessionId}::text is null or session_id is null or session_id = ${sessionId}::text)`),
    );
    const restriction = (await findRestriction(tx, id))!;
    return { success: true, restriction, affectedBookings: affected?.n ?? 0 };
  });
}

/**
 * The one way a block is written, for a single block here and for a closure's dates
 * (catalogue/admin-closures.ts): in the caller's transaction, under a per-date advisory lock so two staff
 * adding the same block at once write it once. A block already there (the same session, or the whole day)
 * is not written again: the caller says whether that is a 409 or a date to skip.
 */
export async function insertRestriction(
  tx: Db,
  block: { date: string; sessionId: string | null; reason: string; description: string; actor: string },
): Promise<{ id: string } | { clash: 'whole_day' | 'session' }> {
  const { date, sessionId } = block;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`session_restrictions:${date}`}))`);
  const [clash] = rowsOf<{ session_id: string | null }>(
    await tx.execute(sql`select session_id from session_restrictions where date = ${date}::date
      and (session_id is null or session_id is not distinct from ${sessionId}::text) order by session_id nulls first limit 1`),
  );
  if (clash) return { clash: clash.session_id === null ? 'whole_day' : 'session' };
  const [row] = await tx
    .insert(sessionRestrictions)
    .values({ date, sessionId, reason: block.reason, description: block.description, createdBy: block.actor })
    .returning({ id: sessionRestrictions.id });
  return { id: row!.id };
}
