import { longDayMonth } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import { AppError } from '../http/errors';

/** SPEC.md section 8 "Used ticket". */
export const alreadyUsed = () =>
  new AppError(
    'already_checked_in',
    'Ticket Already Used: this ticket has already been checked in and cannot be reused for security reasons.',
  );

export const ticketNotFound = () =>
  new AppError('ticket_not_found', 'We could not find that ticket. Please search again or ask a member of staff.');

/**
 * Why a booking cannot come in today, if it cannot: cancelled, not paid, or another day. Told at check-in,
 * and at a scan, to whoever holds the ticket (a search by name or reference shows only today's paid ones).
 */
export function refuseUnlessPaidToday(b: { status: string; visitDate: string }, now: Date): void {
  if (b.status === 'cancelled' || b.status === 'refunded')
    throw new AppError('cancelled', 'This booking was cancelled. Please ask a member of staff.');
  if (b.status !== 'confirmed')
    throw new AppError('unpaid', 'This booking has not been paid. Please ask a member of staff.');
  if (b.visitDate !== todayInLondon(now)) {
    const day = longDayMonth(b.visitDate);
    throw new AppError('wrong_day', `This ticket is for ${day}, not today. Please ask a member of staff.`);
  }
}
