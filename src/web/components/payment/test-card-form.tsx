import { FlaskConical } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { testPaymentConfirmSchema, type TestPaymentConfirmResponse } from '../../../shared/contracts/booking';
import { ApiError, apiPost } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { PaymentActions } from './payment-actions';
import type { PaymentOutcome } from './payment-outcome';
import { FieldError, textInput } from '../ui/primitives';

type Values = { cardNumber: string; expiry: string; cvc: string; name: string };
const fields: { name: keyof Values; label: string; autoComplete: string; placeholder: string; wide?: boolean }[] = [
  {
    name: 'cardNumber',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    wide: true,
  },
  { name: 'expiry', label: 'Expiry date', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123' },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name', placeholder: 'Full name', wide: true },
];

/** Groups card digits in fours and writes the expiry as MM / YY while the family types. */
function tidy(name: keyof Values, raw: string): string {
  if (name === 'cardNumber')
    return raw
      .replace(/\D/g, '')
      .slice(0, 19)
      .replace(/(\d{4})(?=\d)/g, '$1 ');
  if (name === 'expiry') {
    const d = raw.replace(/\D/g, '').slice(0, 4);
    return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
  }
  if (name === 'cvc') return raw.replace(/\D/g, '').slice(0, 4);
  return raw;
}

export type TestCardFormProps = {
  clientSecret: string;
  amount: number;
  onOutcome: (o: PaymentOutcome) => void;
  /** The pay button's words; "Pay £x.xx" unless the page says otherwise. */
  submitLabel?: string;
  /** A button shown beside the pay button (the credits page's Back). */
  secondaryAction?: ReactNode;
};

/**
 * The offline TEST MODE provider's card form (DECISIONS.md "Money and payments"): used when the server
 * has no Stripe keys, for bookings and credit bundles alike. It posts to /api/test-payments/confirm,
 * which confirms through the same code as Stripe.
 */
export function TestCardForm({ clientSecret, amount, onOutcome, submitLabel, secondaryAction }: TestCardFormProps) {
  const { values, errors, set, check } = useZodForm<Values>({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const [busy, setBusy] = useState(false);

  const pay = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = check(testPaymentConfirmSchema, {
      input: (v) => ({ clientSecret, ...v, name: v.name || undefined }),
    });
    if (!parsed.ok) return;
    setBusy(true);
    try {
      const res = await apiPost<TestPaymentConfirmResponse>('/api/test-payments/confirm', parsed.data);
      onOutcome(
        res.status === 'failed'
          ? { status: 'failed', message: res.message ?? 'Your card was declined.' }
          : { status: res.status },
      );
    } catch (err) {
      onOutcome({
        status: 'failed',
        message: err instanceof ApiError ? err.message : 'We could not reach the payment service. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate className="space-y-5">
      <div className="rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-4">
        <p className="flex items-center gap-2 font-bold tracking-wide text-amber-900">
          <FlaskConical aria-hidden className="h-5 w-5" />
          TEST MODE
        </p>
        <p className="mt-1 text-sm text-slate-800">
          No real money is taken. Use any future expiry date and any 3-digit CVC.
        </p>
        <ul className="mt-2 space-y-1 text-sm text-slate-900">
          <li>
            <span className="font-mono font-semibold">4242 4242 4242 4242</span> succeeds
          </li>
          <li>
            <span className="font-mono font-semibold">4000 0000 0000 0002</span> is declined
          </li>
        </ul>
      </div>
      <div className="grid grid-cols-2 gap-4">
        {fields.map((f) => (
          <div key={f.name} className={f.wide ? 'col-span-2' : ''}>
            <label htmlFor={f.name} className="block font-semibold text-slate-900">
              {f.label}
            </label>
            <input
              id={f.name}
              autoComplete={f.autoComplete}
              inputMode={f.name === 'name' ? 'text' : 'numeric'}
              placeholder={f.placeholder}
              value={values[f.name]}
              onChange={(e) => set(f.name, tidy(f.name, e.target.value))}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `${f.name}-error` : undefined}
              className={`${textInput} mt-1 ${f.name === 'name' ? '' : 'font-mono'}`}
            />
            <FieldError id={`${f.name}-error`} message={errors[f.name]} />
          </div>
        ))}
      </div>
      <PaymentActions amount={amount} busy={busy} submitLabel={submitLabel} secondaryAction={secondaryAction} />
    </form>
  );
}
