import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { GiftVoucherBalance } from '../../../shared/contracts/gift-vouchers';
import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import { Card, FieldError, primaryButton, textInput } from '../../components/ui/primitives';
import { useCheckGiftVoucher } from './gift-vouchers-api';

/** "Check a voucher": the balance and expiry of a code someone holds. */
export function BalanceCheck() {
  const id = useId();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<GiftVoucherBalance | null>(null);
  const [error, setError] = useState<string | undefined>();
  const check = useCheckGiftVoucher();

  function submit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    setError(undefined);
    if (!code.trim()) return setError('Please enter the code from your voucher');
    check.mutate(code.trim(), { onSuccess: setResult, onError: (err) => setError(err.message) });
  }

  return (
    <Card>
      <h2 className="text-xl font-bold text-slate-900">Check a voucher</h2>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${id}-code`} className="block font-semibold text-slate-900">
            Voucher code
          </label>
          <input
            id={`${id}-code`}
            className={`${textInput} mt-1 font-mono uppercase`}
            placeholder="GV-XXXX-XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-code-error` : undefined}
          />
          <FieldError id={`${id}-code-error`} message={error} />
        </div>
        <button type="submit" className={`${primaryButton} w-full`} disabled={check.isPending}>
          <Search aria-hidden className="h-5 w-5" />
          {check.isPending ? 'Checking...' : 'Check balance'}
        </button>
      </form>
      {result ? (
        <div role="status" className="mt-4 rounded-2xl bg-brand-50 p-4 text-slate-900">
          {result.status === 'active' ? (
            <>
              <p className="text-lg font-bold">{formatPence(result.balance)} left to spend</p>
              <p>Valid until {longDate(result.expiresOn)}.</p>
            </>
          ) : result.status === 'expired' ? (
            <p className="font-semibold">This voucher expired on {longDate(result.expiresOn)}.</p>
          ) : (
            <p className="font-semibold">This voucher is no longer valid. Please ask us if you think this is wrong.</p>
          )}
        </div>
      ) : null}
    </Card>
  );
}
