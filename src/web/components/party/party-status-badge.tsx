import type { FamilyPartyView } from '../../../shared/contracts/party-booking';

/** A party's status as the family reads it, on its party page and on My Bookings. */
const looks: Record<FamilyPartyView['status'], { label: string; className: string }> = {
  confirmed: { label: 'Booked', className: 'bg-brand-100 text-brand-800' },
  held: { label: 'Waiting for the deposit', className: 'bg-sun-300/50 text-slate-900' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-200 text-slate-800' },
  expired: { label: 'Not booked (the hold ended)', className: 'bg-slate-200 text-slate-800' },
};

export function PartyStatusBadge({ status }: { status: FamilyPartyView['status'] }) {
  const look = looks[status];
  return (
    <p className={`inline-flex shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${look.className}`}>
      <span className="sr-only">Status: </span>
      {look.label}
    </p>
  );
}
