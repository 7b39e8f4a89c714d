import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { type CreditPurchaseInput, creditPurchaseSchema } from '../../../../shared/contracts/credits';
import { Card, FieldError, primaryButton, Spinner, textInput } from '../../../components/ui/primitives';
import { ExistingCreditsNotice } from './existing-credits-notice';

const fields = [
  { name: 'customerName', label: 'Full Name', type: 'text', autoComplete: 'name', inputMode: 'text' },
  { name: 'customerEmail', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'customerPhone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
] as const;

const resolver = zodResolver(creditPurchaseSchema);

/** The info step's form, validated with the server's own schema (SPEC.md section 5 messages). */
export function PurchaseDetailsForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (v: CreditPurchaseInput) => void;
}) {
  const { register, handleSubmit, control, formState } = useForm<CreditPurchaseInput>({
    resolver,
    defaultValues: { customerName: '', customerEmail: '', customerPhone: '' },
  });
  const email = useWatch({ control, name: 'customerEmail' }) ?? '';
  const { errors } = formState;

  return (
    <Card>
      <h2 className="text-2xl font-bold text-slate-900">Your Details</h2>
      <p className="mt-1 text-slate-700">
        Use the email you will book with: credits are applied to bookings made with it.
      </p>
      <form noValidate className="mt-4 space-y-4" onSubmit={handleSubmit(onSubmit)}>
        {fields.map((f) => {
          const error = errors[f.name]?.message;
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
                {...register(f.name)}
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
        <button type="submit" className={`${primaryButton} w-full`} disabled={pending}>
          {pending ? (
            <Spinner label="Processing..." className="py-0 text-white [&_svg]:text-white" />
          ) : (
            <>
              Continue to Payment
              <ArrowRight aria-hidden className="h-5 w-5" />
            </>
          )}
        </button>
      </form>
    </Card>
  );
}
