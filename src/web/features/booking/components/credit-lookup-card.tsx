import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useCreditBalance } from '../../../api/credit-balance';
import { Card, Spinner, textInput } from '../../../components/ui/primitives';

/**
 * "Do I have credits?": looks an e-mail up once it contains @ (SPEC.md section 5), after a short pause
 * in typing so a family does not send one request per keystroke. Reports the credits it finds upward.
 */
export function CreditLookupCard({
  onCredits,
  className = '',
}: {
  onCredits: (credits: number) => void;
  className?: string;
}) {
  const [email, setEmail] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSettled(email), 400);
    return () => clearTimeout(t);
  }, [email]);
  const lookup = useCreditBalance(settled);
  const credits = lookup.data?.totalActiveCredits ?? 0;
  useEffect(() => {
    onCredits(credits);
  }, [credits, onCredits]);

  return (
    <Card className={className}>
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Search aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
        Check Your Session Credits
      </h2>
      <label htmlFor="credit-email" className="mt-3 block font-medium text-slate-800">
        Email used to buy credits
      </label>
      <input
        id="credit-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        className={`${textInput} mt-1 md:max-w-md`}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
      />
      <div aria-live="polite" className="mt-2 min-h-6">
        {!settled.includes('@') ? null : lookup.isFetching ? (
          <Spinner label="Checking your credits..." className="justify-start py-1" />
        ) : lookup.isError ? (
          <p className="text-slate-700">
            We couldn&apos;t check your credits just now. They will still be applied when you book.
          </p>
        ) : credits > 0 ? (
          <p className="font-semibold text-brand-800">
            You have {credits} active {credits === 1 ? 'credit' : 'credits'}. They will be applied automatically to
            child tickets when you book with this email.
          </p>
        ) : (
          <p className="text-slate-700">No active credits found for this email address</p>
        )}
      </div>
    </Card>
  );
}
