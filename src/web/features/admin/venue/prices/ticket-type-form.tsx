import type { FormEvent } from 'react';
import type { AdminCatalogue, SellDays } from '../../../../../shared/catalogue';
import { ticketTypeEditSchema, type TicketTypeEditInput } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { catalogueRequest, idPath, useCatalogueEdit } from '../catalogue-api';
import { reportEditError } from '../edit-errors';
import { CheckboxField, CheckboxGroup, SelectField, TextArea, TextField } from '../../components/fields';
import type { Stale } from '../stale-alert';
import { useEditForm } from '../use-edit-form';

type TicketType = AdminCatalogue['ticketTypes'][number];

const sellDayOptions: { value: SellDays; label: string }[] = [
  { value: 'any', label: 'Every day' },
  { value: 'weekdays', label: 'Weekdays only' },
  { value: 'weekends', label: 'Weekends only' },
];

/** A ticket type's words, when it sells, and whether it is sold at all. */
export function TicketTypeForm({
  type,
  sessions,
  stale,
}: {
  type: TicketType;
  sessions: AdminCatalogue['sessions'];
  stale: Stale;
}) {
  const f = useEditForm({
    title: type.title,
    description: type.description,
    ageRange: type.ageRange,
    sellDays: type.sellDays as string,
    sessionIds: type.sessionIds,
    active: type.active,
  });
  const save = useCatalogueEdit((input: TicketTypeEditInput) =>
    catalogueRequest('PATCH', idPath('ticket-types', type.id), input),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(ticketTypeEditSchema, { input: (v) => ({ ...v, version: type.version }) });
    if (!parsed.ok) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        stale.clear();
        toast({ title: 'Ticket type saved', description: `${parsed.data.title} is updated.` });
      },
      onError: (err) =>
        reportEditError(err, { what: 'Ticket type', keys: f.keys, show: f.show, onStale: stale.onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Details of ${type.title}`} className="mt-3 space-y-4">
      <TextField {...f.text('title')} label="Title" maxLength={80} />
      <TextArea {...f.text('description')} label="Description" maxLength={300} />
      <TextField {...f.text('ageRange')} label="Age range" maxLength={40} />
      <SelectField {...f.text('sellDays')} label="Sold on" options={sellDayOptions} />
      <CheckboxGroup
        id={f.fieldId('sessionIds')}
        legend="Sessions"
        hint="None ticked: sold for every session."
        options={sessions.map((s) => ({ id: s.id, label: s.label }))}
        chosen={f.values.sessionIds}
        onChange={(ids) => f.set('sessionIds', ids)}
        error={f.errors.sessionIds}
      />
      <CheckboxField
        id={f.fieldId('active')}
        label="On sale (families can book it)"
        checked={f.values.active}
        onChange={(on) => f.set('active', on)}
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save ticket type'}
      </button>
    </form>
  );
}
