import { Search } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { referenceFormSchema, surnameFormSchema, type FindTicketsInput } from '../../../../shared/contracts/checkin';
import { useZodForm } from '../../../lib/use-zod-form';
import { KioskCard, kioskButton, kioskInput, kioskLabel } from './kiosk-ui';

/** A ticket token is far longer than a reference: a scanner that typed into this box scanned a ticket. */
const SCANNED_TOKEN_MIN = 20;

/**
 * "No ticket?": the booking reference, or surname plus the last 3 digits of the booking's phone
 * (DECISIONS.md "Kiosk privacy"). Never a name alone: that would show a stranger who is here today.
 */
export function NoTicketSearch({
  onFind,
  busy,
  onActivity,
  children,
}: {
  onFind: (input: FindTicketsInput) => void;
  busy: boolean;
  onActivity: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const ref = useZodForm({ reference: '' });
  const who = useZodForm({ surname: '', phoneDigits: '' });

  function byReference(e: FormEvent) {
    e.preventDefault();
    const raw = ref.values.reference.trim();
    if (raw.length >= SCANNED_TOKEN_MIN) {
      ref.set('reference', '');
      return onFind({ by: 'ticket', token: raw });
    }
    const parsed = ref.check(referenceFormSchema);
    if (parsed.ok) onFind({ by: 'reference', reference: parsed.data.reference });
  }

  function bySurname(e: FormEvent) {
    e.preventDefault();
    const parsed = who.check(surnameFormSchema);
    if (parsed.ok) onFind({ by: 'surname', ...parsed.data });
  }

  const field = (name: string, label: string, error: string | undefined, input: ReactNode) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${name}`} className={kioskLabel}>
        {label}
      </label>
      {input}
      {error ? (
        <p id={`${id}-${name}-error`} role="alert" className="mt-2 text-lg font-medium text-berry-700">
          {error}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (name: string, error: string | undefined) => ({
    id: `${id}-${name}`,
    className: kioskInput,
    autoComplete: 'off',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-${name}-error` : undefined,
  });
  const findButton = (
    <button type="submit" className={`${kioskButton} shrink-0`} disabled={busy}>
      <Search aria-hidden className="h-6 w-6" />
      Find Booking
    </button>
  );

  return (
    <KioskCard title="No Ticket?" icon={<Search aria-hidden className="h-7 w-7 text-brand-700" />}>
      <div className="grid gap-6 lg:grid-cols-2">
        <form onSubmit={byReference} noValidate role="search" aria-label="Find your booking by reference">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {field(
              'reference',
              'Booking reference',
              ref.errors.reference,
              <input
                {...inputProps('reference', ref.errors.reference)}
                value={ref.values.reference}
                autoCapitalize="characters"
                enterKeyHint="search"
                placeholder="e.g. PTB-7K3Q9X"
                maxLength={200}
                onChange={(e) => {
                  ref.set('reference', e.target.value);
                  onActivity();
                }}
              />,
            )}
            {findButton}
          </div>
        </form>
        <form onSubmit={bySurname} noValidate role="search" aria-label="Find your booking by surname and phone">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {field(
              'surname',
              'Surname',
              who.errors.surname,
              <input
                {...inputProps('surname', who.errors.surname)}
                value={who.values.surname}
                autoCapitalize="words"
                maxLength={80}
                onChange={(e) => {
                  who.set('surname', e.target.value);
                  onActivity();
                }}
              />,
            )}
            {field(
              'digits',
              'Last 3 digits of your phone',
              who.errors.phoneDigits,
              <input
                {...inputProps('digits', who.errors.phoneDigits)}
                value={who.values.phoneDigits}
                inputMode="numeric"
                enterKeyHint="search"
                placeholder="e.g. 123"
                maxLength={3}
                onChange={(e) => {
                  who.set('phoneDigits', e.target.value.replace(/\D/g, ''));
                  onActivity();
                }}
              />,
            )}
            {findButton}
          </div>
        </form>
      </div>
      {children}
    </KioskCard>
  );
}
