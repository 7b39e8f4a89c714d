import type { WaitingListJoinInput } from '../../shared/contracts/waiting-list';
import { isWeekend, isWithinBookableRange } from '../../shared/dates';
import { sessionsCounted } from '../bookings/capacity';
import { allSessionIds } from '../bookings/places';
import { isStillBookable } from '../bookings/visit-time';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { waitingListEntries } from '../db/schema';
import { AppError } from '../http/errors';
import { canStillOffer } from './offer-expiry';
import { placesLeft } from './waiting-list-rows';

/**
 * POST /api/waiting-list: the signed-in family (its proven, normalised address) waits for `places` in a
 * date and session that has not room for them. One live entry per family, date and session: the unique
 * index decides, so two joins at once make one entry.
 */
export async function joinWaitingList(opts: {
  db: Db;
  email: string;
  input: WaitingListJoinInput;
  now: Date;
}): Promise<{ id: string }> {
  const { db, email, input, now } = opts;
  const { date, sessionId, places } = input;
  if (!isWithinBookableRange(date, now))
    throw new AppError('date_out_of_range', 'Please choose a date from today up to one month ahead.', {
      fields: { date: ['Please choose a date from today up to one month ahead'] },
    });
  const allIds = await allSessionIds(db);
  if (sessionId && !allIds.includes(sessionId))
    throw new AppError('invalid_input', 'Please choose a session time.', {
      fields: { sessionId: ['Unknown session'] },
    });
  if (!sessionId && isWeekend(date))
    throw new AppError('session_required', 'Please choose a session time: weekends are sold as 2-hour sessions.', {
      fields: { sessionId: ['Please choose a session time'] },
    });
  const catalogue = await publicCatalogue(db, now);
  if (!isStillBookable(date, sessionId, now, catalogue))
    throw new AppError(
      'session_closed',
      'Booking for that time has closed. Please choose a later session or another day.',
    );
  // A place that comes up this close to the start is not offered (offer-expiry.ts): waiting would be in vain.
  if (!canStillOffer({ date, sessionId, now, clock: catalogue }))
    throw new AppError(
      'session_closed',
      'That session starts too soon for the waiting list, as we could not offer you a place in time. Please choose a later session or another day.',
    );
  const left = await placesLeft(db, date, sessionsCounted(sessionId, allIds));
  if (left >= places)
    throw new AppError(
      'waiting_list_not_full',
      `There ${left === 1 ? 'is 1 place' : `are ${left} places`} left in that session: you can book now.`,
    );
  const [row] = await db
    .insert(waitingListEntries)
    .values({ email, visitDate: date, sessionId, places, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: waitingListEntries.id });
  if (!row)
    throw new AppError(
      'waiting_list_duplicate',
      'You are already on the waiting list for that session. You can see it in My Bookings.',
    );
  return row;
}
