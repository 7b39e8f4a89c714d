import { and, eq } from 'drizzle-orm';
import { normaliseLoyaltyEmail } from '../../shared/contracts/loyalty';
import { shortDate } from '../../shared/date-text';
import { loyaltyProgramme } from '../../shared/venue';
import type { Db } from '../db/client';
import { bookings, loyaltyLedger, loyaltyMembers } from '../db/schema';

/**
 * History lines name the visit by its date, not its booking reference: the history is readable by anyone
 * who knows the member's e-mail address.
 */
const visitOn = shortDate;
import { appendLedgerEntry, lockMemberByEmail, lockMemberById, pointTotals } from './loyalty-ledger';
import { pointsForBooking } from './points';

/** A booking being confirmed, inside the confirming transaction (`tx`). */
export type BookingConfirmed = {
  tx: Db;
  bookingId: string;
  customerEmail: string;
  customerName: string;
  loyaltyOptIn: boolean;
  paidPence: number;
  visitDate: string;
};

/** A confirmed booking being cancelled or refunded, inside that transaction (`tx`). */
export type BookingRefunded = { tx: Db; bookingId: string };

async function visitDateOf(tx: Db, bookingId: string): Promise<string> {
  const [b] = await tx.select({ visitDate: bookings.visitDate }).from(bookings).where(eq(bookings.id, bookingId));
  return b ? visitOn(b.visitDate) : 'a cancelled visit';
}

/**
 * Called by confirmBooking, inside the confirming transaction: a paid, opted-in booking makes its family a
 * member (with the welcome bonus, once) and earns its points (once per booking: unique index).
 * Free bookings and opted-out ones earn nothing.
 */
export async function awardBookingPoints(event: BookingConfirmed): Promise<void> {
  const { tx } = event;
  if (!event.loyaltyOptIn || event.paidPence <= 0) return;
  const email = normaliseLoyaltyEmail(event.customerEmail);
  // Two first bookings confirming at once: the second insert waits for the first to commit, then does nothing.
  await tx
    .insert(loyaltyMembers)
    .values({ email, name: event.customerName.trim() })
    .onConflictDoNothing({ target: loyaltyMembers.email });
  const member = await lockMemberByEmail(tx, email);
  if (!member) throw new Error(`loyalty member ${email} vanished while awarding points`);
  await appendLedgerEntry(tx, {
    memberId: member.id,
    kind: 'welcome',
    points: loyaltyProgramme.welcomeBonus,
    description: 'Welcome bonus for joining Play Time Rewards',
  });

  const { totalPoints } = await pointTotals(tx, member.id);
  const points = pointsForBooking({
    paidPence: event.paidPence,
    visitDate: event.visitDate,
    totalPointsBefore: totalPoints,
  });
  if (points.total <= 0) return;
  const bonus = points.bonus > 0 ? ` (including ${points.bonus} ${points.tierName} bonus)` : '';
  await appendLedgerEntry(tx, {
    memberId: member.id,
    kind: 'earn',
    points: points.total,
    bookingId: event.bookingId,
    description: `Points for your visit on ${visitOn(event.visitDate)}${bonus}`,
  });
}

/**
 * Called when a confirmed booking is cancelled or refunded at the provider, in that transaction: takes back exactly what that booking earned,
 * once (unique index). The welcome bonus stays: it is for joining, and the member stays a member.
 * The balance may go below zero if the points were already spent; redeeming then waits until it recovers.
 */
export async function reverseBookingPoints(event: BookingRefunded): Promise<void> {
  const { tx } = event;
  const [earned] = await tx
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.bookingId, event.bookingId), eq(loyaltyLedger.kind, 'earn')));
  if (!earned || earned.points <= 0) return;
  await lockMemberById(tx, earned.memberId);
  await appendLedgerEntry(tx, {
    memberId: earned.memberId,
    kind: 'reverse',
    points: -earned.points,
    bookingId: event.bookingId,
    description: `Booking for ${await visitDateOf(tx, event.bookingId)} refunded: points taken back`,
  });
}
