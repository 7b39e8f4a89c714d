import { CircleX, House, Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../app/router';
import { useBookingStatus } from './api/booking-status';
import { ConfirmedBooking } from './components/confirmed-booking';
import { FirstView, LoadingBlock, PageShell } from '../../components/page-shell';
import { NoticeCard } from '../../components/notice-card';
import { primaryButton, secondaryButton } from '../../components/ui/primitives';
import { VenueContact } from './components/venue-contact';
import { readPendingBooking, removePendingBooking } from './lib/pending-booking';

/** Reads the booking id once: from the query, else from the pending booking, which is then removed. */
function useBookingId(): string | null {
  const [params] = useSearchParams();
  const [id] = useState(() => params.get('booking_id') ?? readPendingBooking()?.bookingId ?? null);
  useEffect(() => {
    removePendingBooking();
  }, []); // SPEC.md section 4: read, then removed
  return id;
}

/**
 * /booking-success: asks the server what happened (it never trusts the redirect) and says so plainly. The
 * booking is the visitor's own (query, session storage): the prerendered first view is the frame alone.
 */
export function BookingSuccessPage() {
  return (
    <FirstView
      shell={
        <PageShell title="Booking Status">
          <div className="space-y-6">
            <Checking />
          </div>
        </PageShell>
      }
    >
      <BookingSuccess />
    </FirstView>
  );
}

/** About the height of the booking's card, so the page does not move when it arrives. */
const Checking = () => <LoadingBlock label="Checking your booking..." className="h-80" />;

function BookingSuccess() {
  const bookingId = useBookingId();
  const booking = useBookingStatus(bookingId, { pollTimes: 5, pollMs: 2000 });
  const status = booking.data?.status;

  return (
    <PageShell title={status === 'confirmed' ? 'Your Booking' : 'Booking Status'}>
      <div className="space-y-6">
        {!bookingId ? (
          <NoticeCard
            icon={<CircleX aria-hidden className="h-8 w-8 shrink-0 text-red-700" />}
            title="We couldn't find your booking"
          >
            <p>This page needs a booking link. Check your confirmation email, or call us and we&apos;ll look it up.</p>
          </NoticeCard>
        ) : booking.isPending || (status === 'pending' && booking.polling) ? (
          <Checking />
        ) : booking.isError ? (
          <NoticeCard
            icon={<CircleX aria-hidden className="h-8 w-8 shrink-0 text-red-700" />}
            title="We couldn't load your booking"
          >
            <p>
              If you have paid, your confirmation email is on its way. Otherwise please call us and we&apos;ll check for
              you.
            </p>
          </NoticeCard>
        ) : status === 'confirmed' ? (
          <ConfirmedBooking booking={booking.data} />
        ) : status === 'processing' ? (
          <NoticeCard
            icon={<Hourglass aria-hidden className="h-8 w-8 shrink-0 text-amber-700" />}
            title="Payment Processing"
          >
            <p>
              Your bank payment is on its way. Bank payments take 1-3 business days; your places are kept while it
              clears.
            </p>
            <p>We&apos;ll email your ticket as soon as it is confirmed (reference {booking.data.reference}).</p>
          </NoticeCard>
        ) : status === 'pending' ? (
          <NoticeCard
            icon={<Hourglass aria-hidden className="h-8 w-8 shrink-0 text-amber-700" />}
            title="Waiting for Payment"
          >
            <p>
              We haven&apos;t received your payment yet. If you have just paid, refresh this page in a minute; your
              confirmation email will follow.
            </p>
          </NoticeCard>
        ) : (
          <NoticeCard
            icon={<CircleX aria-hidden className="h-8 w-8 shrink-0 text-red-700" />}
            title={
              status === 'expired' ? 'Booking Expired' : status === 'failed' ? 'Payment Failed' : 'Booking Cancelled'
            }
          >
            <p>
              {status === 'expired'
                ? 'Your places were held for 15 minutes and the payment did not arrive in time, so nothing was charged.'
                : status === 'failed'
                  ? 'Your payment did not go through, so nothing was charged.'
                  : 'This booking has been cancelled. Any refund is on its way to your original payment method.'}
            </p>
            <Link to="/booking" className={`${secondaryButton} mt-2`}>
              Book Again
            </Link>
          </NoticeCard>
        )}
        <VenueContact />
        <div className="flex justify-center">
          <Link to="/" className={`${primaryButton} w-full sm:w-auto`}>
            <House aria-hidden className="h-5 w-5" />
            Return to Home
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
