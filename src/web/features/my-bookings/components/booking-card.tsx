import type { FamilyBookingDto } from '../../../../shared/contracts/family';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { useCatalogue } from '../../../app/catalogue';
import { BookingActions } from './booking-actions';
import { StatusBadge } from './status-badge';

/**
 * One booking, as the success page shows it: the date and session first, the reference and tickets, what
 * was paid, and for a visit still to come the ticket QR and what the family can do with it.
 */
export function BookingCard({
  booking: b,
  upcoming,
  email,
}: {
  booking: FamilyBookingDto;
  upcoming: boolean;
  email: string;
}) {
  const { venue } = useCatalogue();
  const titleId = `booking-${b.bookingId}-title`;
  const showQr = upcoming && b.ticketQr;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="family-booking"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {longDate(b.date)}
          </h3>
          <p className="text-slate-700">{b.sessionLabel}</p>
        </div>
        <StatusBadge status={b.status} />
      </div>
      <div className={`mt-4 grid gap-4 ${showQr ? 'sm:grid-cols-[1fr_auto]' : ''}`}>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-2 text-slate-800">
          <dt className="text-slate-600">Reference</dt>
          <dd className="font-mono font-semibold tracking-wide break-all">{b.reference}</dd>
          <dt className="text-slate-600">Tickets</dt>
          <dd>
            <ul>
              {b.tickets.map((t) => (
                <li key={t.title}>
                  {t.quantity} × {t.title}
                </li>
              ))}
            </ul>
          </dd>
          <dt className="text-slate-600">Paid</dt>
          <dd className="font-semibold">
            {formatPence(b.totalAmount)}
            {b.sessionCreditsUsed > 0 ? (
              <span className="block text-sm font-normal text-slate-700">
                and {b.sessionCreditsUsed} session {b.sessionCreditsUsed === 1 ? 'credit' : 'credits'}
              </span>
            ) : null}
            {b.voucherDiscount > 0 ? (
              <span className="block text-sm font-normal text-slate-700">
                after a {formatPence(b.voucherDiscount)} loyalty voucher
              </span>
            ) : null}
          </dd>
        </dl>
        {showQr ? (
          <div className="text-center">
            <img
              src={b.ticketQr}
              width={176}
              height={176}
              alt={`Ticket QR code for booking ${b.reference}`}
              className="mx-auto h-44 w-44 [image-rendering:pixelated]"
            />
            <p className="mt-1 text-sm text-slate-700">Show this at the check-in kiosk</p>
          </div>
        ) : null}
      </div>
      {upcoming && b.status === 'confirmed' && !b.cancellable ? (
        <p className="mt-4 text-sm text-slate-700">
          Your visit is less than 24 hours away, so it can no longer be cancelled online. Please call us on{' '}
          <a href={venue.phoneHref} className="font-semibold text-brand-800 underline">
            {venue.phone}
          </a>{' '}
          if your plans change.
        </p>
      ) : null}
      {b.status === 'cancelled' || b.status === 'refunded' ? (
        <p className="mt-4 text-sm text-slate-700">
          This visit is cancelled. Any refund goes back to the card you paid with
          {b.sessionCreditsUsed > 0 ? ', and the session credits to your account' : ''}.
        </p>
      ) : null}
      {b.status === 'processing' ? (
        <p className="mt-4 text-sm text-slate-700">
          Your bank payment is on its way. We e-mail your ticket as soon as it clears.
        </p>
      ) : null}
      {b.status === 'confirmed' ? <BookingActions booking={b} upcoming={upcoming} email={email} /> : null}
    </article>
  );
}
