import { Store } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { WALK_IN_SLOT, type KioskTicket } from '../../../shared/contracts/checkin';
import { toast } from '../../components/ui/toast-store';
import { CheckInStep } from './components/check-in-step';
import { CheckedInPanel } from './components/checked-in-panel';
import { todayInLondon } from '../../../shared/dates';
import { kioskSecondaryButton } from './components/kiosk-ui';
import { FindStep } from './components/find-step';
import { TicketSearch } from './components/ticket-search';
import { WalkInForm, type WalkInDetails } from './components/walk-in-form';
import type { MemberWalkIn } from './components/member-offer-card';
import type { MemberOffer } from '../../../shared/contracts/member-walk-in';
import { firstName } from './lib/recommendations';
import { newWalkInId } from './lib/walk-in-id';
import type { OfflineLookup } from './offline/check-offline';
import type { OfflineKiosk } from './offline/use-offline-kiosk';
import { OfflineBanner } from './offline/offline-banner';

/** SPEC.md section 9: the kiosk resets 3 seconds after a check-in. */
export const RESET_AFTER_MS = 3000;
/** The last family's recommendations stay on the search screen until the next family starts, or this long. */
const LAST_VISIT_MS = 120_000;

type Step =
  | { kind: 'find' }
  | { kind: 'walk-in' }
  | {
      kind: 'ticket';
      ticket: KioskTicket;
      walkIn: (WalkInDetails & { walkInId: string }) | null;
      /** Found in the day's list while offline: Check In queues it on the device. */
      offline?: Extract<OfflineLookup, { ok: true }>;
      /** A member card's offer (issue 40): Check In makes the membership's booking and checks it in. */
      member?: MemberWalkIn;
    }
  | { kind: 'checked-in'; ticket: KioskTicket; queued: boolean; byCard?: boolean };

/**
 * The kiosk's steps: scan the ticket or find the booking (or "Paid at reception?"), then details, terms,
 * vehicle and Check In, then "More Fun Today!". Three seconds after a check-in or check-out the search is
 * cleared for the next family; the checked-in family's recommendations stay below it until someone
 * starts a new search. Signed-in staff also get the search by name.
 */
export function KioskScreen({ staff = false, device }: { staff?: boolean; device?: OfflineKiosk }) {
  const offline = device?.offline ? device : undefined;
  const [step, setStep] = useState<Step>({ kind: 'find' });
  // A new round remounts the search: name, results and errors are gone.
  const [round, setRound] = useState(0);
  const [lastVisit, setLastVisit] = useState<KioskTicket | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const scheduleReset = useCallback(() => {
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      setStep({ kind: 'find' });
      setRound((r) => r + 1);
    }, RESET_AFTER_MS);
  }, []);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  useEffect(() => {
    if (!lastVisit || step.kind !== 'find') return;
    const t = setTimeout(() => setLastVisit(null), LAST_VISIT_MS);
    return () => clearTimeout(t);
  }, [lastVisit, step.kind]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step.kind]);

  const go = (next: Step) => {
    clearTimeout(resetTimer.current);
    setStep(next);
  };
  const startOver = () => {
    go({ kind: 'find' });
    setRound((r) => r + 1);
  };
  const newFamily = useCallback(() => setLastVisit(null), []);

  function walkInReady(d: WalkInDetails) {
    // Not recorded until Check In: no handle yet, the walk-in's own id goes with the details.
    const ticket: KioskTicket = {
      handle: '',
      displayName: d.customerName,
      bookingDate: todayInLondon(new Date()),
      timeSlot: WALK_IN_SLOT,
      numberOfChildren: d.numberOfChildren,
      numberOfAdults: d.numberOfAdults,
      status: 'paid_in_store',
      checkedIn: false,
      checkedOut: false,
      canCheckOut: false,
    };
    toast({
      title: 'Customer Created',
      description: `Welcome, ${firstName(d.customerName)}! Please read the terms below, then check in.`,
    });
    go({ kind: 'ticket', ticket, walkIn: { ...d, walkInId: newWalkInId() } });
  }

  function memberOffered(card: string, offer: MemberOffer) {
    // Not a booking until Check In: a placeholder ticket, and the id that makes a retried Check In the same one.
    const ticket: KioskTicket = {
      handle: '',
      displayName: offer.children.map((c) => c.firstName).join(', '),
      bookingDate: todayInLondon(new Date()),
      timeSlot: offer.session,
      numberOfChildren: offer.children.length,
      numberOfAdults: 0,
      status: 'confirmed',
      checkedIn: false,
      checkedOut: false,
      canCheckOut: false,
    };
    go({ kind: 'ticket', ticket, walkIn: null, member: { card, offer, requestId: newWalkInId() } });
  }

  function checkedIn(ticket: KioskTicket, queued = false, byCard = false) {
    toast(
      queued
        ? {
            title: 'Check-In Successful!',
            description: 'Enjoy your visit! Saved on this kiosk: it will be sent when the connection is back.',
          }
        : { title: 'Check-In Successful!', description: `Enjoy your visit, ${firstName(ticket.displayName)}!` },
    );
    // Offline there are no recommendations to keep showing.
    if (!queued) setLastVisit(ticket);
    go({ kind: 'checked-in', ticket, queued, byCard });
    scheduleReset();
  }

  return (
    <div>
      {device ? <OfflineBanner device={device} /> : null}
      {step.kind === 'find' ? (
        <div className="space-y-6">
          <FindStep
            key={round}
            onSelect={(ticket) => go({ kind: 'ticket', ticket, walkIn: null })}
            onCheckedOut={scheduleReset}
            onActivity={newFamily}
            offline={offline}
            onOfflineFound={(found) => go({ kind: 'ticket', ticket: found.ticket, walkIn: null, offline: found })}
            onMemberOffer={memberOffered}
          />
          {staff ? (
            <TicketSearch
              key={`staff-${round}`}
              onSelect={(ticket) => go({ kind: 'ticket', ticket, walkIn: null })}
              onCheckedOut={scheduleReset}
              onActivity={newFamily}
            />
          ) : null}
          <section
            aria-labelledby="walk-in-title"
            className="flex flex-col items-start gap-3 rounded-3xl border-2 border-dashed border-brand-600 bg-white p-5 sm:flex-row sm:items-center sm:justify-between sm:p-7"
          >
            <div>
              <h2 id="walk-in-title" className="text-2xl font-bold text-slate-900">
                Paid at reception?
              </h2>
              <p className="mt-1 text-lg text-slate-800">
                {offline
                  ? 'No online booking? Please pay and check in at the counter.'
                  : 'No online booking? Check in here after paying at the desk.'}
              </p>
            </div>
            {offline ? (
              <p className="text-lg font-semibold text-slate-900">
                Walk-ins are not sold while the kiosk is offline. Please see the counter.
              </p>
            ) : (
              <button
                type="button"
                className={`${kioskSecondaryButton} w-full sm:w-auto sm:shrink-0`}
                onClick={() => {
                  newFamily();
                  go({ kind: 'walk-in' });
                }}
              >
                <Store aria-hidden className="h-6 w-6" />
                Check In Without a Booking
              </button>
            )}
          </section>
          {lastVisit ? <CheckedInPanel ticket={lastVisit} focus={false} /> : null}
        </div>
      ) : step.kind === 'walk-in' ? (
        <WalkInForm onContinue={walkInReady} onCancel={startOver} />
      ) : step.kind === 'ticket' ? (
        <CheckInStep
          ticket={step.ticket}
          walkIn={step.walkIn}
          onCheckedIn={(t) => checkedIn(t, step.offline !== undefined, step.member !== undefined)}
          onBack={startOver}
          offlineAdmit={step.offline && device ? (plate) => device.admit(step.offline!, plate) : undefined}
          offlineAgreement={step.offline?.agreement}
          member={step.member}
        />
      ) : (
        <CheckedInPanel ticket={step.ticket} focus queued={step.queued} byCard={step.byCard} />
      )}
    </div>
  );
}
