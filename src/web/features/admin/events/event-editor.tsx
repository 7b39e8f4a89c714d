import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { EventDetail } from '../../../../shared/contracts/events';
import { primaryButton, secondaryButton } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, apiGet, apiRequest } from '../../../lib/api';
import { CheckboxField, MoneyField, TextArea, TextField } from '../components/fields';
import { bodyOf, draftOf, emptyDraft, newSlot, serverErrors, type DraftErrors, type EventDraft } from './event-draft';
import { SlotRows } from './slot-rows';

/** Loads the event to edit (the public detail carries every field the editor needs), then shows the form. */
export function EventEditor({ id, onDone }: { id: string | null; onDone: (savedId: string | null) => void }) {
  const existing = useQuery({
    queryKey: ['/api/events', id],
    queryFn: () => apiGet<EventDetail>(`/api/events/${id}`),
    enabled: id !== null,
  });
  if (id && !existing.data) return <p className="text-slate-700">Loading the event...</p>;
  return <EventForm id={id} initial={existing.data ? draftOf(existing.data) : emptyDraft()} onDone={onDone} />;
}

/**
 * An admin creates or edits a special event (issue 51): prices in pounds, London's dates and times, slots
 * added (saved slots stay: families may hold them). The server judges the rest; its messages show by the field.
 */
function EventForm({
  id,
  initial,
  onDone,
}: {
  id: string | null;
  initial: EventDraft;
  onDone: (savedId: string | null) => void;
}) {
  const uid = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useMutation({
    mutationFn: (body: unknown) =>
      id
        ? apiRequest<EventDetail>('PATCH', `/api/admin/catalogue/events/${id}`, body)
        : apiRequest<EventDetail>('POST', '/api/admin/catalogue/events', body),
  });
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K], errorKey: string = key) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[errorKey] ? { ...e, [errorKey]: '' } : e));
  };
  const focusFirst = (found: DraftErrors) => {
    const first = Object.keys(found).find((k) => found[k]);
    if (first) requestAnimationFrame(() => document.getElementById(`${uid}-${first}`)?.focus());
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const built = bodyOf(draft);
    if (!built.ok) {
      setErrors(built.errors);
      focusFirst(built.errors);
      return;
    }
    const body = id && built.body.slots.length === 0 ? { ...built.body, slots: undefined } : built.body;
    save.mutate(body, {
      onSuccess: (saved) => {
        void client.invalidateQueries({ queryKey: ['/api/events'] });
        toast({ title: id ? 'Event saved' : 'Event created', description: `${saved.name} is saved.` });
        onDone(saved.id);
      },
      onError: (err) => {
        const found = err instanceof ApiError && err.fields ? serverErrors(err.fields, draft) : {};
        setErrors(found);
        focusFirst(found);
        toast({ title: 'Event not saved', description: err.message, variant: 'destructive' });
      },
    });
  }

  const f = (key: string) => ({ id: `${uid}-${key}`, error: errors[key] || undefined });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${uid}-title`} className="space-y-4 rounded-xl bg-white p-4">
      <h3 id={`${uid}-title`} className="text-xl font-bold text-brand-800">
        {id ? `Edit ${initial.name}` : 'New special event'}
      </h3>
      <TextField
        {...f('name')}
        label="Event name"
        value={draft.name}
        onChange={(v) => set('name', v)}
        maxLength={120}
      />
      <TextArea
        {...f('description')}
        label="Description"
        value={draft.description}
        onChange={(v) => set('description', v)}
        maxLength={4000}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          {...f('childPricePence')}
          label="Child price (£)"
          value={draft.childPrice}
          onChange={(v) => set('childPrice', v, 'childPricePence')}
        />
        <MoneyField
          {...f('adultPricePence')}
          label="Adult price (£)"
          value={draft.adultPrice}
          onChange={(v) => set('adultPrice', v, 'adultPricePence')}
        />
        <TextField
          {...f('onSaleAt')}
          label="On sale from (date, London)"
          type="date"
          value={draft.onSaleDate}
          onChange={(v) => set('onSaleDate', v, 'onSaleAt')}
        />
        <TextField
          id={`${uid}-onSaleTime`}
          label="On sale from (time, London)"
          type="time"
          value={draft.onSaleTime}
          onChange={(v) => set('onSaleTime', v, 'onSaleAt')}
        />
        <TextField
          {...f('familyCap')}
          label="Places one family may hold"
          inputMode="numeric"
          value={draft.familyCap}
          onChange={(v) => set('familyCap', v)}
        />
        <TextField
          {...f('admitPerMinute')}
          label="Families admitted a minute"
          hint="How fast the waiting room lets families in to choose."
          inputMode="numeric"
          value={draft.admitPerMinute}
          onChange={(v) => set('admitPerMinute', v)}
        />
      </div>
      <CheckboxField
        id={`${uid}-usesQueue`}
        label="Use the waiting room (a fair queue from the on-sale time)"
        checked={draft.usesQueue}
        onChange={(v) => set('usesQueue', v)}
      />
      <SlotRows
        uid={uid}
        slots={draft.slots}
        errors={errors}
        onChange={(slots) => setDraft((d) => ({ ...d, slots }))}
        onAdd={() => setDraft((d) => ({ ...d, slots: [...d.slots, newSlot()] }))}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : id ? 'Save the event' : 'Create the event'}
        </button>
        <button type="button" className={secondaryButton} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
