import { useState } from 'react';
import { smallSecondary } from '../components/panel-parts';
import { CurrentValues } from './current-values';

/** Kept by an editor outside its form: the form is replaced with the current version, the alert stays. */
export function useStale() {
  const [stale, setStale] = useState<{ current: unknown } | null>(null);
  return {
    stale,
    onStale: (current: unknown) => setStale({ current }),
    clear: () => setStale(null),
  };
}

export type Stale = ReturnType<typeof useStale>;

/** DECISIONS.md "The venue owns its catalogue": an edit from a stale copy is refused and shown what it says now. */
export function StaleAlert({ stale: { stale, clear } }: { stale: Stale }) {
  if (!stale) return null;
  return (
    <div role="alert" className="mb-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
      <p className="font-bold">Someone else changed this while you were editing.</p>
      <p className="mt-1">It now says:</p>
      <div className="mt-2 rounded-xl bg-white p-3 text-slate-900">
        <CurrentValues value={stale.current} />
      </div>
      <p className="mt-2">The form now starts from these values: make your change again and save.</p>
      <button type="button" className={`${smallSecondary} mt-3`} onClick={clear}>
        Dismiss
      </button>
    </div>
  );
}
