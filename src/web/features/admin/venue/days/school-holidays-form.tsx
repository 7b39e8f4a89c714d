import type { FormEvent } from 'react';
import { holidaysEditSchema, MAX_HOLIDAY_PERIODS } from '../../../../../shared/contracts/day-types';
import type { HolidayPeriod } from '../../../../../shared/day-types';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { RowsField } from '../rows-field';
import { useEditForm } from '../use-edit-form';
import { holidaysText, messagesByField } from './day-types-draft';
import { useSaveSchoolHolidays } from './save-day-types';

const columns = [
  { key: 'from', label: 'First day', type: 'date' },
  { key: 'to', label: 'Last day', type: 'date' },
  { key: 'name', label: 'Name', placeholder: 'October half term' },
] as const;

/** The school holidays typed in (both days included), replacing the list; the term dates upload does the same. */
export function SchoolHolidaysForm({
  periods,
  version,
  onStale,
  onSaved,
}: {
  periods: HolidayPeriod[];
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({ periods: periods.map((p) => ({ ...p })) });
  const save = useSaveSchoolHolidays();

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { version, periods: f.values.periods.filter((p) => p.from || p.to || p.name.trim()) };
    const parsed = holidaysEditSchema.safeParse(input);
    if (!parsed.success) {
      f.show(messagesByField(parsed.error.issues, { periods: 'Holiday' }));
      return;
    }
    save.mutate(input, {
      onSuccess: () => {
        onSaved();
        toast({ title: 'School holidays saved', description: holidaysText(parsed.data.periods) });
      },
      onError: (err) => reportEditError(err, { what: 'School holidays', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="School holidays" className="space-y-4">
      <RowsField
        id={f.fieldId('periods')}
        legend="School holidays"
        hint="Both days included. Days in a school holiday take the school holidays' band."
        columns={columns}
        rows={f.values.periods}
        onChange={(rows) => f.set('periods', rows)}
        error={f.errors.periods}
        max={MAX_HOLIDAY_PERIODS}
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save school holidays'}
      </button>
    </form>
  );
}
