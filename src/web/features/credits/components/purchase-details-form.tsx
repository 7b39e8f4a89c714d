import { useRef, type FormEvent } from 'react';
import type { CreditPurchaseInput } from '../../../../shared/contracts/credits';
import { toast } from '../../../components/ui/toast-store';
import { Card, FieldError, textInput } from '../../../components/ui/primitives';
import { ContinueToPaymentButton } from '../../../components/payment/continue-to-payment-button';
import { useZodForm } from '../../../lib/use-zod-form';
import { ExistingCreditsNotice } from './existing-credits-notice';
import { PrivacyNote } from '../../../components/privacy-note';

const fields = [
  { name: 'customerName', label: 'Full Name', type: 'text', autoComplete: 'name', inputMode: 'text' },
  { name: 'customerEmail', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'customerPhone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
] as const;
type Fields = Record<(typeof fields)[number]['name'], string>;

// zod and the schema are a quarter of the page's script: they load once the visitor starts on the form
// (first focus), not with the page (docs/decisions/014), and submitting waits for them if need be.
let loading: Promise<typeof import('../../../../shared/contracts/credits')> | null = null;
function loadCreditsSchema() {
  loading ??= import('../../../../shared/contracts/credits').catch((err: unknown) => {
    loading = null; // a failed download (offline) is retried on the next attempt
    throw err;
  });
  return loading;
}

/** The info step's form, validated with the server's own schema (SPEC.md section 5 messages). */
export function PurchaseDetailsForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (v: CreditPurchaseInput) => void;
}) {
  // After the first submit each change is checked again at once, so a message goes when it is put right.
  const { values, errors, set, check } = useZodForm<Fields>(
    { customerName: '', customerEmail: '', customerPhone: '' },
    {
      afterChange: 'recheck',
      order: fields.map((f) => f.name),
      focus: (f) => document.getElementById(`credits-${f}`)?.focus(),
    },
  );
  const email = values.customerEmail;
  const busy = useRef(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const parsed = check((await loadCreditsSchema()).creditPurchaseSchema);
      if (parsed.ok) onSubmit(parsed.data);
    } catch {
      // Only the schema's download can fail here (offline): say so, the next submit tries again.
      toast({
        title: 'Connection Problem',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      busy.current = false;
    }
  }

  return (
    <Card>
      <h2 className="text-2xl font-bold text-slate-900">Your Details</h2>
      <p className="mt-1 text-slate-700">
        Use the email you will book with: credits are applied to bookings made with it.
      </p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => void submit(e)}
        onFocus={() => void loadCreditsSchema().catch(() => undefined)}
      >
        {fields.map((f) => {
          const error = errors[f.name];
          return (
            <div key={f.name}>
              <label htmlFor={`credits-${f.name}`} className="block font-semibold text-slate-900">
                {f.label}
              </label>
              <input
                id={`credits-${f.name}`}
                type={f.type}
                autoComplete={f.autoComplete}
                inputMode={f.inputMode}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `credits-${f.name}-error` : undefined}
                className={`${textInput} mt-1`}
                name={f.name}
                value={values[f.name]}
                onChange={(e) => set(f.name, e.target.value)}
              />
              <FieldError id={`credits-${f.name}-error`} message={error} />
              {f.name === 'customerEmail' ? (
                <div className="mt-2">
                  <ExistingCreditsNotice email={email} />
                </div>
              ) : null}
            </div>
          );
        })}
        <PrivacyNote />
        <ContinueToPaymentButton pending={pending} />
      </form>
    </Card>
  );
}
