import { FirstView, LoadingBlock } from '../../components/page-shell';
import { ArrowLeft, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '../../app/router';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PaymentPageLayout } from '../../components/payment/payment-page-layout';
import { ProviderPaymentForm } from '../../components/payment/provider-payment-form';
import { Card, secondaryButton, Spinner } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast-store';
import { useBookingStatus } from './api/booking-status';
import { BookingSummaryCard } from './components/booking-summary-card';
import { readPendingBooking } from './lib/pending-booking';

// A failed card may be retried while the booking is open; these states cannot be paid for any more.
const closed = new Set(['expired', 'cancelled', 'refunded']);

/**
 * /payment?client_secret=..&booking_id=..: the booking summary and the provider's payment form. The query and
 * the pending booking are the visitor's own: the prerendered first view is the frame, the page fills it.
 */
export function PaymentPage() {
  return (
    <FirstView shell={<PaymentFrame summary={<SummaryLoading />} />}>
      <Payment />
    </FirstView>
  );
}

const backToBooking = (
  <Link to="/booking" className={secondaryButton}>
    <ArrowLeft aria-hidden className="h-5 w-5" />
    Back to Booking
  </Link>
);

/** The booking summary's place while it loads: about the card's height, so the page does not move. */
const SummaryLoading = () => <LoadingBlock label="Loading your booking..." className="h-72" />;

function PaymentFrame({ summary, children }: { summary: ReactNode; children?: ReactNode }) {
  return (
    <PaymentPageLayout
      title="Complete Your Payment"
      intro="Your places are held for 15 minutes while you pay."
      back={backToBooking}
      summary={summary}
    >
      {/* The payment form's own first state (ProviderPaymentForm) while the shell shows. */}
      {children ?? (
        <div className="mt-4">
          <Spinner label="Loading payment form..." />
        </div>
      )}
    </PaymentPageLayout>
  );
}

function Payment() {
  const [params] = useSearchParams();
  const clientSecret = params.get('client_secret');
  const pending = readPendingBooking();
  const bookingId = params.get('booking_id') ?? pending?.bookingId ?? null;
  const booking = useBookingStatus(clientSecret ? bookingId : null);
  const navigate = useNavigate();

  if (!clientSecret || !bookingId) return <Navigate to="/booking" replace />;
  if (booking.data?.status === 'confirmed')
    return <Navigate to={`/booking-success?booking_id=${encodeURIComponent(bookingId)}`} replace />;

  const details = pending?.bookingId === bookingId ? pending.paymentDetails : undefined;
  const amount = details?.finalAmount ?? booking.data?.totalAmount ?? 0;
  const successUrl = `/booking-success?booking_id=${encodeURIComponent(bookingId)}`;

  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      toast({ title: 'Payment Failed', description: o.message, variant: 'destructive' });
      return;
    }
    if (o.status === 'succeeded')
      toast({ title: 'Payment Successful', description: 'Your booking has been confirmed!' });
    navigate(successUrl);
  };

  return (
    <PaymentFrame
      summary={
        booking.isPending ? (
          <SummaryLoading />
        ) : booking.isError ? (
          <Card>
            <p className="text-slate-800">
              We couldn&apos;t load your booking summary just now. You can still pay; we&apos;ll confirm everything by
              email.
            </p>
          </Card>
        ) : (
          <BookingSummaryCard booking={booking.data} amountDue={amount} creditSavings={details?.creditSavings} />
        )
      }
    >
      <div className="mt-4">
        {booking.data?.status === 'failed' ? (
          <p className="mb-4 rounded-2xl bg-amber-50 p-3 text-slate-900">
            Your last payment attempt did not go through. Please try again.
          </p>
        ) : null}
        {booking.data && closed.has(booking.data.status) ? (
          <div role="alert" className="flex gap-3 rounded-2xl bg-red-50 p-4 text-slate-900">
            <CircleX aria-hidden className="h-6 w-6 shrink-0 text-red-700" />
            <p>
              This booking can no longer be paid for (
              {booking.data.status === 'expired' ? 'the 15-minute hold has ended' : `it is ${booking.data.status}`}).
              Please go back and book again.
            </p>
          </div>
        ) : (
          <ProviderPaymentForm
            clientSecret={clientSecret}
            amount={amount}
            returnPath={successUrl}
            onOutcome={onOutcome}
          />
        )}
      </div>
    </PaymentFrame>
  );
}
