import { CalendarDays, CircleCheck, CircleX, Clock, House } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatPence } from '../../../shared/money';
import { useCancelBooking, useCancelPreview } from './api/cancel-booking';
import { PageShell } from './components/page-shell';
import { Card, primaryButton, secondaryButton, Spinner } from './components/ui';
import { VenueContact } from './components/venue-contact';
import { longDate } from './lib/dates';

const dangerButton = primaryButton.replace('bg-brand-700', 'bg-red-700').replace('hover:bg-brand-800', 'hover:bg-red-800');

/**
 * /cancel-booking?token=..: the signed link in the confirmation e-mail. Shows the booking and what
 * cancelling now means (a full refund up to 24 hours before the visit, otherwise a clear refusal).
 */
export function CancelBookingPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const preview = useCancelPreview(token);
  const cancel = useCancelBooking(token);
  const done = cancel.data;

  return (
    <PageShell title="Cancel Your Booking">
      <div className="mx-auto max-w-2xl space-y-6">
        <Card>
          {!token ? (
            <p className="text-slate-800">This cancellation link is incomplete. Please use the link in your confirmation email, or call us.</p>
          ) : preview.isPending ? (
            <Spinner label="Finding your booking..." />
          ) : preview.isError ? (
            <p role="alert" className="flex gap-3 text-slate-800">
              <CircleX aria-hidden className="h-6 w-6 shrink-0 text-red-700" />
              {preview.error.message}
            </p>
          ) : (
            <div className="space-y-4">
              <div>
                <p className="text-sm text-slate-600">Booking reference</p>
                <p className="font-mono text-2xl font-bold tracking-widest text-slate-900">{preview.data.reference}</p>
              </div>
              <p className="flex items-center gap-3 text-slate-800">
                <CalendarDays aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
                {longDate(preview.data.date)}
              </p>
              <p className="flex items-center gap-3 text-slate-800">
                <Clock aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
                {preview.data.sessionLabel}
              </p>
              <div role="status" aria-live="polite">
                {done ? (
                  <p className="flex gap-3 rounded-2xl bg-brand-50 p-4 font-medium text-slate-900">
                    <CircleCheck aria-hidden className="h-6 w-6 shrink-0 text-brand-700" />
                    {done.message}
                  </p>
                ) : cancel.isError ? (
                  <p className="flex gap-3 rounded-2xl bg-red-50 p-4 text-slate-900">
                    <CircleX aria-hidden className="h-6 w-6 shrink-0 text-red-700" />
                    {cancel.error.message}
                  </p>
                ) : (
                  <p className="rounded-2xl bg-slate-50 p-4 text-slate-900">{preview.data.message}</p>
                )}
              </div>
              {!done && preview.data.refundable ? (
                <button type="button" className={`${dangerButton} w-full`} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                  {cancel.isPending ? (
                    <Spinner label="Cancelling..." className="py-0 text-white [&_svg]:text-white" />
                  ) : (
                    `Cancel My Booking and Refund ${formatPence(preview.data.refundAmount)}`
                  )}
                </button>
              ) : null}
            </div>
          )}
        </Card>
        <VenueContact />
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/booking" className={secondaryButton}>
            Book Another Visit
          </Link>
          <Link to="/" className={primaryButton}>
            <House aria-hidden className="h-5 w-5" />
            Return to Home
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
