import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  capacityBelowTakenMessage,
  type SetSessionCapacityResponse,
  type setSessionCapacitySchema,
} from '../../shared/contracts/session-capacity';
import { rowsOf, type Db } from '../db/client';
import { lockOccupancy } from '../bookings/capacity';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { assertPlannableDate } from './plannable-date';
import { readSessionCapacities } from './capacity-read';

type Input = z.infer<typeof setSessionCapacitySchema>;

/**
 * Sets one session's capacity on one date (DECISIONS.md "Running the day"), never below the places
 * already taken. It takes the row lock every booking takes (the date's occupancy row, created with the
 * session's usual capacity if nobody has booked yet, then locked FOR UPDATE), so a hold being placed
 * at the same moment either commits first and is counted in `taken` here, or waits and then checks
 * its places against the new capacity: neither can oversell. Only this one row is locked, so it
 * cannot deadlock with a booking locking the day's rows in id order. Audited with the staff member in
 * the same transaction; an unchanged capacity writes nothing.
 */
export async function setSessionCapacity(opts: {
  db: Db;
  input: Input;
  actor: string;
  now: Date;
}): Promise<SetSessionCapacityResponse> {
  const { db, input, actor, now } = opts;
  assertPlannableDate(input.date, now);

  return db.transaction(async (tx) => {
    const [session] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from session_times where id = ${input.sessionId}`),
    );
    if (!session) throw new AppError('not_found', 'That session does not exist. Please refresh the page.');
    const [row] = await lockOccupancy(tx, input.date, [input.sessionId]);
    const { capacity: previousCapacity, taken } = row!;
    if (input.capacity < taken) {
      const message = capacityBelowTakenMessage(taken);
      throw new AppError('capacity_below_taken', message, { fields: { capacity: [message] } });
    }
    if (input.capacity !== previousCapacity) {
      await tx.execute(sql`update session_occupancy set capacity = ${input.capacity}
        where visit_date = ${input.date}::date and session_id = ${input.sessionId}`);
      await writeAudit(tx, {
        actor,
        action: 'session_capacity_changed',
        subjectType: 'session_occupancy',
        subjectId: `${input.date}:${input.sessionId}`,
        details: { date: input.date, sessionId: input.sessionId, from: previousCapacity, to: input.capacity, taken },
      });
    }
    const [dto] = await readSessionCapacities(tx, input.date, input.sessionId);
    return { success: true, date: input.date, previousCapacity, session: dto! };
  });
}
