import type { BookingStatus } from '../../../../shared/contracts/booking';

// Only the statuses My Bookings lists (holds that never became a sale are not shown).
const looks: Partial<Record<BookingStatus, { label: string; className: string }>> = {
  confirmed: { label: 'Confirmed', className: 'bg-brand-100 text-brand-800' },
  processing: { label: 'Payment processing', className: 'bg-sun-300/50 text-slate-900' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-200 text-slate-800' },
  refunded: { label: 'Refunded', className: 'bg-slate-200 text-slate-800' },
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const look = looks[status] ?? { label: status, className: 'bg-slate-200 text-slate-800' };
  return (
    <p className={`inline-flex shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${look.className}`}>
      <span className="sr-only">Status: </span>
      {look.label}
    </p>
  );
}
