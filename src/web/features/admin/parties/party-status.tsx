import type { StaffPartySummary } from '../../../../shared/contracts/admin-parties';
import { formatPence } from '../../../../shared/money';

const statusStyle: Record<StaffPartySummary['status'], { label: string; className: string }> = {
  held: { label: 'Held, deposit not paid', className: 'bg-amber-100 text-amber-900' },
  confirmed: { label: 'Confirmed', className: 'bg-emerald-100 text-emerald-900' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-200 text-slate-800' },
  expired: { label: 'Hold ran out', className: 'bg-slate-200 text-slate-800' },
};

export function PartyStatusPill({ status }: { status: StaffPartySummary['status'] }) {
  const s = statusStyle[status];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.className}`}>{s.label}</span>
  );
}

/** "Paid £50.00, £142.00 due by 13 June" with the overdue balance in red. */
export function PaidAndDue({ party }: { party: StaffPartySummary }) {
  if (party.status === 'cancelled') return <span>Paid {formatPence(party.paidPence)}</span>;
  if (party.duePence === 0) return <span className="font-semibold text-emerald-800">Paid in full</span>;
  return (
    <span>
      Paid {formatPence(party.paidPence)},{' '}
      <span className={party.balanceOverdue ? 'font-bold text-red-800' : 'font-semibold'}>
        {formatPence(party.duePence)} {party.balanceOverdue ? 'overdue' : 'due'}
      </span>
    </span>
  );
}
