import { Plus, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { hoursText, packageFitsSlot, slotMinutes, type PartyBookingDocument } from '../../../../../shared/catalogue';
import { partyBookingEditSchema } from '../../../../../shared/contracts/catalogue';
import { FieldError, textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { CheckboxGroup, labelClass } from '../../components/fields';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { useEditForm } from '../use-edit-form';
import { newRowId, useSavePartyBooking } from './save-party-booking';

const schema = partyBookingEditSchema.pick({ slots: true, packageSlots: true });
const MAX_SLOTS = 12;

/** A slot as typed, with the packages that may be booked in it (an added one has no id until saved). */
type Row = { id?: string; label: string; start: string; end: string; packages: string[] };

/**
 * The times a party room can be booked on any date, and which packages may use each. A slot keeps its id
 * when its words change; the server refuses to remove a slot, or change its times, while parties are
 * booked in it. A blank label is filled from the times.
 */
export function PartySlotsForm({
  doc,
  packages,
  packageMinutes,
  version,
  onStale,
  onSaved,
}: {
  doc: Pick<PartyBookingDocument, 'slots' | 'packageSlots'>;
  /** Every package (Private Hire last): its id and name. */
  packages: { id: string; label: string }[];
  /** How long each package runs: a package is given only slots at least that long. */
  packageMinutes: PartyBookingDocument['packageMinutes'];
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({
    slots: doc.slots.map((s): Row => ({
      ...s,
      packages: packages.filter((p) => (doc.packageSlots[p.id] ?? []).includes(s.id)).map((p) => p.id),
    })),
  });
  const save = useSavePartyBooking();
  const rows = f.values.slots;
  const change = (i: number, part: Partial<Row>) =>
    f.set(
      'slots',
      rows.map((r, j) => (j === i ? { ...r, ...part } : r)),
    );
  const id = f.fieldId('slots');

  function submit(e: FormEvent) {
    e.preventDefault();
    const withIds = rows.map((r) => ({ ...r, id: r.id ?? newRowId('slot') }));
    const input = {
      slots: withIds.map((r) => ({ id: r.id, label: r.label.trim(), start: r.start, end: r.end })),
      packageSlots: Object.fromEntries(
        packages.map((p) => [p.id, withIds.filter((r) => r.packages.includes(p.id)).map((r) => r.id)]),
      ),
    };
    const parsed = f.check(schema, {
      input: () => input,
      also: () => {
        const bad = withIds.findIndex((r) => !(r.start < r.end));
        if (bad >= 0) return { slots: `Slot ${bad + 1} must end after it starts` };
        // A package is sold only in slots at least as long as it runs (the server refuses it too).
        for (const [i, r] of withIds.entries())
          for (const p of packages)
            if (r.packages.includes(p.id) && !packageFitsSlot({ packageMinutes }, p.id, r))
              return {
                slots: `${p.label} runs ${hoursText(packageMinutes[p.id] ?? 0)}: slot ${i + 1} (${hoursText(slotMinutes(r))}) is too short for it. Untick ${p.label} there or make the slot longer.`,
              };
        return {};
      },
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, ...input },
      {
        onSuccess: () => {
          onSaved();
          toast({ title: 'Party slots saved', description: `${input.slots.length} slots can be booked.` });
        },
        // The server names a package given a slot too short for it under packageSlots: shown by the slots.
        onError: (err) =>
          reportEditError<{ slots: string; packageSlots: string }>(err, {
            what: 'Party slots',
            keys: ['slots', 'packageSlots'],
            show: (e) => f.show({ slots: e.slots ?? e.packageSlots }),
            onStale,
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Party slots" className="space-y-4">
      <fieldset id={id} tabIndex={-1} aria-describedby={f.errors.slots ? `${id}-err` : undefined} className="min-w-0">
        <legend className={labelClass}>Slots</legend>
        <p className="mb-2 text-sm text-slate-700">
          Slots may overlap: a room is never given two parties less than the minutes it needs to clear apart. Two slots
          with the same times may not. A package may book only slots at least as long as it runs. Saved in the order of
          the day.
        </p>
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={row.id ?? `new-${i}`} className="rounded-2xl bg-slate-50 p-3">
              <fieldset className="min-w-0">
                <legend className="mb-2 font-semibold text-slate-900">
                  Slot {i + 1}
                  {row.start && row.end ? `: ${row.start} to ${row.end}` : ''}
                </legend>
                <div className="grid grid-cols-2 gap-2">
                  {(['start', 'end'] as const).map((part) => (
                    <div key={part} className="min-w-0">
                      <label htmlFor={`${id}-${i}-${part}`} className="mb-1 block text-sm font-semibold text-slate-900">
                        {part === 'start' ? 'Starts' : 'Ends'}
                        <span className="sr-only">, slot {i + 1}</span>
                      </label>
                      <input
                        id={`${id}-${i}-${part}`}
                        type="time"
                        className={textInput}
                        value={row[part]}
                        onChange={(e) => change(i, { [part]: e.target.value })}
                      />
                    </div>
                  ))}
                  <div className="col-span-2 min-w-0">
                    <label htmlFor={`${id}-${i}-label`} className="mb-1 block text-sm font-semibold text-slate-900">
                      Label families read
                      <span className="sr-only">, slot {i + 1}</span>
                    </label>
                    <input
                      id={`${id}-${i}-label`}
                      className={textInput}
                      placeholder="From the times"
                      value={row.label}
                      onChange={(e) => change(i, { label: e.target.value })}
                    />
                  </div>
                </div>
                <div className="mt-2">
                  <CheckboxGroup
                    id={`${id}-${i}-packages`}
                    legend={`Packages that may book slot ${i + 1}`}
                    options={packages}
                    chosen={row.packages}
                    onChange={(packages) => change(i, { packages })}
                  />
                </div>
                <button
                  type="button"
                  className={`${smallSecondary} mt-2 min-h-12`}
                  onClick={() =>
                    f.set(
                      'slots',
                      rows.filter((_, j) => j !== i),
                    )
                  }
                >
                  <X aria-hidden className="h-4 w-4" /> Remove slot {i + 1}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
        {rows.length < MAX_SLOTS ? (
          <button
            type="button"
            className={`${smallSecondary} mt-3 min-h-12`}
            onClick={() => f.set('slots', [...rows, { label: '', start: '', end: '', packages: [] }])}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add a slot
          </button>
        ) : null}
        <FieldError id={`${id}-err`} message={f.errors.slots} />
      </fieldset>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save party slots'}
      </button>
    </form>
  );
}
