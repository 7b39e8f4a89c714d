import { and, desc, inArray, sql } from 'drizzle-orm';
import type { FamilyPartiesResponse, FamilyPartySummary } from '../../../shared/contracts/party-booking';
import { todayInLondon } from '../../../shared/dates';
import { catalogueOf } from '../../catalogue/catalogue-store';
import { rowsOf, type Db } from '../../db/client';
import { partyBookings } from '../../db/schema';
import { manageTokenFor } from '../party-access';
import { balanceDueDateOf } from '../party-rules';
import { partyFactsOf } from './party-facts';

/** Holds that never became a sale are not the family's parties (as with bookings). */
const shownStatuses = ['confirmed', 'cancelled'] as const;
const MAX_PARTIES = 100;

type Counts = { sent: number; coming: number; notComing: number };

/** The reply counts of some parties, by party id (one grouped read). */
export async function rsvpCounts(db: Db, partyIds: string[]): Promise<Map<string, Counts>> {
  if (!partyIds.length) return new Map();
  const rows = rowsOf<{ partyId: string; sent: number; coming: number; notComing: number }>(
    await db.execute(sql`
      select party_id as "partyId", count(*)::int as sent,
        count(*) filter (where rsvp = 'coming')::int as coming,
        count(*) filter (where rsvp = 'not_coming')::int as "notComing"
      from party_invitations
      where party_id in (${sql.join(
        partyIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by party_id`),
  );
  return new Map(
    rows.map((r) => [r.partyId, { sent: Number(r.sent), coming: Number(r.coming), notComing: Number(r.notComing) }]),
  );
}

/**
 * GET /api/family/parties (party_bookings_email_idx is on lower(parent_email); the session's address is
 * normalised): the family's parties for My Bookings, each with the manage token the party page needs, as
 * the session proves the address the token would be mailed to.
 */
export async function listFamilyParties(
  db: Db,
  opts: { email: string; secret: string; now: Date },
): Promise<FamilyPartiesResponse> {
  const rows = await db
    .select()
    .from(partyBookings)
    .where(
      and(sql`lower(${partyBookings.parentEmail}) = ${opts.email}`, inArray(partyBookings.status, [...shownStatuses])),
    )
    .orderBy(desc(partyBookings.partyDate), desc(partyBookings.createdAt))
    .limit(MAX_PARTIES);
  const counts = await rsvpCounts(
    db,
    rows.map((r) => r.id),
  );
  const catalogue = await catalogueOf(db);
  const today = todayInLondon(opts.now);
  const upcoming: FamilyPartySummary[] = [];
  const past: FamilyPartySummary[] = [];
  for (const r of rows) {
    const facts = partyFactsOf(catalogue, r);
    const summary: FamilyPartySummary = {
      id: r.id,
      reference: r.reference,
      date: r.partyDate,
      slotLabel: facts.slotLabel,
      packageName: facts.packageName,
      status: r.status,
      totalPence: r.totalPence,
      balancePence: r.status === 'confirmed' ? Math.max(0, r.totalPence - r.paidPence) : 0,
      balanceDueDate: balanceDueDateOf(r.partyDate),
      invitations: counts.get(r.id) ?? { sent: 0, coming: 0, notComing: 0 },
      manageToken: manageTokenFor(opts.secret, r.id),
    };
    (r.partyDate >= today ? upcoming : past).push(summary);
  }
  upcoming.reverse();
  return { upcoming, past };
}
