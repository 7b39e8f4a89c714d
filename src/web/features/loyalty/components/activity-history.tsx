import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { Spinner } from '../../../components/ui/primitives';
import { useTransactions } from '../api/loyalty-queries';

const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: VENUE_TIME_ZONE,
  });

/** Every points movement, newest first: earned in green, spent in red, each with its reason. */
export function ActivityHistory({ memberId }: { memberId: string }) {
  const q = useTransactions(memberId);
  if (q.isPending) return <Spinner label="Loading your activity..." />;
  if (q.isError)
    return (
      <p className="rounded-2xl bg-white p-4 text-slate-800">
        We could not load your activity just now. Please try again later.
      </p>
    );
  const list = q.data.transactions;
  if (list.length === 0)
    return (
      <p className="rounded-2xl bg-white p-4 text-slate-800">
        No activity yet. Points appear here after your first paid booking.
      </p>
    );
  return (
    <ul
      className="divide-y divide-slate-200 rounded-3xl border border-slate-200 bg-white shadow-sm"
      aria-label="Points history"
    >
      {list.map((t) => (
        <li key={t.id} className="flex items-center justify-between gap-3 p-4">
          <div>
            <p className="font-semibold text-slate-900">{t.description}</p>
            <p className="text-sm text-slate-700">{when(t.createdAt)}</p>
          </div>
          <span className={`shrink-0 text-lg font-bold ${t.points >= 0 ? 'text-brand-800' : 'text-berry-700'}`}>
            {t.points >= 0 ? '+' : '−'}
            {Math.abs(t.points)}
          </span>
        </li>
      ))}
    </ul>
  );
}
