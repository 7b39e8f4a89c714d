import type { z } from 'zod';
import type { createBookingSchema } from '../../shared/contracts/booking';
import { normaliseCreditEmail } from '../../shared/contracts/credits';
import { isWeekend, isWithinBookableRange } from '../../shared/dates';
import { formatPence } from '../../shared/money';
import { creditTicketOf } from '../../shared/visit-rules';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { isGiftVoucherCode } from '../gift-vouchers/booking-gift-voucher';
import { AppError } from '../http/errors';
import { findBookingVoucher } from '../loyalty/booking-vouchers';
import { checkNamedChildren } from './booking-children';
import { loadBookingInputs } from './booking-inputs';
import { priceOrder } from './pricing';
import { isStillBookable } from './visit-time';

export type BookingInput = z.infer<typeof createBookingSchema>;

/** A booking request checked before its transaction: the slot, the priced order and what may pay for it. */
export type BookingRequest = BookingSlot & PricedRequest;
type BookingSlot = Awaited<ReturnType<typeof readSlot>>;
type PricedRequest = Awaited<ReturnType<typeof priceRequest>>;

/**
 * Everything createBooking checks before it takes a lock, in the order it always has: the date and session,
 * the priced order and the named children, the voucher asked for, the client's total (where it can be checked
 * without the credits), and last whether staff blocked the slot.
 */
export async function readBookingRequest(
  db: Db,
  input: BookingInput,
  now: Date,
  opts: { creditsAllowed: boolean; mayUseCover: boolean },
): Promise<BookingRequest> {
  const slot = await readSlot(db, input, now);
  const priced = await priceRequest(db, input, slot, opts);
  if (slot.blocked)
    throw new AppError(
      'session_unavailable',
      'Sorry, that time is not available for booking. Please choose another date or time.',
    );
  return { ...slot, ...priced };
}

/** The visit date and session: in range, known, sold that way, still open; and the inputs priced from them. */
async function readSlot(db: Db, input: BookingInput, now: Date) {
  const date = input.selectedDate;
  const sessionId = input.selectedTime ? input.selectedTime : null;
  const weekend = isWeekend(date);
  if (!isWithinBookableRange(date, now))
    throw new AppError('date_out_of_range', 'Please choose a date from today up to one month ahead.', {
      fields: { selectedDate: ['Please choose a date from today up to one month ahead'] },
    });
  const creditEmail = normaliseCreditEmail(input.customerEmail);
  const inputs = await loadBookingInputs(db, date, sessionId, creditEmail);
  if (sessionId && !inputs.sessionIds.includes(sessionId))
    throw new AppError('invalid_input', 'Please choose a session time.', {
      fields: { selectedTime: ['Unknown session'] },
    });
  if (!sessionId && weekend)
    throw new AppError('session_required', 'Please choose a session time: weekends are sold as 2-hour sessions.', {
      fields: { selectedTime: ['Please choose a session time'] },
    });
  const catalogue = await publicCatalogue(db, now);
  if (!isStillBookable(date, sessionId, now, catalogue))
    throw new AppError(
      'session_closed',
      'Booking for that time has closed. Please choose a later session or another day.',
      { fields: { selectedTime: ['Booking for that time has closed'] } },
    );
  const { types, sessionIds: allIds, sessionLabels, blocked, hasCreditAccount, bandId } = inputs;
  return {
    date,
    sessionId,
    weekend,
    creditEmail,
    types,
    allIds,
    sessionLabels,
    blocked,
    hasCreditAccount,
    bandId,
    catalogue,
  };
}

/** The order priced by the server, the children named, the voucher asked for, and the first check of the client's total. */
async function priceRequest(
  db: Db,
  input: BookingInput,
  slot: BookingSlot,
  opts: { creditsAllowed: boolean; mayUseCover: boolean },
) {
  const { types, weekend, sessionId, sessionLabels } = slot;
  const order = priceOrder(input.ticketQuantities, types, { weekend, sessionId, sessionLabels });
  const childIds = checkNamedChildren({
    childIds: input.childIds ?? [],
    creditsAllowed: opts.creditsAllowed,
    order,
    types,
  });
  // Session credits pay for child 1-12 tickets, one credit each (SPEC.md section 9): the catalogue's credit ticket.
  const creditTicketTypeId = creditTicketOf(types)?.id;
  const creditable = order.lines.find((l) => l.ticketTypeId === creditTicketTypeId);
  const creditUnitPence = creditable ? creditable.unitPricePence + creditable.unitFeePence : 0;
  // The client's total is a hint (DECISIONS.md): the total before credits (what the booking page shows) or
  // after them both match; the second can only be checked once the credits are locked, in the transaction.
  const mismatch = () =>
    new AppError(
      'total_mismatch',
      `Prices have changed: your tickets now come to ${formatPence(order.totalPence)}, not ${formatPence(input.totalAmount)}. Please check your order and try again.`,
    );
  const hintBeforeCredits = order.totalPence === input.totalAmount;
  // The voucherCode field takes a gift voucher's code too: it pays what is left after credits (locked in the transaction).
  const giftCode = input.voucherCode && isGiftVoucherCode(input.voucherCode) ? input.voucherCode : null;
  // A loyalty voucher: what kind it is (looked up without a lock); a free session takes one child ticket before credits do.
  const voucherRequest = input.voucherCode && !giftCode ? await findBookingVoucher(db, input.voucherCode) : null;
  if (voucherRequest?.freeChildTickets && !creditable)
    throw new AppError(
      'voucher_needs_child',
      'This voucher is for one child (1-12 years) ticket. Please add one to use it.',
      { fields: { voucherCode: ['Add a child (1-12 years) ticket to use this voucher'] } },
    );
  const freeChildren = Math.min(voucherRequest?.freeChildTickets ?? 0, creditable?.quantity ?? 0);
  // A membership may pay for the named children's places: known only under its lock, so checked in the transaction.
  const mayBeCovered = childIds.length > 0 && opts.mayUseCover;
  if (
    !hintBeforeCredits &&
    !mayBeCovered &&
    !voucherRequest &&
    !giftCode &&
    !(
      creditable &&
      input.totalAmount < order.totalPence &&
      (order.totalPence - input.totalAmount) % creditUnitPence === 0
    )
  )
    throw mismatch();
  return {
    order,
    childIds,
    creditable,
    creditUnitPence,
    mismatch,
    hintBeforeCredits,
    giftCode,
    voucherRequest,
    freeChildren,
    mayBeCovered,
  };
}
