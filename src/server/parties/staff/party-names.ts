import type { partyBookings } from '../../db/schema';
import { balanceDueDateOf, CHANGE_CUTOFF_DAYS, daysBefore } from '../party-rules';
import { partyNames, type PartyCatalogue } from '../../catalogue/party-settings';
import type { StaffPartySummary } from '../../../shared/contracts/admin-parties';
import { todayInLondon } from '../../../shared/dates';

type Row = typeof partyBookings.$inferSelect;

/** One party as the week view and the sheet show it. */
export function staffSummaryOf(catalogue: PartyCatalogue, row: Row, now: Date): StaffPartySummary {
  const duePence = Math.max(0, row.totalPence - row.paidPence);
  const live = row.status === 'held' || row.status === 'confirmed';
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    date: row.partyDate,
    slotId: row.slotId,
    roomId: row.roomId,
    packageId: row.packageId,
    ...partyNames(catalogue, row),
    children: row.children,
    childFirstName: row.childFirstName,
    childAge: row.childAge,
    parentName: row.parentName,
    parentPhone: row.parentPhone,
    totalPence: row.totalPence,
    paidPence: row.paidPence,
    duePence,
    // Due 7 days before: from then on, anything unpaid on a live party is overdue (and not before the party is over).
    balanceOverdue:
      live &&
      duePence > 0 &&
      daysBefore(row.partyDate, now) <= CHANGE_CUTOFF_DAYS &&
      row.partyDate >= todayInLondon(now),
    balanceDueDate: balanceDueDateOf(row.partyDate),
    createdByStaff: row.createdByStaff,
  };
}
