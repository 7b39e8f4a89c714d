import type { SearchTicketsResponse } from '../../shared/contracts/checkin';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { findTodaysTickets, MAX_TICKETS } from './kiosk-tickets';
import { withAgreements } from './find-tickets';
import type { KioskAccess } from './kiosk-view';

/**
 * POST /api/check-in/search-all-tickets, staff only: today's (Europe/London) paid tickets and walk-ins
 * in a name. Used ones are included, flagged, so the desk can say "Ticket Already Used".
 */
export async function searchTickets(opts: {
  db: Db;
  customerName: string;
  access: KioskAccess;
}): Promise<SearchTicketsResponse> {
  const today = todayInLondon(opts.access.now);
  const found = await findTodaysTickets(opts.db, { name: opts.customerName, today });
  const tickets = await withAgreements(opts.db, found.slice(0, MAX_TICKETS), opts.access, 'search');
  const message =
    found.length > MAX_TICKETS
      ? `Showing the first ${MAX_TICKETS} matches. Type more of the name to narrow them down.`
      : tickets.length === 0
        ? 'No unredeemed tickets found with that name.'
        : `${tickets.length} ticket${tickets.length === 1 ? '' : 's'} found.`;
  return { success: true, tickets, message };
}
