import type { SearchTicketsResponse } from '../../shared/contracts/checkin';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { findTodaysTickets, MAX_TICKETS } from './kiosk-tickets';

/**
 * POST /api/check-in/search-all-tickets: today's (Europe/London) paid tickets in a name. Used ones
 * are included, flagged, so the kiosk can say "Ticket Already Used" instead of "No Tickets Found".
 */
export async function searchTickets(opts: { db: Db; customerName: string; now: Date }): Promise<SearchTicketsResponse> {
  const found = await findTodaysTickets(opts.db, { name: opts.customerName, today: todayInLondon(opts.now) });
  const tickets = found.slice(0, MAX_TICKETS);
  const message =
    found.length > MAX_TICKETS
      ? `Showing the first ${MAX_TICKETS} matches. Type more of the name to narrow them down.`
      : tickets.length === 0
        ? 'No unredeemed tickets found with that name.'
        : `${tickets.length} ticket${tickets.length === 1 ? '' : 's'} found.`;
  return { success: true, tickets, message };
}
