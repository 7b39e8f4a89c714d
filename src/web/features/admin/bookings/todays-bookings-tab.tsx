import { Mail, Phone } from 'lucide-react';
import type { TodaysBooking } from '../../../../shared/contracts/admin';
import { formatPence } from '../../../../shared/money';
import { useTodaysBookings } from '../api/todays-bookings';
import { BookingChildren, RulesOfPlayPill } from '../components/booking-family';
import { DayBadge } from '../components/day-badge';
import { Pill } from '../components/pill';
import { QueryState, UpdatedAt } from '../components/query-state';
import { longDate } from '../../../../shared/date-text';
import { formatTime, plural } from '../lib/format';

/** Today's Bookings: who is expected today, by session, and whether they have arrived. */
export function TodaysBookingsTab() {
  const query = useTodaysBookings();
  const state = <QueryState query={query} what="today's bookings" />;
  if (!query.data) return state;
  const { bookings, date } = query.data;
  // Slots in the server's order (all-day tickets first, then by session).
  const slots = [...new Set(bookings.map((b) => b.timeSlot))];
  const sum = (f: (b: TodaysBooking) => number) => bookings.reduce((n, b) => n + f(b), 0);
  const arrived = bookings.filter((b) => b.checkedIn).length;

  return (
    <section aria-labelledby="todays-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="todays-heading" className="text-xl font-bold text-slate-900">
            {longDate(date)}
          </h2>
          <p className="text-slate-700">
            {plural(bookings.length, 'booking')} ·{' '}
            {plural(
              sum((b) => b.numberOfChildren),
              'child',
              'children',
            )}{' '}
            ·{' '}
            {plural(
              sum((b) => b.numberOfAdults),
              'adult',
            )}{' '}
            · {arrived} checked in
          </p>
        </div>
        <UpdatedAt query={query} what="the list" />
      </div>
      {bookings.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No bookings for today yet. Paid online bookings for today appear here; walk-ins show on the Checked In tab
          once they check in.
        </p>
      ) : (
        slots.map((slot) => {
          const inSlot = bookings.filter((b) => b.timeSlot === slot);
          return (
            <section key={slot} aria-label={`${slot}: ${plural(inSlot.length, 'booking')}`}>
              <h3 className="mb-2 font-bold text-brand-800">
                {slot} <span className="font-normal text-slate-700">({plural(inSlot.length, 'booking')})</span>
              </h3>
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {inSlot.map((b) => (
                  <BookingCard key={b.id} booking={b} today={date} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}

function ArrivalState({ b }: { b: TodaysBooking }) {
  if (b.checkedOut && b.checkedOutAt) return <Pill tone="slate">Checked out {formatTime(b.checkedOutAt)}</Pill>;
  if (b.checkedIn && b.checkedInAt) return <Pill tone="green">Checked in {formatTime(b.checkedInAt)}</Pill>;
  return <Pill tone="amber">Not arrived</Pill>;
}

// Every booking here is today's (the server's venue date): the badge says so as SPEC.md words it.
function BookingCard({ booking: b, today }: { booking: TodaysBooking; today: string }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="text-lg font-bold break-words text-slate-900">{b.customerName}</h4>
          <p className="text-sm text-slate-700">{b.reference}</p>
        </div>
        <ArrivalState b={b} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <DayBadge visitDate={today} today={today} />
        <RulesOfPlayPill accepted={b.rulesOfPlayAccepted} />
      </div>
      <p className="text-slate-900">
        <span className="font-semibold">{plural(b.numberOfChildren, 'child', 'children')}</span>,{' '}
        {plural(b.numberOfAdults, 'adult')} · {formatPence(b.totalAmount)}
        {b.status === 'processing' ? (
          <span className="ml-2 text-sm font-semibold text-sky-900">(bank payment clearing)</span>
        ) : null}
      </p>
      <BookingChildren items={b.children} label={`Children coming with ${b.customerName}`} />
      <div className="flex flex-wrap gap-x-4 text-sm">
        <a
          href={`tel:${b.customerPhone.replace(/[^\d+]/g, '')}`}
          className="inline-flex min-h-11 items-center gap-1 text-brand-800 underline"
        >
          <Phone aria-hidden className="h-4 w-4" />
          {b.customerPhone}
        </a>
        <a
          href={`mailto:${b.customerEmail}`}
          className="inline-flex min-h-11 min-w-0 items-center gap-1 break-all text-brand-800 underline"
        >
          <Mail aria-hidden className="h-4 w-4 shrink-0" />
          {b.customerEmail}
        </a>
      </div>
    </li>
  );
}
