import { CircleCheck, LogOut, ScanLine, TicketX } from 'lucide-react';
import { useId } from 'react';
import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { kioskButton, kioskSecondaryButton } from './kiosk-ui';
import { TicketFacts, ticketName } from './ticket-facts';

export const USED_TICKET_TEXT = 'This ticket has already been checked in and cannot be reused for security reasons.';

/**
 * One result: ready to check in, or used (currently playing, or gone home). Check Out is offered only
 * where the server allows it: a family that scanned its own ticket, or staff.
 */
export function TicketResult({
  ticket,
  onSelect,
  onCheckOut,
  checkingOut,
}: {
  ticket: KioskTicket;
  onSelect: () => void;
  onCheckOut: () => void;
  checkingOut: boolean;
}) {
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`rounded-3xl border-2 bg-white p-5 ${ticket.checkedIn ? 'border-slate-300' : 'border-brand-600'}`}
      >
        <h3 id={headingId} className="text-2xl font-bold text-slate-900">
          {ticketName(ticket)}
        </h3>
        <div className="mt-3">
          <TicketFacts ticket={ticket} />
        </div>
        {ticket.checkedIn ? (
          <div className="mt-4 rounded-2xl bg-amber-50 p-4 text-amber-950">
            <p className="flex items-center gap-2 text-lg font-bold">
              <TicketX aria-hidden className="h-6 w-6" />
              Ticket Already Used
            </p>
            <p className="mt-1">{USED_TICKET_TEXT}</p>
            {ticket.checkedOut ? (
              <p className="mt-2 flex items-center gap-2 font-semibold">
                <CircleCheck aria-hidden className="h-5 w-5" />
                Checked out. Thanks for visiting!
              </p>
            ) : ticket.canCheckOut ? (
              <button
                type="button"
                className={`${kioskSecondaryButton} mt-3 w-full sm:w-auto`}
                onClick={onCheckOut}
                disabled={checkingOut}
                aria-describedby={headingId}
              >
                <LogOut aria-hidden className="h-6 w-6" />
                {checkingOut ? 'Checking out...' : 'Check Out'}
              </button>
            ) : (
              <p className="mt-2 flex items-center gap-2 font-semibold">
                <ScanLine aria-hidden className="h-5 w-5 shrink-0" />
                Leaving? Scan your ticket to check out, or ask at reception.
              </p>
            )}
          </div>
        ) : (
          <button
            type="button"
            className={`${kioskButton} mt-4 w-full sm:w-auto`}
            onClick={onSelect}
            aria-describedby={headingId}
          >
            This Is My Booking
          </button>
        )}
      </article>
    </li>
  );
}
