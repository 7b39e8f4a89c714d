import { Coins } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/primitives';
import { useCreditBalance } from '../../../api/credit-balance';

/**
 * The credits the typed e-mail already has: looked up once it contains @ (no retry), after a pause in
 * typing. Says nothing for an address with none, and stays quiet if the lookup fails: it is a courtesy.
 */
export function ExistingCreditsNotice({ email }: { email: string }) {
  const [settled, setSettled] = useState(email);
  useEffect(() => {
    const t = setTimeout(() => setSettled(email), 400);
    return () => clearTimeout(t);
  }, [email]);
  const balance = useCreditBalance(settled);
  const credits = balance.data?.totalActiveCredits ?? 0;

  return (
    <div aria-live="polite" className="min-h-0">
      {!settled.includes('@') ? null : balance.isFetching ? (
        <Spinner label="Checking your existing credits..." className="justify-start py-1 text-sm" />
      ) : credits > 0 ? (
        <p className="flex gap-3 rounded-2xl border-2 border-brand-100 bg-brand-50 p-3 text-slate-900">
          <Coins aria-hidden className="h-6 w-6 shrink-0 text-brand-700" />
          <span>
            You already have{' '}
            <strong>
              {credits} active {credits === 1 ? 'credit' : 'credits'}
            </strong>{' '}
            on this email. New credits are added to them.
          </span>
        </p>
      ) : null}
    </div>
  );
}
