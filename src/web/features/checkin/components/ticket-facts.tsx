import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { formatPence } from '../../../../shared/money';
import { partySize, readableDate } from './kiosk-ui';

/**
 * What a family needs to recognise its booking (DECISIONS.md privacy): name, date, session and party
 * size, with the e-mail and phone already masked by the server.
 */
export function TicketFacts({ ticket, showPaid = false }: { ticket: KioskTicket; showPaid?: boolean }) {
  const walkIn = ticket.status === 'paid_in_store';
  const rows: [string, string][] = [
    ['Date', readableDate(ticket.bookingDate)],
    ['Session', ticket.timeSlot || 'All Day'],
    ['Party', partySize(ticket.numberOfChildren, ticket.numberOfAdults)],
  ];
  if (ticket.customerEmail) rows.push(['Email', ticket.customerEmail]);
  if (ticket.customerPhone) rows.push(['Phone', ticket.customerPhone]);
  if (showPaid) rows.push(['Paid', walkIn ? 'Paid at reception' : formatPence(ticket.totalAmount)]);
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
