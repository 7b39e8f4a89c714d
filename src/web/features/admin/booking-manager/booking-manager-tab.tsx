import { ArrowLeft, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { BookingSearchResponse } from '../../../../shared/contracts/booking-manager';
import { bookingSearchQuerySchema } from '../../../../shared/contracts/booking-manager';
import { longDate } from '../../../../shared/date-text';
import { todayInLondon } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSearchBookings } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';
import { DayBadge } from '../components/day-badge';
import { PanelHeader, smallSecondary } from '../components/panel-parts';
import { BookingDetailView } from './booking-detail';
import { StatusPill } from './status-pill';

/**
 * Staff tab "Bookings" (DECISIONS.md "Running the day"): find any booking by reference, name, e-mail,
 * phone or visit date, then open it.
 */
export function BookingManagerTab() {
  const id = useId();
  const search = useSearchBookings();
  const [result, setResult] = useState<BookingSearchResponse | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const { values, errors, set, check, setErrors } = useZodForm({ q: '' }, { afterChange: 'clear' });
  useSignInAgainOn(search.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(bookingSearchQuerySchema);
    if (!parsed.ok) return;
    search.mutate(parsed.data.q, {
      onSuccess: (res) => setResult(res),
      onError: (err) => setErrors({ q: err.message }),
    });
  }

  // The venue's date when the results are drawn, for each row's day badge.
  const today = todayInLondon(new Date());

  if (openId)
    return (
      <section aria-labelledby="booking-manager-heading">
        <h2 id="booking-manager-heading" className="sr-only">
          Bookings
        </h2>
        <button type="button" className={smallSecondary} onClick={() => setOpenId(null)}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to the results
        </button>
        <BookingDetailView id={openId} />
      </section>
    );

  return (
    <section aria-labelledby="booking-manager-heading">
      <PanelHeader
        id="booking-manager-heading"
        title="Bookings"
        intro="Find any booking by its reference, the family's name, e-mail or phone, or the visit date (2025-10-24 or 24/10/2025), then open it to see everything about it, resend the confirmation or cancel it."
      />
      <form onSubmit={submit} noValidate role="search" className="mt-4 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-q`} className="mb-1 block font-semibold text-slate-900">
            Reference, name, e-mail, phone or date
          </label>
          <input
            id={`${id}-q`}
            className={textInput}
            autoComplete="off"
            maxLength={100}
            value={values.q}
            onChange={(e) => set('q', e.target.value)}
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={errors.q ? `${id}-q-err` : undefined}
          />
          <FieldError id={`${id}-q-err`} message={errors.q} />
        </div>
        <button type="submit" className={`${primaryButton} sm:mt-7`} disabled={search.isPending}>
          <Search aria-hidden className="h-5 w-5" />
          {search.isPending ? 'Searching...' : 'Find bookings'}
        </button>
      </form>
      {result ? (
        <div className="mt-4" aria-live="polite">
          <p className="text-slate-700">
            {result.bookings.length === 0
              ? 'No booking matches. Check the spelling, or try part of the e-mail or phone.'
              : result.more
                ? `The newest ${result.limit} matches; type more to narrow it down.`
                : `${result.bookings.length} ${result.bookings.length === 1 ? 'booking' : 'bookings'}, newest first.`}
          </p>
          <ul className="mt-2 grid gap-3 md:grid-cols-2">
            {result.bookings.map((b) => (
              <li key={b.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono font-bold text-slate-900">{b.reference}</span>
                  <StatusPill status={b.status} />
                </p>
                <p className="mt-1 font-semibold break-words text-slate-900">{b.customerName}</p>
                <p className="text-sm break-words text-slate-700">
                  {b.customerEmail} · {b.customerPhone}
                </p>
                <p className="text-sm text-slate-700">
                  {longDate(b.visitDate)} · {b.sessionLabel} · {formatPence(b.finalPence)}
                </p>
                <p className="mt-2">
                  <DayBadge visitDate={b.visitDate} today={today} />
                </p>
                <button
                  type="button"
                  className={`${smallSecondary} mt-3`}
                  onClick={() => setOpenId(b.id)}
                  aria-label={`Open booking ${b.reference} for ${b.customerName}`}
                >
                  Open
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
