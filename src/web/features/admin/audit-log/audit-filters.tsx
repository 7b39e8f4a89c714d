import { Filter } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { auditLogQuerySchema, type AuditLogQuery } from '../../../../shared/contracts/staff-accounts';
import { FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { useZodForm } from '../../../lib/use-zod-form';

type Fields = { actor: string; from: string; to: string };

/** Person (a username, "kiosk:<device>" or "system"; suggestions from the accounts) and a date range. */
export function AuditFilters({ people, onApply }: { people: string[]; onApply: (q: AuditLogQuery) => void }) {
  const id = useId();
  const { values, errors, set, check, reset } = useZodForm<Fields>({ actor: '', from: '', to: '' });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(auditLogQuerySchema, {
      input: (v) => ({ actor: v.actor.trim() || undefined, from: v.from || undefined, to: v.to || undefined }),
    });
    if (parsed.ok) onApply(parsed.data);
  }

  const label = 'mb-1 block font-semibold text-slate-900';
  const input = (name: keyof Fields, text: string, type: 'text' | 'date') => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${name}`} className={label}>
        {text}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        className={textInput}
        list={name === 'actor' ? `${id}-people` : undefined}
        maxLength={type === 'text' ? 80 : undefined}
        autoComplete="off"
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-err` : undefined}
      />
      <FieldError id={`${id}-${name}-err`} message={errors[name]} />
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Filter the audit log"
      className="mt-4 grid items-start gap-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_auto]"
    >
      {input('actor', 'Person', 'text')}
      <datalist id={`${id}-people`}>
        {people.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {input('from', 'From', 'date')}
      {input('to', 'To', 'date')}
      <div className="flex flex-wrap gap-2 self-end sm:col-span-3 lg:col-span-1">
        <button type="submit" className={primaryButton}>
          <Filter aria-hidden className="h-5 w-5" />
          Show
        </button>
        <button
          type="button"
          className="min-h-12 rounded-full px-4 font-semibold text-brand-800 underline hover:bg-brand-50"
          onClick={() => {
            reset();
            onApply({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
