import { Store } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { walkInDetailsSchema, WALK_IN_NAME_MESSAGE } from '../../../../shared/contracts/checkin';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { CountStepper } from './count-stepper';
import { KioskCard, kioskButton, kioskInput, kioskLabel, kioskSecondaryButton } from './kiosk-ui';

export type WalkInDetails = { customerName: string; numberOfChildren: number; numberOfAdults: number };

/** "Paid at reception?": a family without an online booking tells us who is playing. */
export function WalkInForm({ onContinue, onCancel }: { onContinue: (d: WalkInDetails) => void; onCancel: () => void }) {
  const id = useId();
  const { values, errors, set, check } = useZodForm<WalkInDetails>(
    { customerName: '', numberOfChildren: 1, numberOfAdults: 1 },
    { afterChange: 'clear' },
  );
  // The steppers keep the counts in range, so the name is the one field with a message to show.
  const error = errors.customerName;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(walkInDetailsSchema);
    if (!parsed.ok) {
      if (parsed.errors.customerName === WALK_IN_NAME_MESSAGE)
        toast({
          title: 'Name Required',
          description: 'Please enter your name (at least 2 letters) to continue.',
          variant: 'destructive',
        });
      return;
    }
    onContinue(parsed.data);
  }

  return (
    <KioskCard title="Paid at Reception?" icon={<Store aria-hidden className="h-7 w-7 text-brand-700" />}>
      <p className="text-lg text-slate-800">
        Tell us who is playing today, then read and agree to our terms to check in.
      </p>
      <form className="mt-5 space-y-5" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-name`} className={kioskLabel}>
            Your name
          </label>
          <input
            id={`${id}-name`}
            className={kioskInput}
            value={values.customerName}
            maxLength={80}
            autoComplete="off"
            autoCapitalize="words"
            onChange={(e) => set('customerName', e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-lg font-medium text-berry-700">
              {error}
            </p>
          ) : null}
        </div>
        <CountStepper
          label="Children"
          value={values.numberOfChildren}
          min={1}
          max={10}
          onChange={(n) => set('numberOfChildren', n)}
        />
        <CountStepper
          label="Adults"
          value={values.numberOfAdults}
          min={0}
          max={10}
          onChange={(n) => set('numberOfAdults', n)}
        />
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <button type="submit" className={kioskButton}>
            Continue
          </button>
          <button type="button" className={kioskSecondaryButton} onClick={onCancel}>
            Back to Search
          </button>
        </div>
      </form>
    </KioskCard>
  );
}
