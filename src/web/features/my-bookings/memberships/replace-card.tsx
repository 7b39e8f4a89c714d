import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useReplaceMemberCard } from '../../../api/memberships';

const button =
  'inline-flex min-h-12 items-center gap-2 rounded-2xl border-2 border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60';

/**
 * A lost or shared member card replaced (issue 46): asked once more, since the old card stops working at once
 * (at the kiosk and in its offline list); the server's words then show on the membership's card.
 */
export function ReplaceCard({
  id,
  email,
  describedBy,
  onDone,
}: {
  id: string;
  email: string;
  describedBy: string;
  onDone: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const replace = useReplaceMemberCard(email);
  if (!confirming)
    return (
      <button type="button" className={button} aria-describedby={describedBy} onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden className="h-5 w-5" />
        Replace my card
      </button>
    );
  return (
    <div role="group" aria-label="Replace your member card?" className="rounded-2xl border border-slate-200 p-3">
      <p className="font-semibold text-slate-900">
        Replace your member card? Your old card stops working straight away, on paper and on any phone.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          disabled={replace.isPending}
          onClick={() =>
            replace.mutate(id, {
              onSuccess: (res) => {
                setConfirming(false);
                onDone(res.message);
              },
              onError: (err) => {
                setConfirming(false);
                onDone(err.message);
              },
            })
          }
        >
          {replace.isPending ? 'Replacing...' : 'Yes, replace my card'}
        </button>
        <button type="button" className={button} onClick={() => setConfirming(false)}>
          Keep my card
        </button>
      </div>
    </div>
  );
}
