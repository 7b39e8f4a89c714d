import { CalendarPlus, Mail, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FamilyBookingDto } from '../../../../shared/contracts/family';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { secondaryButton, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { bookingIcsUrl, useCancelFamilyBooking, useResendConfirmation } from '../api/family-bookings';
import { problemText } from '../../../lib/problem-text';

const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-berry-700 bg-white px-5 py-2 font-semibold text-berry-700 transition hover:bg-berry-700 hover:text-white disabled:cursor-not-allowed disabled:opacity-60';

/** What a family can do with a confirmed booking: calendar, the e-mail again, and cancel within the 24-hour rule. */
export function BookingActions({
  booking: b,
  upcoming,
  email,
}: {
  booking: FamilyBookingDto;
  upcoming: boolean;
  email: string;
}) {
  const resend = useResendConfirmation();
  const titleId = `booking-${b.bookingId}-title`;

  const sendAgain = () =>
    resend.mutate(b.bookingId, {
      onSuccess: () => toast({ title: 'Confirmation sent', description: `We e-mailed booking ${b.reference} again.` }),
      onError: (e) => toast({ title: 'Not sent', description: problemText(e), variant: 'destructive' }),
    });

  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap gap-3">
        {upcoming ? (
          <a
            href={bookingIcsUrl(b.bookingId)}
            download={`playtimebarn-${b.reference}.ics`}
            aria-describedby={titleId}
            className={secondaryButton}
          >
            <CalendarPlus aria-hidden className="h-5 w-5" />
            Add to calendar
          </a>
        ) : null}
        <button
          type="button"
          onClick={sendAgain}
          disabled={resend.isPending}
          aria-describedby={titleId}
          className={secondaryButton}
        >
          {resend.isPending ? (
            <Spinner label="Sending..." className="py-0" />
          ) : (
            <>
              <Mail aria-hidden className="h-5 w-5" />
              Resend confirmation
            </>
          )}
        </button>
      </div>
      {upcoming && b.cancellable ? <CancelControl booking={b} email={email} /> : null}
    </div>
  );
}

/** Cancelling takes two clicks: "Cancel booking", then "Yes, cancel" beside what the family gets back. */
function CancelControl({ booking: b, email }: { booking: FamilyBookingDto; email: string }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelFamilyBooking(email);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const titleId = `booking-${b.bookingId}-title`;
  const questionId = `booking-${b.bookingId}-cancel-question`;

  // Focus follows the question, and back to the button when the family keeps the booking.
  useEffect(() => {
    if (asking) questionRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const refund = [
    b.totalAmount > 0 ? `a full refund of ${formatPence(b.totalAmount)} to your card` : '',
    b.sessionCreditsUsed > 0
      ? `your ${b.sessionCreditsUsed} session ${b.sessionCreditsUsed === 1 ? 'credit' : 'credits'} back`
      : '',
  ].filter(Boolean);

  const confirmCancel = () =>
    cancel.mutate(b.bookingId, {
      onSuccess: (res) => {
        toast({ title: 'Booking cancelled', description: res.message });
        // These buttons go with the cancellation; the card (now "Cancelled") keeps the focus.
        document.getElementById(titleId)?.focus();
      },
      onError: (e) => {
        setAsking(false);
        toast({ title: 'Not cancelled', description: problemText(e), variant: 'destructive' });
      },
    });

  if (!asking)
    return (
      <button
        ref={openRef}
        type="button"
        onClick={() => setAsking(true)}
        aria-describedby={titleId}
        className={`${dangerButton} mt-3`}
      >
        <XCircle aria-hidden className="h-5 w-5" />
        Cancel booking
      </button>
    );

  return (
    <div role="group" aria-labelledby={questionId} className="mt-3 rounded-2xl border-2 border-berry-700 p-4">
      <p id={questionId} ref={questionRef} tabIndex={-1} className="font-semibold text-slate-900">
        Cancel your visit on {longDate(b.date)}?{' '}
        <span className="font-normal">
          {refund.length ? `You get ${refund.join(' and ')}.` : 'There is nothing to refund.'}
        </span>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={confirmCancel}
          disabled={cancel.isPending}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-berry-700 px-5 py-2 font-semibold text-white transition hover:bg-berry-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {cancel.isPending ? (
            <Spinner label="Cancelling..." className="py-0 text-white [&_svg]:text-white" />
          ) : (
            'Yes, cancel'
          )}
        </button>
        <button type="button" onClick={() => setAsking(false)} disabled={cancel.isPending} className={secondaryButton}>
          Keep booking
        </button>
      </div>
    </div>
  );
}
