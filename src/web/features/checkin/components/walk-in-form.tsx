import { Store } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { walkInDetailsSchema, WALK_IN_NAME_MESSAGE } from '../../../../shared/contracts/checkin';
import { toast } from '../../../components/ui/toast-store';
import { CountStepper } from './count-stepper';
import { KioskCard, kioskButton, kioskInput, kioskLabel, kioskSecondaryButton } from './kiosk-ui';

export type WalkInDetails = { customerName: string; numberOfChildren: number; numberOfAdults: number };

/** "Paid at reception?": a family without an online booking tells us who is playing. */
export function WalkInForm({ onContinue, onCancel }: { onContinue: (d: WalkInDetails) => void; onCancel: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [children, setChildren] = useState(1);
  const [adults, setAdults] = useState(1);
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = walkInDetailsSchema.safeParse({
      customerName: name,
      numberOfChildren: children,
      numberOfAdults: adults,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      if (message === WALK_IN_NAME_MESSAGE)
        toast({
          title: 'Name Required',
          description: 'Please enter your name (at least 2 letters) to continue.',
          variant: 'destructive',
        });
      return;
    }
    setError(undefined);
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
            value={name}
            maxLength={80}
            autoComplete="off"
            autoCapitalize="words"
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-lg font-medium text-berry-700">
              {error}
            </p>
          ) : null}
        </div>
        <CountStepper label="Children" value={children} min={1} max={10} onChange={setChildren} />
        <CountStepper label="Adults" value={adults} min={0} max={10} onChange={setAdults} />
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
