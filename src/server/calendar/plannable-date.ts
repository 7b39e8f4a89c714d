import { addDays, todayInLondon } from '../../shared/dates';
import { AppError } from '../http/errors';

/** Far enough for any plan staff make; stops a typo like 2206 from sitting in the tables for ever. */
const MAX_DAYS_AHEAD = 2 * 366;

/** Staff plan blocks and capacities from today (London) up to two years ahead; anything else is a 400. */
export function assertPlannableDate(date: string, now: Date): void {
  const today = todayInLondon(now);
  if (date < today)
    throw new AppError('date_in_past', 'Please choose today or a later date.', {
      fields: { date: ['Please choose today or a later date.'] },
    });
  if (date > addDays(today, MAX_DAYS_AHEAD))
    throw new AppError('date_too_far', 'Please choose a date within the next two years.', {
      fields: { date: ['Please choose a date within the next two years.'] },
    });
}
