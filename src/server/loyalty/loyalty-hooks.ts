import type { AppContext } from '../context';
import { awardBookingPoints, reverseBookingPoints } from './booking-points';

/** Points are earned and taken back inside the booking's own transactions (booking-hooks.ts). */
export function registerLoyaltyHooks(ctx: Pick<AppContext, 'bookingHooks'>): void {
  ctx.bookingHooks.on('bookingConfirmed', awardBookingPoints);
  ctx.bookingHooks.on('bookingRefunded', reverseBookingPoints);
}
