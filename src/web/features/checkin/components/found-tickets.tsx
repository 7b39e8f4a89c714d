import { useState } from 'react';
import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { toast } from '../../../components/ui/toast-store';
import { useCheckOut } from '../api/kiosk-api';
import { firstName } from '../lib/recommendations';
import { TicketResult } from './ticket-result';

/** A search's or scan's results, with Check Out where the server allows it (SPEC.md section 8 toasts). */
export function FoundTickets({
  tickets,
  summary,
  onSelect,
  onCheckedOut,
}: {
  tickets: KioskTicket[];
  summary: string;
  onSelect: (t: KioskTicket) => void;
  onCheckedOut: () => void;
}) {
  const checkOut = useCheckOut();
  // Checked out here since the search: the card says so without asking the server again.
  const [out, setOut] = useState<ReadonlySet<string>>(new Set());

  function doCheckOut(ticket: KioskTicket) {
    checkOut.mutate(
      { handle: ticket.handle, checkedOutAt: new Date().toISOString() },
      {
        onSuccess: () => {
          setOut((s) => new Set(s).add(ticket.handle));
          toast({
            title: 'Check-Out Successful!',
            description: `Thanks for visiting, ${firstName(ticket.displayName)}! See you again soon.`,
          });
          onCheckedOut();
        },
        onError: () =>
          toast({
            title: 'Check-Out Failed',
            description: 'Unable to complete check-out. Please contact staff for assistance.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <div className="mt-6">
      <h3 className="sr-only">Matching tickets for today</h3>
      <p role="status" className="mb-3 text-lg text-slate-800">
        {summary}
      </p>
      <ul className="space-y-4">
        {tickets.map((t) => (
          <TicketResult
            key={t.handle}
            ticket={out.has(t.handle) ? { ...t, checkedOut: true } : t}
            onSelect={() => onSelect(t)}
            onCheckOut={() => doCheckOut(t)}
            checkingOut={checkOut.isPending && checkOut.variables?.handle === t.handle}
          />
        ))}
      </ul>
    </div>
  );
}
