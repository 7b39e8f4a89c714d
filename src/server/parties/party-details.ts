import { sql } from 'drizzle-orm';
import type { FamilyPartyView } from '../../shared/contracts/party-booking';
import { rowsOf, type Db } from '../db/client';
import type { partyBookings } from '../db/schema';
import type { PartyPriceLine } from './party-price';
import { balanceDueDateOf } from './party-rules';
import { partyNames, type PartyCatalogue } from '../catalogue/party-settings';

type Row = typeof partyBookings.$inferSelect;

/** A party with the catalogue's names for its slot, room and package: what the mails and the family's page show. */
export type PartyDetails = {
  id: string;
  reference: string;
  status: Row['status'];
  date: string;
  slot: { label: string; start: string; end: string };
  roomName: string;
  packageName: string;
  children: number;
  childFirstName: string;
  childAge: number;
  parentName: string;
  parentEmail: string;
  lines: PartyPriceLine[];
  totalPence: number;
  depositPence: number;
  paidPence: number;
  balanceDueDate: string;
};

export function partyDetailsOf(row: Row, catalogue: PartyCatalogue): PartyDetails {
  const slot = catalogue.partyBooking.value.slots.find((s) => s.id === row.slotId);
  const { roomName, packageName } = partyNames(catalogue, row);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    date: row.partyDate,
    // A slot or room renamed or removed since: the party keeps its times and says what it can.
    slot: slot ?? { label: row.slotId, start: '00:00', end: '00:00' },
    roomName,
    packageName,
    children: row.children,
    childFirstName: row.childFirstName,
    childAge: row.childAge,
    parentName: row.parentName,
    parentEmail: row.parentEmail,
    lines: row.priceLines as PartyPriceLine[],
    totalPence: row.totalPence,
    depositPence: row.depositPence,
    paidPence: row.paidPence,
    balanceDueDate: balanceDueDateOf(row.partyDate),
  };
}

/** GET /api/parties/{id}: the family's own view, with how many guests were invited and answered. */
export async function familyPartyView(db: Db, row: Row, catalogue: PartyCatalogue): Promise<FamilyPartyView> {
  const d = partyDetailsOf(row, catalogue);
  const [counts] = rowsOf<{ sent: number; coming: number; notComing: number }>(
    await db.execute(sql`
      select count(*)::int as sent,
        count(*) filter (where rsvp = 'coming')::int as coming,
        count(*) filter (where rsvp = 'not_coming')::int as "notComing"
      from party_invitations where party_id = ${row.id}`),
  );
  return {
    id: d.id,
    reference: d.reference,
    status: d.status,
    date: d.date,
    slotLabel: d.slot.label,
    roomName: d.roomName,
    packageId: row.packageId,
    packageName: d.packageName,
    children: d.children,
    foodChoices: row.foodChoices as string[],
    childFirstName: d.childFirstName,
    childAge: d.childAge,
    lines: d.lines,
    totalPence: d.totalPence,
    paidPence: d.paidPence,
    balancePence: Math.max(0, d.totalPence - d.paidPence),
    balanceDueDate: d.balanceDueDate,
    changeUntil: d.balanceDueDate,
    invitations: counts ?? { sent: 0, coming: 0, notComing: 0 },
  };
}
