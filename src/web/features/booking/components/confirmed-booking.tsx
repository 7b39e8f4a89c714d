import { Camera, CircleCheck } from 'lucide-react';
import { Link } from '../../../app/router';
import type { BookingStatusResponse } from '../../../../shared/contracts/booking';
import type { OpeningHoursView } from '../../../../shared/catalogue';
import { useCatalogue } from '../../../app/catalogue';
import { BookingSummaryCard } from './booking-summary-card';

const nextSteps = (openingHours: OpeningHoursView) => [
  `Arrive ${openingHours.arriveEarlyMinutes} minutes before your session so we can check you in.`,
  'Show this ticket (or the QR code in your confirmation email) at reception.',
  'Bring safety socks for everyone playing, or buy them at reception.',
  'Adults must supervise their children at all times.',
  `Last entry is ${openingHours.lastEntryLabel}. Cancel up to 24 hours before your visit for a full refund using the link in your email.`,
];

/** The confirmed booking: reference, QR ticket, details and what happens next. */
export function ConfirmedBooking({ booking }: { booking: BookingStatusResponse }) {
  const { openingHours } = useCatalogue();
  const firstName = booking.customerName.split(' ')[0];
  return (
    <div className="space-y-6">
      <div className="rounded-3xl bg-brand-700 p-6 text-center text-white">
        <CircleCheck aria-hidden className="mx-auto h-14 w-14" />
        <h2 className="mt-2 text-2xl font-bold sm:text-3xl">Booking Confirmed!</h2>
        <p className="mt-1 text-lg">Thank you, {firstName}. We can&apos;t wait to see you!</p>
        <p className="mt-4 text-sm tracking-wide uppercase">Booking reference</p>
        <p className="font-mono text-3xl font-bold tracking-widest" data-testid="booking-reference">
          {booking.reference}
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="ticket-title"
          className="rounded-3xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6"
        >
          <h2 id="ticket-title" className="text-xl font-bold text-slate-900">
            Your Ticket
          </h2>
          {booking.ticketQr ? (
            <img
              src={booking.ticketQr}
              width={220}
              height={220}
              alt={`QR code ticket for booking ${booking.reference}`}
              className="mx-auto mt-3 h-56 w-56 [image-rendering:pixelated]"
            />
          ) : (
            <p className="mt-3 text-slate-700">Your QR ticket is in your confirmation email.</p>
          )}
          <p className="mt-3 flex items-start justify-center gap-2 rounded-xl bg-sun-300/40 px-3 py-2 text-left text-sm font-medium text-slate-900">
            <Camera aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
            Take a screenshot of this page as your proof of purchase.
          </p>
        </section>
        <BookingSummaryCard booking={booking} heading="Booking Details" />
      </div>
      <section
        aria-labelledby="next-title"
        className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="next-title" className="text-xl font-bold text-slate-900">
          What Happens Next
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
          {nextSteps(openingHours).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p className="mt-4 text-slate-800">
          See all your bookings, with their tickets and a calendar entry, in{' '}
          <Link to="/my-bookings" className="font-semibold text-brand-800 underline">
            My Bookings
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
