import { Gift, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api';
import { problemText } from '../../lib/problem-text';
import { FieldError, secondaryButton, textInput } from '../ui/primitives';

/**
 * "Gift voucher code" on a party's deposit pay step and on its balance payment: the server spends what the
 * voucher has towards what is due at once (POST /api/parties/{id}/balance) and answers what is left for the
 * card. A refused code (unknown, void, expired, spent) is said by the field in the server's words.
 */
export function GiftVoucherApply({ onApply }: { onApply: (code: string) => Promise<void> }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const typed = code.trim();
    if (!typed) {
      setProblem('Please type your gift voucher code');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await onApply(typed);
      setCode('');
    } catch (err) {
      setProblem((err instanceof ApiError ? err.fields?.voucherCode?.[0] : undefined) ?? problemText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-2xl bg-slate-50 p-4">
      <label htmlFor={`${id}-code`} className="flex items-center gap-2 font-semibold text-slate-900">
        <Gift aria-hidden className="h-5 w-5 text-brand-700" />
        Gift voucher code<span className="font-normal text-slate-700"> (optional)</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        Got a Play Time Barn gift voucher? Type its code, like{' '}
        <span className="whitespace-nowrap">GV-ABCD-EFGH-JKMN-PQRS-TUVW</span>, and it pays what it can.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-code`}
          type="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          className={`${textInput} sm:flex-1`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <button type="button" className={secondaryButton} onClick={() => void apply()} disabled={busy}>
          {busy ? <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" /> : null}
          {busy ? 'Applying...' : 'Apply'}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={problem} />
    </div>
  );
}
