import { asc, eq } from 'drizzle-orm';
import type { PartyFoodOption } from '../../../shared/catalogue';
import type { StaffPartySheet } from '../../../shared/contracts/admin-parties';
import { catalogueOf } from '../../catalogue/catalogue-store';
import type { Db } from '../../db/client';
import { partyInvitations, payments } from '../../db/schema';
import { depositRuleOn } from '../party-rules';
import { findParty } from '../party-view';
import { staffSummaryOf } from './party-names';

type FoodOption = PartyFoodOption;

/** Each chosen food option counted, in the menu's order, with its allergens; unknown ids counted by their id. */
export function foodCounts(choices: readonly string[], options: readonly FoodOption[]) {
  const counts = new Map<string, number>();
  for (const c of choices) counts.set(c, (counts.get(c) ?? 0) + 1);
  const known = options
    .filter((o) => counts.has(o.id))
    .map((o) => ({ optionId: o.id, name: o.name, count: counts.get(o.id)!, allergens: o.allergens }));
  const unknown = [...counts.keys()]
    .filter((id) => !options.some((o) => o.id === id))
    .map((id) => ({ optionId: id, name: id, count: counts.get(id)!, allergens: [] }));
  return [...known, ...unknown];
}

/**
 * The party sheet staff print (issue 28): package and numbers, RSVPs with the guests' children's first
 * names and allergies (staff need them to run the party; guests never see each other's), food counted
 * with allergens, notes, what is paid and due, the payments, and what the deposit rule says today.
 */
export async function partySheet(db: Db, id: string, now: Date): Promise<StaffPartySheet> {
  const row = await findParty(db, id, { lock: false });
  const catalogue = await catalogueOf(db);
  const invitations = await db
    .select()
    .from(partyInvitations)
    .where(eq(partyInvitations.partyId, row.id))
    .orderBy(asc(partyInvitations.sentAt));
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.partyBookingId, row.id))
    .orderBy(asc(payments.createdAt));
  const answered = invitations.filter((i) => i.rsvp !== null);
  const live = row.status === 'held' || row.status === 'confirmed';
  return {
    ...staffSummaryOf(catalogue, row, now),
    parentEmail: row.parentEmail,
    lines: row.priceLines as StaffPartySheet['lines'],
    depositPence: row.depositPence,
    holdExpiresAt: row.status === 'held' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    rsvp: {
      invited: invitations.length,
      coming: answered.filter((i) => i.rsvp === 'coming').length,
      notComing: answered.filter((i) => i.rsvp === 'not_coming').length,
      noAnswer: invitations.length - answered.length,
    },
    guests: answered.map((i) => ({
      firstName: i.guestChildFirstName ?? '',
      rsvp: i.rsvp!,
      allergies: i.allergies ?? '',
    })),
    food: foodCounts(row.foodChoices as string[], catalogue.partyBooking.value.foodOptions),
    dietaryNotes: row.dietaryNotes,
    staffNotes: row.staffNotes,
    payments: paid.map((p) => ({
      id: p.id,
      purpose: p.purpose,
      amountPence: p.amountPence,
      status: p.status,
      refundStatus: p.refundStatus,
      refundPence: p.refundPence,
      createdAt: p.createdAt.toISOString(),
    })),
    depositRuleNow: !live || row.paidPence === 0 ? 'none' : depositRuleOn(row.partyDate, now),
    depositOutcome: row.depositOutcome,
    cancelReason: row.cancelReason,
    version: row.version,
  };
}
