import { CalendarDays, Clock, Ticket } from 'lucide-react';
import type { BookingStatusResponse } from '../../../../shared/contracts/booking';
import { formatPence } from '../../../../shared/money';
import { longDate } from '../../../../shared/date-text';

/** The booking as the server holds it: date, session, tickets and what was (or is to be) paid. */
export function BookingSummaryCard({
  booking,
  amountDue,
  creditSavings = booking.creditSavings ?? 0,
  heading = 'Booking Summary',
}: {
  booking: BookingStatusResponse;
  amountDue?: number;
  creditSavings?: number;
  heading?: string;
}) {
  return (
    <section
      aria-labelledby="booking-summary-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="booking-summary-title" className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <dl className="mt-4 space-y-3 text-slate-800">
        <div className="relative pl-8">
          <dt className="text-sm text-slate-600">
            <CalendarDays aria-hidden className="absolute top-0.5 left-0 h-5 w-5 text-brand-700" />
            Date
          </dt>
          <dd className="font-semibold">{longDate(booking.date)}</dd>
        </div>
        <div className="relative pl-8">
          <dt className="text-sm text-slate-600">
            <Clock aria-hidden className="absolute top-0.5 left-0 h-5 w-5 text-brand-700" />
            Session
          </dt>
          <dd className="font-semibold">{booking.sessionLabel}</dd>
        </div>
        <div className="relative pl-8">
          <dt className="text-sm text-slate-600">
            <Ticket aria-hidden className="absolute top-0.5 left-0 h-5 w-5 text-brand-700" />
            Tickets
          </dt>
          <dd>
            <ul>
              {booking.tickets.map((t) => (
                <li key={t.title} className="flex justify-between gap-3">
                  <span>
                    {t.quantity} × {t.title}
                  </span>
                  <span className="font-semibold whitespace-nowrap">{formatPence(t.unitPrice * t.quantity)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      {creditSavings > 0 ? (
        <p className="mt-3 text-sm font-medium text-brand-800">
          {booking.sessionCreditsUsed > 0
            ? `${booking.sessionCreditsUsed} session ${booking.sessionCreditsUsed === 1 ? 'credit' : 'credits'} saved you`
            : 'Session credits saved you'}{' '}
          {formatPence(creditSavings)}
        </p>
      ) : null}
      {booking.voucherDiscount > 0 ? (
        <p className="mt-1 text-sm font-medium text-brand-800">
          Your loyalty voucher saved you {formatPence(booking.voucherDiscount)}
        </p>
      ) : null}
      {booking.giftVoucher > 0 ? (
        <p className="mt-3 flex justify-between gap-3 font-medium text-brand-800" data-testid="gift-voucher-line">
          <span>Gift voucher</span>
          <span className="font-semibold whitespace-nowrap">−{formatPence(booking.giftVoucher)}</span>
        </p>
      ) : null}
      {booking.giftVoucherBalance !== undefined ? (
        <p className="mt-1 text-sm text-slate-700">
          {booking.giftVoucherBalance > 0
            ? `${formatPence(booking.giftVoucherBalance)} left on your gift voucher`
            : 'Your gift voucher is now used up'}
        </p>
      ) : null}
      <div className="mt-4 flex items-baseline justify-between border-t-2 border-slate-200 pt-4">
        <span className="text-lg font-bold text-slate-900">
          {amountDue !== undefined ? 'To pay' : booking.giftVoucher > 0 ? 'Paid by card' : 'Total'}
        </span>
        <span className="text-2xl font-bold text-brand-800">{formatPence(amountDue ?? booking.totalAmount)}</span>
      </div>
    </section>
  );
}
