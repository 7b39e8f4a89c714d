import { Search } from 'lucide-react';
import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
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

  return (
    <KioskCard title="No Ticket?" icon={<Search aria-hidden className="h-7 w-7 text-brand-700" />}>
      <div className="grid gap-6 lg:grid-cols-2">
        <SearchRow onSubmit={byReference} label="Find your booking by reference" busy={busy}>
          <SearchField
            id={`${id}-reference`}
            label="Booking reference"
            error={ref.errors.reference}
            value={ref.values.reference}
            onValue={(v) => {
              ref.set('reference', v);
              onActivity();
            }}
            autoCapitalize="characters"
            enterKeyHint="search"
            placeholder="e.g. PTB-7K3Q9X"
            maxLength={200}
          />
        </SearchRow>
        <SearchRow onSubmit={bySurname} label="Find your booking by surname and phone" busy={busy}>
          <SearchField
            id={`${id}-surname`}
            label="Surname"
            error={who.errors.surname}
            value={who.values.surname}
            onValue={(v) => {
              who.set('surname', v);
              onActivity();
            }}
            autoCapitalize="words"
            maxLength={80}
          />
          <SearchField
            id={`${id}-digits`}
            label="Last 3 digits of your phone"
            error={who.errors.phoneDigits}
            value={who.values.phoneDigits}
            onValue={(v) => {
              who.set('phoneDigits', v.replace(/\D/g, ''));
              onActivity();
            }}
            inputMode="numeric"
            enterKeyHint="search"
            placeholder="e.g. 123"
            maxLength={3}
          />
        </SearchRow>
      </div>
      {children}
    </KioskCard>
  );
}

/** One search form: its fields side by side from tablet width, and its own Find Booking button. */
function SearchRow({
  onSubmit,
  label,
  busy,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  label: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate role="search" aria-label={label}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {children}
        <button type="submit" className={`${kioskButton} shrink-0`} disabled={busy}>
          <Search aria-hidden className="h-6 w-6" />
          Find Booking
        </button>
      </div>
    </form>
  );
}

/** A labelled kiosk text box with its error (read out, and tied to the box) under it. */
function SearchField({
  id,
  label,
  error,
  onValue,
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className={kioskLabel}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={kioskInput}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-lg font-medium text-berry-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
