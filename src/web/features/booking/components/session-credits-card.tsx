import { Coins } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useCreditBalance } from '../../../api/credit-balance';
import { useFamilySession } from '../../../api/family-session';
import { ConfirmEmailForm } from '../../../components/family/confirm-email-form';
import { Card, Spinner } from '../../../components/ui/primitives';

// Only a family already signed in sees it: out of the page's first visit (docs/decisions/014).
const FamilySessionBar = lazy(async () => ({
  default: (await import('../../../components/family/family-session-bar')).FamilySessionBar,
}));

/**
 * Session credits on step 1 (DECISIONS.md "Families' data"): an address proves nothing, so the card asks
 * for the e-mailed code first and says nothing about any balance until then. Once confirmed it shows the
 * balance and reports it upward for the order summary's estimate.
 */
export function SessionCreditsCard({
  onCredits,
  className = '',
}: {
  onCredits: (credits: number) => void;
  className?: string;
}) {
  const session = useFamilySession();
  const email = session.data?.email ?? '';
  const balance = useCreditBalance(email);
  const credits = balance.data?.totalActiveCredits ?? 0;
  useEffect(() => {
    onCredits(credits);
  }, [credits, onCredits]);

  return (
    <Card className={className}>
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Coins aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
        {email ? 'Your Session Credits' : 'Have session credits? Confirm your e-mail to use them'}
      </h2>
      <div aria-live="polite" className="mt-3">
        {session.isPending ? (
          <Spinner label="Checking..." className="justify-start py-1" />
        ) : !email ? (
          <ConfirmEmailForm idPrefix="credits-confirm" />
        ) : (
          <div className="space-y-2">
            <Suspense fallback={null}>
              <FamilySessionBar email={email} />
            </Suspense>
            {balance.isPending ? (
              <Spinner label="Checking your credits..." className="justify-start py-1" />
            ) : balance.isError ? (
              <p className="text-slate-700">We couldn&apos;t check your credits just now. Please try again shortly.</p>
            ) : credits > 0 ? (
              <p className="font-semibold text-brand-800">
                You have {credits} active {credits === 1 ? 'credit' : 'credits'}. They will be applied automatically to
                child tickets when you book with this email.
              </p>
            ) : (
              <p className="text-slate-700">No active credits found for this email address</p>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
