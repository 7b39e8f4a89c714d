import { Trash2 } from 'lucide-react';
import type { RestrictionDto } from '../../../../shared/contracts/admin-calendar';
import { toast } from '../../../components/ui/toast-store';
import { useRemoveRestriction } from '../api/admin-calendar-api';
import { longDate } from '../../../../shared/date-text';
import { Pill } from '../components/pill';
import { smallSecondary } from '../components/panel-parts';

function RestrictionItem({ r }: { r: RestrictionDto }) {
  const remove = useRemoveRestriction();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {longDate(r.date)} <Pill tone={r.sessionId ? 'amber' : 'red'}>{r.timeSlot}</Pill>
        </p>
        <p className="mt-1 font-semibold text-slate-800">{r.reason}</p>
        {r.description ? <p className="break-words text-slate-700">{r.description}</p> : null}
        <p className="mt-1 text-sm text-slate-700">Added by {r.createdBy}</p>
      </div>
      <button
        type="button"
        className={smallSecondary}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(r.id, {
            onSuccess: () =>
              toast({
                title: 'Restriction removed',
                description: `${r.timeSlot} on ${longDate(r.date)} is open for booking again.`,
              }),
            onError: (err) =>
              toast({ title: 'Failed to remove restriction', description: err.message, variant: 'destructive' }),
          })
        }
      >
        <Trash2 aria-hidden className="h-4 w-4" />
        {remove.isPending ? 'Removing...' : 'Remove'}
        <span className="sr-only">
          {' '}
          {r.reason}, {r.timeSlot} on {longDate(r.date)}
        </span>
      </button>
    </li>
  );
}

/** Upcoming blocks, by date, each removable (the server keeps an audit entry of what was removed). */
export function RestrictionList({ restrictions }: { restrictions: RestrictionDto[] }) {
  return (
    <ul className="mt-3 space-y-3">
      {restrictions.map((r) => (
        <RestrictionItem key={r.id} r={r} />
      ))}
    </ul>
  );
}
