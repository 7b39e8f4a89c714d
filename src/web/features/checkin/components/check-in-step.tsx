import { ClipboardCheck, LogIn, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { checkInFormSchema, type KioskTicket } from '../../../../shared/contracts/checkin';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCheckIn, useMemberWalkIn, useWalkIn } from '../api/kiosk-api';
import type { DayListTicket } from '../../../../shared/contracts/kiosk-offline';
import { AgreementCard } from './agreement-card';
import { KioskCard, KioskCheckbox, kioskButton, kioskSecondaryButton } from './kiosk-ui';
import { MemberOfferCard, type MemberWalkIn } from './member-offer-card';
import { TermsCard } from './terms-card';
import { TicketFacts, ticketName } from './ticket-facts';
import { USED_TICKET_TEXT } from './ticket-result';
import { VehicleCard } from './vehicle-card';
import type { WalkInDetails } from './walk-in-form';

type Fields = { termsAgreed: boolean; disclaimerAgreed: boolean; cefParkingAgreed: boolean; numberPlate: string };
type Box = Exclude<keyof Fields, 'numberPlate'>;

/**
 * Booking details, terms, vehicle information and the three boxes, then Check In. A booked ticket
 * checks in by the handle its search gave; a walk-in is recorded at this moment (docs/decisions/007).
 */
export function CheckInStep({
  ticket,
  walkIn,
  onCheckedIn,
  onBack,
  offlineAdmit,
  offlineAgreement,
  member,
}: {
  ticket: KioskTicket;
  /** A walk-in, recorded at Check In under the id the kiosk gave it. */
  walkIn: (WalkInDetails & { walkInId: string }) | null;
  onCheckedIn: (t: KioskTicket) => void;
  onBack: () => void;
  /** Offline (issue 41): Check In queues the check-in on the device instead of calling the server. */
  offlineAdmit?: (numberPlate: string | null) => Promise<void>;
  /** Offline: the day list's agreement flag for this ticket (issue 39). */
  offlineAgreement?: DayListTicket['agreement'];
  /** A member card's offer (issue 40): Check In makes the membership's £0 booking and checks it in. */
  member?: MemberWalkIn;
}) {
  const checkIn = useCheckIn();
  const recordWalkIn = useWalkIn();
  const memberWalkIn = useMemberWalkIn();
  const [chosen, setChosen] = useState<boolean[]>(() => member?.offer.children.map(() => true) ?? []);
  const [adults, setAdults] = useState(() => Math.min(1, member?.offer.freeAdults ?? 0));
  const [childrenError, setChildrenError] = useState<string>();
  // A change clears its field's message: ticking a box, or editing the plate.
  const { values, errors, set, check } = useZodForm<Fields>(
    { termsAgreed: false, disclaimerAgreed: false, cefParkingAgreed: false, numberPlate: '' },
    { afterChange: 'clear' },
  );
  const [problem, setProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const [queueing, setQueueing] = useState(false);
  const pending = checkIn.isPending || recordWalkIn.isPending || memberWalkIn.isPending || queueing;

  useEffect(() => heading.current?.focus(), []);
  const tick = (key: Box) => (v: boolean) => set(key, v);

  function failed(err: Error) {
    if (err instanceof ApiError && err.code === 'already_checked_in') {
      toast({ title: 'Ticket Already Used', description: USED_TICKET_TEXT, variant: 'destructive' });
      setProblem(USED_TICKET_TEXT);
      return;
    }
    toast({
      title: 'Check-In Failed',
      description: 'Unable to complete check-in. Please contact staff for assistance.',
      variant: 'destructive',
    });
    // The server's reason (another day's ticket, not paid) helps the member of staff who comes over; a member
    // card's refusal (the visit used, the session full) is for the family.
    setProblem(
      err instanceof ApiError && (err.status === 409 || (member && err.status < 500)) ? err.message : undefined,
    );
  }

  function submit() {
    const parsed = check(checkInFormSchema);
    const children = chosen.flatMap((on, i) => (on ? [i] : []));
    const noChild = member !== undefined && children.length === 0;
    setChildrenError(noChild ? 'Please choose who is playing' : undefined);
    if (noChild && parsed.ok) {
      toast({ title: 'Who Is Playing?', description: 'Please tick at least one child.', variant: 'destructive' });
      document.getElementById('member-child-0')?.focus();
      return;
    }
    if (!parsed.ok) {
      const missingTerms = !values.termsAgreed;
      if (missingTerms)
        toast({
          title: 'Terms Required',
          description: 'Please agree to the terms and conditions to check in.',
          variant: 'destructive',
        });
      else if (!values.disclaimerAgreed || !values.cefParkingAgreed)
        toast({
          title: 'Please Tick Every Box',
          description: 'Accept the disclaimer and confirm you will not park in reserved spaces to check in.',
          variant: 'destructive',
        });
      return;
    }
    setProblem(undefined);
    const common = {
      checkedInAt: new Date().toISOString(),
      numberPlate: parsed.data.numberPlate,
      termsAgreed: true,
      cefParkingAgreed: true,
    } as const;
    if (offlineAdmit) {
      setQueueing(true);
      offlineAdmit(parsed.data.numberPlate)
        .then(() => onCheckedIn({ ...ticket, checkedIn: true }))
        .catch((err: Error) => failed(err))
        .finally(() => setQueueing(false));
    } else if (member) {
      memberWalkIn.mutate(
        { card: member.card, requestId: member.requestId, children, adults, ...common },
        { onSuccess: (r) => onCheckedIn(r.ticket), onError: failed },
      );
    } else if (walkIn) {
      recordWalkIn.mutate({ ...walkIn, ...common }, { onSuccess: (r) => onCheckedIn(r.ticket), onError: failed });
    } else {
      checkIn.mutate(
        { handle: ticket.handle, ...common },
        { onSuccess: () => onCheckedIn({ ...ticket, checkedIn: true }), onError: failed },
      );
    }
  }

  return (
    // Two columns on a sideways tablet or a desktop: the whole form in about one screen.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2 lg:items-start">
      <div className="space-y-6">
        {member ? (
          <MemberOfferCard
            offer={member.offer}
            chosen={chosen}
            onChosen={(i, v) => {
              setChildrenError(undefined);
              setChosen((c) => c.map((x, j) => (j === i ? v : x)));
            }}
            adults={adults}
            onAdults={setAdults}
            heading={heading}
            error={childrenError}
          />
        ) : (
          <>
            <KioskCard title="Booking Details" icon={<UserRound aria-hidden className="h-7 w-7 text-brand-700" />}>
              <h3 ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-800 focus:outline-none">
                {ticketName(ticket)}
              </h3>
              <div className="mt-3">
                <TicketFacts ticket={ticket} showPaid />
              </div>
            </KioskCard>
            <AgreementCard ticket={ticket} offline={offlineAgreement} />
          </>
        )}
        <TermsCard />
      </div>
      <div className="space-y-6">
        <VehicleCard plate={values.numberPlate} onPlate={(v) => set('numberPlate', v)} error={errors.numberPlate} />
        <KioskCard title="Before You Play" icon={<ClipboardCheck aria-hidden className="h-7 w-7 text-brand-700" />}>
          <div className="space-y-3">
            <KioskCheckbox
              id="agree-terms"
              checked={values.termsAgreed}
              onChange={tick('termsAgreed')}
              error={errors.termsAgreed}
            >
              I agree to the terms and conditions
            </KioskCheckbox>
            <KioskCheckbox
              id="agree-disclaimer"
              checked={values.disclaimerAgreed}
              onChange={tick('disclaimerAgreed')}
              error={errors.disclaimerAgreed}
            >
              I accept the disclaimer: play is at our own risk, and I will supervise the children in my care at all
              times
            </KioskCheckbox>
            <KioskCheckbox
              id="agree-parking"
              checked={values.cefParkingAgreed}
              onChange={tick('cefParkingAgreed')}
              error={errors.cefParkingAgreed}
            >
              I will not park in reserved spaces
            </KioskCheckbox>
          </div>
          {problem ? (
            <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-lg font-medium text-red-800">
              {problem}
            </p>
          ) : null}
          {/* The membership's longer label takes the whole row above Back. */}
          <div className={`mt-6 flex flex-col gap-3 ${member ? '' : 'sm:flex-row-reverse'}`}>
            <button
              type="button"
              className={`${kioskButton} min-h-16 text-xl sm:flex-1`}
              onClick={submit}
              disabled={pending}
            >
              <LogIn aria-hidden className="h-7 w-7" />
              {pending ? 'Checking in...' : member ? 'Check in with your membership' : 'Check In'}
            </button>
            <button type="button" className={kioskSecondaryButton} onClick={onBack} disabled={pending}>
              Back to Search
            </button>
          </div>
        </KioskCard>
      </div>
    </div>
  );
}
