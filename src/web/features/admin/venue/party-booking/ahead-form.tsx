import type { FormEvent } from 'react';
import { hoursText, type PartyBookingDocument } from '../../../../../shared/catalogue';
import { partyBookingEditSchema } from '../../../../../shared/contracts/catalogue';
import { FieldError, textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { labelClass, TextField } from '../../components/fields';
import { smallPrimary } from '../../components/panel-parts';
import type { VenueFormProps } from '../details/save-venue';
import { reportEditError } from '../edit-errors';
import { useEditForm } from '../use-edit-form';
import { parseWhole, wholeErrors, wholeOr0 } from '../whole-number';
import { useSavePartyBooking } from './save-party-booking';

const schema = partyBookingEditSchema.pick({ horizonMonths: true, packageMinutes: true, clearMinutes: true });
type Value = Pick<PartyBookingDocument, 'horizonMonths' | 'packageMinutes' | 'clearMinutes'>;

/**
 * How far ahead parties are sold (visits are sold one month ahead, separately), how long each package's
 * party runs and how long a room needs to clear between parties (issue 38). A package is sold only in
 * slots at least as long as it runs: a length that no longer fits a slot the package is given is refused,
 * with the slot named (untick the package there first, under Slots and packages).
 */
export function AheadForm({
  value,
  version,
  onStale,
  onSaved,
  packages,
}: VenueFormProps<Value> & { packages: { id: string; label: string }[] }) {
  const f = useEditForm({
    horizonMonths: String(value.horizonMonths),
    clearMinutes: String(value.clearMinutes),
    packageMinutes: Object.fromEntries(packages.map((p) => [p.id, String(value.packageMinutes[p.id] ?? '')])) as Record<
      string,
      string
    >,
  });
  const save = useSavePartyBooking();
  const minutesId = f.fieldId('packageMinutes');

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(schema, {
      input: (v) => ({
        horizonMonths: wholeOr0(v.horizonMonths),
        clearMinutes: wholeOr0(v.clearMinutes),
        packageMinutes: Object.fromEntries(Object.entries(v.packageMinutes).map(([id, m]) => [id, wholeOr0(m)])),
      }),
      also: (v) => {
        const bad = packages.find((p) => parseWhole(v.packageMinutes[p.id] ?? '') === null);
        return {
          ...wholeErrors(v, ['horizonMonths', 'clearMinutes']),
          ...(bad ? { packageMinutes: `Enter ${bad.label}'s length in whole minutes, like 150` } : {}),
        };
      },
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, ...parsed.data },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Booking ahead and lengths saved',
            description: `Parties can be booked ${parsed.data.horizonMonths} months ahead.`,
          });
        },
        onError: (err) =>
          reportEditError(err, { what: 'Booking ahead and lengths', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Booking ahead and party lengths" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...f.text('horizonMonths')}
          label="Months ahead parties are sold"
          inputMode="numeric"
          hint="From 1 to 24. Visits are sold one month ahead, separately."
        />
        <TextField
          {...f.text('clearMinutes')}
          label="Minutes a room needs to clear"
          inputMode="numeric"
          hint="Between two parties in one room (Private Hire: every room). 0 to 120."
        />
      </div>
      <fieldset
        id={minutesId}
        tabIndex={-1}
        aria-describedby={f.errors.packageMinutes ? `${minutesId}-err` : `${minutesId}-hint`}
        className="min-w-0"
      >
        <legend className={labelClass}>How long each package runs (minutes)</legend>
        <p id={`${minutesId}-hint`} className="mb-2 text-sm text-slate-700">
          A package is sold only in slots at least as long: 150 minutes is 2.5 hours. Private Hire runs for its slot.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          {packages.map((p) => {
            const typed = f.values.packageMinutes[p.id] ?? '';
            const minutes = parseWhole(typed);
            return (
              <div key={p.id} className="min-w-0">
                <label htmlFor={`${minutesId}-${p.id}`} className="mb-1 block text-sm font-semibold text-slate-900">
                  {p.label}
                </label>
                <input
                  id={`${minutesId}-${p.id}`}
                  className={textInput}
                  inputMode="numeric"
                  value={typed}
                  aria-invalid={f.errors.packageMinutes ? true : undefined}
                  onChange={(e) => f.set('packageMinutes', { ...f.values.packageMinutes, [p.id]: e.target.value })}
                />
                <p className="mt-1 text-sm text-slate-700">{minutes ? hoursText(minutes) : '\u00a0'}</p>
              </div>
            );
          })}
        </div>
        <FieldError id={`${minutesId}-err`} message={f.errors.packageMinutes} />
      </fieldset>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save booking ahead and lengths'}
      </button>
    </form>
  );
}
