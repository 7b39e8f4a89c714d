import { useState } from 'react';
import type { FindTicketsInput, KioskTicket } from '../../../../shared/contracts/checkin';
import { Spinner } from '../../../components/ui/primitives';
import { dismissToast, toast, useCurrentToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useFindTickets, useMemberOffer } from '../api/kiosk-api';
import type { MemberOffer } from '../../../../shared/contracts/member-walk-in';
import type { OfflineLookup } from '../offline/check-offline';
import type { OfflineKiosk } from '../offline/use-offline-kiosk';
import { FoundTickets } from './found-tickets';
import { NoTicketSearch } from './no-ticket-search';
import { ScanPanel } from './scan-panel';
import { USED_TICKET_TEXT } from './ticket-result';

type Source = 'scan' | 'search';
type Found = { source: Source; tickets: KioskTicket[] } | { source: Source; problem: string };

/**
 * The kiosk's first screen: scan the ticket, or without it, the reference or surname and phone digits.
 * A scanned ticket that has not come in yet goes straight to its check-in step; one that has offers
 * Check Out. Results show under the card they came from.
 */
export function FindStep({
  onSelect,
  onCheckedOut,
  onActivity,
  offline,
  onOfflineFound,
  onMemberOffer,
}: {
  onSelect: (t: KioskTicket) => void;
  /** A member card with no booking today that may check the children in now (issue 40). */
  onMemberOffer?: (card: string, offer: MemberOffer) => void;
  onCheckedOut: () => void;
  onActivity: () => void;
  /** Set while the server cannot be reached: a scan is checked against the day's list on the device. */
  offline?: OfflineKiosk;
  onOfflineFound?: (found: Extract<OfflineLookup, { ok: true }>) => void;
}) {
  const find = useFindTickets();
  const memberOffer = useMemberOffer();
  const [found, setFound] = useState<Found | null>(null);
  const [checking, setChecking] = useState(false);
  const shownToast = useCurrentToast();

  function runOffline(kiosk: OfflineKiosk, token: string) {
    setChecking(true);
    void kiosk
      .lookup(token)
      .then((result) => {
        if (result.ok) return onOfflineFound?.(result);
        setFound({ source: 'scan', problem: result.message });
        toast({ title: result.title, description: result.message, variant: 'destructive' });
      })
      .finally(() => setChecking(false));
  }

  function run(input: FindTicketsInput) {
    const source: Source = input.by === 'ticket' ? 'scan' : 'search';
    onActivity();
    // The last search's "No Booking Found" must not sit over this one's results.
    if (shownToast) dismissToast(shownToast.id);
    setFound(null);
    if (offline && input.by === 'ticket') return runOffline(offline, input.token);
    find.mutate(input, {
      onSuccess: ({ tickets }) => {
        const [only] = tickets;
        if (source === 'scan' && tickets.length === 1 && only && !only.checkedIn) return onSelect(only);
        if (input.by === 'ticket' && tickets.length === 0 && onMemberOffer && isMemberCard(input.token))
          return askMemberOffer(input.token.trim());
        setFound({ source, tickets });
        if (tickets.length === 0) toast(source === 'scan' ? notRecognised : noneFound);
        else if (tickets.every((t) => t.checkedIn && (t.checkedOut || !t.canCheckOut)))
          toast({ title: 'Ticket Already Used', description: USED_TICKET_TEXT });
      },
      onError: (err) => {
        // A ticket for another day, cancelled or unpaid: the server's words, for the holder of the ticket.
        const problem =
          err instanceof ApiError && err.status === 409
            ? err.message
            : 'Unable to search tickets. Please try again or contact staff.';
        setFound({ source, problem });
        toast({
          title: source === 'scan' ? 'Cannot Check In' : 'Search Error',
          description: problem,
          variant: 'destructive',
        });
      },
    });
  }

  // A member card with no booking today: what the membership offers now, or why not, in the server's words.
  function askMemberOffer(card: string) {
    memberOffer.mutate(
      { card },
      {
        onSuccess: ({ offer }) => onMemberOffer?.(card, offer),
        onError: (err) => {
          const problem =
            err instanceof ApiError && err.status < 500
              ? err.message
              : 'Unable to check your membership. Please try again or ask at the desk.';
          setFound({ source: 'scan', problem });
          toast({ title: 'Membership Card', description: problem, variant: 'destructive' });
        },
      },
    );
  }

  const resultsFor = (source: Source) => {
    if (source === 'scan' && memberOffer.isPending) return <Spinner label="Checking your membership..." />;
    if (find.isPending && find.variables && (find.variables.by === 'ticket') === (source === 'scan'))
      return <Spinner label="Looking for your booking..." />;
    if (!found || found.source !== source) return null;
    if ('problem' in found)
      return (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-lg font-medium text-red-800">
          {found.problem}
        </p>
      );
    if (found.tickets.length === 0)
      return (
        <p className="mt-4 text-lg text-slate-800">
          {source === 'scan' ? notRecognised.description : noneFound.description}
        </p>
      );
    const n = found.tickets.length;
    return (
      <FoundTickets
        tickets={found.tickets}
        summary={`${n} booking${n === 1 ? '' : 's'} found for today.`}
        onSelect={onSelect}
        onCheckedOut={onCheckedOut}
      />
    );
  };

  return (
    <>
      <ScanPanel
        onToken={(token) => run({ by: 'ticket', token })}
        busy={find.isPending || memberOffer.isPending || checking}
      >
        {resultsFor('scan')}
      </ScanPanel>
      {offline ? (
        <section
          aria-labelledby="no-ticket-offline"
          className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
        >
          <h2 id="no-ticket-offline" className="text-2xl font-bold text-slate-900">
            No ticket to scan?
          </h2>
          <p className="mt-2 text-lg text-slate-800">
            While the kiosk is offline it can only check ticket QR codes. Please see the counter.
          </p>
        </section>
      ) : (
        <NoTicketSearch onFind={run} busy={find.isPending} onActivity={onActivity}>
          {resultsFor('search')}
        </NoTicketSearch>
      )}
    </>
  );
}

/** A member card's text (memberships/member-card.ts): `MC-` and a signed id. */
const isMemberCard = (token: string) => token.trim().startsWith('MC-');

const notRecognised = {
  title: 'Ticket Not Recognised',
  description: 'We could not find that ticket. Please try again, use your booking reference, or ask at reception.',
};
const noneFound = {
  title: 'No Booking Found',
  description:
    "Nothing matches for today. Check your booking reference, or your surname and your phone number's last 3 digits.",
};
