import { useState, type FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import { sessionEditSchema, type SessionEditInput } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { ApiError } from '../../../../lib/api';
import { smallPrimary } from '../../components/panel-parts';
import { catalogueRequest, idPath, useCatalogueEdit } from '../catalogue-api';
import { reportEditError } from '../edit-errors';
import { TextField } from '../../components/fields';
import { StaleAlert, useStale } from '../stale-alert';
import { cardClass } from '../section-parts';
import { useEditForm } from '../use-edit-form';
import { wholeErrors, wholeOr0 } from '../whole-number';

type Session = AdminCatalogue['sessions'][number];

function SessionForm({
  session,
  onStale,
  onSaved,
}: {
  session: Session;
  onStale: (c: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({ start: session.start, end: session.end, capacity: String(session.capacity) });
  // A change that would strand sold bookings is refused with a message naming them: kept in view, not only toasted.
  const [refusal, setRefusal] = useState('');
  const save = useCatalogueEdit((input: SessionEditInput) =>
    catalogueRequest('PATCH', idPath('sessions', session.id), input),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setRefusal('');
    const parsed = f.check(sessionEditSchema, {
      input: (v) => ({ ...v, capacity: wholeOr0(v.capacity), version: session.version }),
      also: (v) => wholeErrors(v, ['capacity']),
    });
    if (!parsed.ok) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        onSaved();
        toast({
          title: 'Session saved',
          description: `${parsed.data.start} to ${parsed.data.end}, ${parsed.data.capacity} places.`,
        });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'sessions_in_use') setRefusal(err.message);
        reportEditError(err, { what: 'Session', keys: f.keys, show: f.show, onStale });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Times and places of ${session.label}`}>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField {...f.text('start')} label="Starts" type="time" step={300} />
        <TextField {...f.text('end')} label="Ends" type="time" step={300} />
        <TextField
          {...f.text('capacity')}
          label="Places (children)"
          inputMode="numeric"
          hint="Usual places; one date's places are changed on the Booking Calendar."
        />
      </div>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-2xl border border-red-200 bg-red-50 p-3 break-words text-red-900">
          {refusal}
        </p>
      ) : null}
      <button type="submit" className={`${smallPrimary} mt-3 min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save session'}
        <span className="sr-only"> {session.label}</span>
      </button>
    </form>
  );
}

/** One session's card: its label, the stale alert and the form (replaced when its version changes). */
export function SessionCard({ session }: { session: Session }) {
  const stale = useStale();
  const headingId = `session-${session.id}`;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h4 id={headingId} className="mb-3 text-lg font-bold text-brand-800">
        {session.label}
      </h4>
      <StaleAlert stale={stale} />
      <SessionForm key={session.version} session={session} onStale={stale.onStale} onSaved={stale.clear} />
    </section>
  );
}
