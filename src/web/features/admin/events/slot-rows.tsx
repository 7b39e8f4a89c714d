import { FieldError, secondaryButton } from '../../../components/ui/primitives';
import { TextField } from '../components/fields';
import type { DraftErrors, SlotDraft } from './event-draft';

/** The event's slots: saved ones stay (families may hold them), new ones can be added and removed. */
export function SlotRows({
  uid,
  slots,
  errors,
  onChange,
  onAdd,
}: {
  uid: string;
  slots: SlotDraft[];
  errors: DraftErrors;
  onChange: (slots: SlotDraft[]) => void;
  onAdd: () => void;
}) {
  const edit = (i: number, change: Partial<SlotDraft>) =>
    onChange(slots.map((s, j) => (j === i ? { ...s, ...change } : s)));
  return (
    <fieldset
      id={`${uid}-slots`}
      tabIndex={-1}
      aria-describedby={errors.slots ? `${uid}-slots-err` : undefined}
      className="space-y-3"
    >
      <legend className="font-semibold text-slate-900">Slots</legend>
      {slots.map((s, i) => {
        const f = (key: string) => ({
          id: `${uid}-slots.${i}.${key}`,
          error: errors[`slots.${i}.${key}`] || undefined,
        });
        const n = i + 1;
        return (
          <div key={s.key} className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-5">
            <TextField
              {...f('startsAt')}
              label={`Slot ${n} date`}
              type="date"
              value={s.date}
              readOnly={Boolean(s.id)}
              onChange={(v) => edit(i, { date: v })}
            />
            <TextField
              id={`${uid}-slots.${i}.time`}
              label={`Slot ${n} time`}
              type="time"
              value={s.time}
              readOnly={Boolean(s.id)}
              onChange={(v) => edit(i, { time: v })}
            />
            <TextField
              {...f('lengthMinutes')}
              label={`Slot ${n} minutes`}
              inputMode="numeric"
              value={s.length}
              readOnly={Boolean(s.id)}
              onChange={(v) => edit(i, { length: v })}
            />
            <TextField
              {...f('places')}
              label={`Slot ${n} places`}
              inputMode="numeric"
              value={s.places}
              readOnly={Boolean(s.id)}
              onChange={(v) => edit(i, { places: v })}
            />
            {s.id ? (
              <p className="self-center text-sm text-slate-700">Saved: kept, families may hold it.</p>
            ) : (
              <button
                type="button"
                className={`${secondaryButton} self-end`}
                onClick={() => onChange(slots.filter((_, j) => j !== i))}
              >
                Remove slot {n}
              </button>
            )}
          </div>
        );
      })}
      <FieldError id={`${uid}-slots-err`} message={errors.slots || undefined} />
      <button type="button" className={secondaryButton} onClick={onAdd}>
        Add a slot
      </button>
    </fieldset>
  );
}
