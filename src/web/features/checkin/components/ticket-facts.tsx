import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { formatPence } from '../../../../shared/money';
import { partySize, readableDate } from './kiosk-ui';

/** The name a result is headed with: the full name for staff, "Sam C." on a kiosk. */
export const ticketName = (t: KioskTicket) => t.staff?.customerName ?? t.displayName;

/**
 * What a family needs to recognise its booking (DECISIONS.md "Kiosk privacy"): date, session and party
 * size. Signed-in staff also see the reference, masked contact details and the amount paid.
 */
export function TicketFacts({ ticket, showPaid = false }: { ticket: KioskTicket; showPaid?: boolean }) {
  const walkIn = ticket.status === 'paid_in_store';
  const rows: [string, string][] = [
    ['Date', readableDate(ticket.bookingDate)],
    ['Session', ticket.timeSlot || 'All Day'],
    ['Party', partySize(ticket.numberOfChildren, ticket.numberOfAdults)],
  ];
  const staff = ticket.staff;
  if (staff?.reference) rows.push(['Reference', staff.reference]);
  if (staff?.customerEmail) rows.push(['Email', staff.customerEmail]);
  if (staff?.customerPhone) rows.push(['Phone', staff.customerPhone]);
  if (showPaid)
    rows.push(['Paid', walkIn ? 'Paid at reception' : staff ? formatPence(staff.totalAmount) : 'Paid online']);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-lg">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
