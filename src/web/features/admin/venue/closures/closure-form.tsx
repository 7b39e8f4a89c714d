import type { FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import { closureSchema, type ClosureInput, type ClosureResponse } from '../../../../../shared/contracts/catalogue';
import { todayInLondon } from '../../../../../shared/dates';
import { toast } from '../../../../components/ui/toast-store';
import { restrictionsKey } from '../../api/admin-calendar-api';
import { plural } from '../../lib/format';
import { smallPrimary } from '../../components/panel-parts';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';
import { reportEditError } from '../edit-errors';
import { SelectField, TextField } from '../../components/fields';
import { useEditForm } from '../use-edit-form';

export type ClosureDone = ClosureResponse & { reason: string };

/** Close a date or a range, the whole day or one session, with the reason families will see. */
export function ClosureForm({
  sessions,
  onClosed,
}: {
  sessions: AdminCatalogue['sessions'];
  onClosed: (done: ClosureDone) => void;
}) {
  const today = todayInLondon(new Date());
  const f = useEditForm({ from: '', to: '', sessionId: '', reason: '' });
  const close = useCatalogueEdit(
    (input: ClosureInput) => catalogueRequest<ClosureResponse>('POST', '/closures', input),
    [restrictionsKey],
  );

  function setFrom(from: string) {
    f.set('from', from);
    // A one-day closure is the usual case: the last day follows the first until it is set apart.
    if (from && (!f.values.to || f.values.to < from)) f.set('to', from);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(closureSchema, {
      input: (v) => ({ ...v, sessionId: v.sessionId || null }),
      also: (v) => ({ from: v.from && v.from < today ? 'Choose today or a later day' : undefined }),
    });
    if (!parsed.ok) return;
    close.mutate(parsed.data, {
      onSuccess: (res) => {
        f.reset();
        onClosed({ ...res, reason: parsed.data.reason });
        const n = res.affectedBookings.length;
        toast({
          title: 'Closure saved',
          description: `${plural(res.closedDays, 'day')} closed for booking. ${n === 0 ? 'No paid bookings are affected.' : `${plural(n, 'paid booking')} affected: see the list below.`}`,
        });
      },
      onError: (err) => reportEditError(err, { what: 'Closure', keys: f.keys, show: f.show }),
    });
  }

  const slotOptions = [
    { value: '', label: 'The whole day' },
    ...sessions.map((s) => ({ value: s.id, label: `Only ${s.label}` })),
  ];
  return (
    <form onSubmit={submit} noValidate aria-label="Close dates" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('from')} onChange={setFrom} label="First day closed" type="date" min={today} />
        <TextField {...f.text('to')} label="Last day closed" type="date" min={f.values.from || today} />
      </div>
      <SelectField {...f.text('sessionId')} label="What closes" options={slotOptions} />
      <TextField
        {...f.text('reason')}
        label="Reason families will see"
        maxLength={120}
        hint="Shown on the booking calendar and in the apology e-mail, e.g. Closed for maintenance."
      />
      <button type="submit" className={`${smallPrimary} min-h-12 w-full px-5 sm:w-auto`} disabled={close.isPending}>
        {close.isPending ? 'Closing...' : 'Close these dates'}
      </button>
    </form>
  );
}
