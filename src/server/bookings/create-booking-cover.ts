import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import type { BookingRequest } from './create-booking-inputs';
import { coverValue, noCover, type CoverMembers, type MemberCover } from './member-cover';

/** A member's walk-in that the membership does not pay for in full (checked under the membership's lock). */
export const notCovered = () =>
  new AppError('not_covered', 'Your membership does not cover a visit now. Please ask at the desk.');

export type BookingCover = { cover: MemberCover; covered: ReturnType<typeof coverValue> };

/**
 * What a membership pays for on this booking (memberships/, composed in app.ts): the places it pays for are
 * neither paid nor taken from credits. Asked in the transaction after the pending-payment cap and before the
 * credit account, since the membership's row is locked. A member's walk-in must be paid for in full.
 */
export async function coverBooking(
  tx: Db,
  request: BookingRequest,
  opts: { coverMembers?: CoverMembers; memberOnly: boolean; now: Date },
): Promise<BookingCover> {
  const { order, types } = request;
  const cover =
    request.mayBeCovered && opts.coverMembers
      ? await opts.coverMembers(tx, {
          email: request.creditEmail,
          childIds: request.childIds,
          visitDate: request.date,
          bandId: request.bandId,
          order,
          adultTicketTypeIds: types.filter((t) => !t.isChild).map((t) => t.id),
          now: opts.now,
        })
      : noCover;
  const covered = coverValue(order, cover);
  if (opts.memberOnly && covered.pence < order.totalPence) throw notCovered();
  return { cover, covered };
}
