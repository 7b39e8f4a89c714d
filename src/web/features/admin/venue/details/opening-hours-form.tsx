import type { FormEvent } from 'react';
import { clockLabel, type VenueDocument } from '../../../../../shared/catalogue';
import { venueEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { TextField } from '../../components/fields';
import { RowsField } from '../rows-field';
import { useEditForm } from '../use-edit-form';
import { wholeErrors, wholeOr0 } from '../whole-number';
import { useSaveVenue, type VenueFormProps } from './save-venue';

const hoursSchema = venueEditSchema.shape.openingHours.unwrap();
const dayColumns = [
  { key: 'days', label: 'Days', placeholder: 'Monday - Friday' },
  { key: 'hours', label: 'Hours', placeholder: '9:30am - 4:00pm' },
] as const;

/** Opening hours: the lines families read, and the times booking and check-in go by. */
export function OpeningHoursForm({ value, version, onStale, onSaved }: VenueFormProps<VenueDocument['openingHours']>) {
  const f = useEditForm({
    days: value.days.map((d) => ({ days: d.days, hours: d.hours })),
    opens: value.opens,
    closes: value.closes,
    lastEntry: value.lastEntry,
    arriveEarlyMinutes: String(value.arriveEarlyMinutes),
  });
  const save = useSaveVenue();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(hoursSchema, {
      input: (v) => ({ ...v, arriveEarlyMinutes: wholeOr0(v.arriveEarlyMinutes) }),
      also: (v) => ({
        ...wholeErrors(v, ['arriveEarlyMinutes']),
        closes: v.opens && v.closes && v.closes <= v.opens ? 'Closing must be after opening' : undefined,
        lastEntry:
          v.lastEntry && (v.lastEntry < v.opens || v.lastEntry > v.closes)
            ? 'Last entry must be between opening and closing'
            : undefined,
      }),
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, openingHours: parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Opening hours saved',
            description: `Open ${clockLabel(parsed.data.opens)} to ${clockLabel(parsed.data.closes)}, last entry ${clockLabel(parsed.data.lastEntry)}.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Opening hours', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Opening hours" className="space-y-4">
      <RowsField
        id={f.fieldId('days')}
        legend="Opening hours as shown"
        columns={dayColumns}
        rows={f.values.days}
        onChange={(rows) => f.set('days', rows)}
        error={f.errors.days}
        max={7}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('opens')} label="Opens" type="time" step={300} />
        <TextField {...f.text('closes')} label="Closes" type="time" step={300} />
        <TextField {...f.text('lastEntry')} label="Last entry" type="time" step={300} />
        <TextField
          {...f.text('arriveEarlyMinutes')}
          label="Arrive early (minutes)"
          inputMode="numeric"
          hint="How long before their session families are asked to arrive."
        />
      </div>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save opening hours'}
      </button>
    </form>
  );
}
