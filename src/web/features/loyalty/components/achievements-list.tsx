import { CircleCheck } from 'lucide-react';
import { Spinner } from '../../../components/ui/primitives';
import { useAchievements } from '../api/loyalty-queries';

export function AchievementsList({ memberId }: { memberId: string }) {
  const q = useAchievements(memberId);
  if (q.isPending) return <Spinner label="Loading achievements..." />;
  if (q.isError)
    return (
      <p className="rounded-2xl bg-white p-4 text-slate-800">
        We could not load your achievements just now. Please try again later.
      </p>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {q.data.achievements.map((a) => (
        <li
          key={a.id}
          className={`rounded-3xl border bg-white p-5 shadow-sm ${a.earned ? 'border-brand-700' : 'border-slate-200'}`}
        >
          <div className="flex items-start justify-between gap-2">
            <span aria-hidden className={`text-3xl ${a.earned ? '' : 'grayscale'}`}>
              {a.icon}
            </span>
            <span className="rounded-full bg-berry-700 px-3 py-1 text-sm font-bold text-white">
              +{a.pointsReward} pts
            </span>
          </div>
          <h3 className="mt-2 text-lg font-bold text-slate-900">{a.title}</h3>
          <p className="text-slate-700">{a.description}</p>
          <p className={`mt-2 flex items-center gap-1 font-semibold ${a.earned ? 'text-brand-800' : 'text-slate-600'}`}>
            {a.earned ? (
              <>
                <CircleCheck aria-hidden className="h-5 w-5" /> Earned
              </>
            ) : (
              'Not earned yet'
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
