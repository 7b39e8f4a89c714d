import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { searchTicketsSchema, type KioskTicket } from '../../../../shared/contracts/checkin';
import { Spinner } from '../../../components/ui/primitives';
import { dismissToast, toast, useCurrentToast } from '../../../components/ui/toast-store';
import { useSearchTickets } from '../api/kiosk-api';
import { useZodForm } from '../../../lib/use-zod-form';
import { FoundTickets } from './found-tickets';
import { KioskCard, kioskButton, kioskInput, kioskLabel } from './kiosk-ui';
import { USED_TICKET_TEXT } from './ticket-result';

/**
 * Staff only (never on a kiosk device): today's tickets and walk-ins by any part of a name, with the
 * details the desk needs (SPEC.md section 5 and section 8 toasts).
 */
export function TicketSearch({
  onSelect,
  onCheckedOut,
  onActivity,
}: {
  onSelect: (t: KioskTicket) => void;
  onCheckedOut: () => void;
  onActivity: () => void;
}) {
  const id = useId();
  const search = useSearchTickets();
  const { values, errors, set, check } = useZodForm({ customerName: '' });
  const error = errors.customerName;
  const [results, setResults] = useState<{ tickets: KioskTicket[]; summary: string } | null>(null);
  const shownToast = useCurrentToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    onActivity();
    const parsed = check(searchTicketsSchema);
    if (!parsed.ok) return;
    // The last search's "No Tickets Found" must not sit over this search's results.
    if (shownToast) dismissToast(shownToast.id);
    search.mutate(parsed.data.customerName, {
      onSuccess: ({ tickets, message }) => {
        setResults({ tickets, summary: message });
        if (tickets.length === 0)
          toast({
            title: 'No Tickets Found',
            description: 'No unredeemed tickets found with that name. Please check the spelling or contact staff.',
          });
        else if (tickets.every((t) => t.checkedIn))
          toast({ title: 'Ticket Already Used', description: USED_TICKET_TEXT });
      },
      onError: () => {
        setResults(null);
        toast({
          title: 'Search Error',
          description: 'Unable to search tickets. Please try again or contact staff.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <KioskCard title="Staff: Find by Name" icon={<Search aria-hidden className="h-7 w-7 text-brand-700" />}>
      <form onSubmit={submit} noValidate role="search" aria-label="Find a booking by name (staff)">
        <label htmlFor={`${id}-name`} className={kioskLabel}>
          Name on the booking
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-name`}
            className={kioskInput}
            value={values.customerName}
            autoComplete="off"
            autoCapitalize="words"
            enterKeyHint="search"
            placeholder="e.g. Jess Parent"
            maxLength={80}
            onChange={(e) => {
              set('customerName', e.target.value);
              onActivity();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className={`${kioskButton} shrink-0`} disabled={search.isPending}>
            <Search aria-hidden className="h-6 w-6" />
            {search.isPending ? 'Searching...' : 'Search'}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-lg font-medium text-berry-700">
            {error}
          </p>
        ) : null}
      </form>
      {search.isPending ? <Spinner label="Searching today's bookings..." /> : null}
      {results && results.tickets.length > 0 && !search.isPending ? (
        <FoundTickets {...results} onSelect={onSelect} onCheckedOut={onCheckedOut} />
      ) : null}
      {results && results.tickets.length === 0 && !search.isPending ? (
        <p className="mt-4 text-lg text-slate-800">No tickets for today match that name.</p>
      ) : null}
    </KioskCard>
  );
}
