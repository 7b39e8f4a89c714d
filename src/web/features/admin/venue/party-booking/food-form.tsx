import { Plus, X } from 'lucide-react';
import type { FormEvent } from 'react';
import type { PartyBookingDocument } from '../../../../../shared/catalogue';
import { partyBookingEditSchema } from '../../../../../shared/contracts/catalogue';
import { allergens } from '../../../../../shared/menu';
import { FieldError, textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { CheckboxGroup, labelClass } from '../../components/fields';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { useEditForm } from '../use-edit-form';
import { newRowId, useSavePartyBooking } from './save-party-booking';

const schema = partyBookingEditSchema.pick({ foodOptions: true, foodPackages: true });
const allergenOptions = allergens.map((a) => ({ id: a.id, label: a.label }));
/** "Gluten, Milk": the short names, for the closed list's summary. */
const allergenNames = (ids: string[]) =>
  ids.length === 0
    ? 'none'
    : allergens
        .filter((a) => ids.includes(a.id))
        .map((a) => ('short' in a ? a.short : a.label))
        .join(', ');
const MAX_OPTIONS = 20;

type Row = { id?: string; name: string; allergens: string[] };

/**
 * The party menu: each child of a package with food picks one option, and the party sheet lists the
 * allergens each contains (the cafe menu's 14). Which packages include food is chosen here too.
 */
export function PartyFoodForm({
  doc,
  packages,
  version,
  onStale,
  onSaved,
}: {
  doc: Pick<PartyBookingDocument, 'foodOptions' | 'foodPackages'>;
  /** The packages that may include food (not Private Hire, whose food is its own per-person price). */
  packages: { id: string; label: string }[];
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({
    foodOptions: doc.foodOptions.map((o): Row => ({ ...o })),
    foodPackages: doc.foodPackages,
  });
  const save = useSavePartyBooking();
  const rows = f.values.foodOptions;
  const change = (i: number, part: Partial<Row>) =>
    f.set(
      'foodOptions',
      rows.map((r, j) => (j === i ? { ...r, ...part } : r)),
    );
  const id = f.fieldId('foodOptions');

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = {
      foodOptions: rows
        .filter((r) => r.name.trim() !== '' || r.id)
        .map((r) => ({ id: r.id ?? newRowId('food'), name: r.name.trim(), allergens: r.allergens })),
      foodPackages: f.values.foodPackages,
    };
    const parsed = f.check(schema, { input: () => input });
    if (!parsed.ok) return;
    save.mutate(
      { version, ...input },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Party food saved',
            description: `${input.foodOptions.length} food options on the party menu.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Party food', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Party food" className="space-y-4">
      <CheckboxGroup
        id={f.fieldId('foodPackages')}
        legend="Packages that include party food"
        options={packages}
        chosen={f.values.foodPackages}
        onChange={(ids) => f.set('foodPackages', ids)}
        error={f.errors.foodPackages}
      />
      <fieldset
        id={id}
        tabIndex={-1}
        aria-describedby={f.errors.foodOptions ? `${id}-err` : undefined}
        className="min-w-0"
      >
        <legend className={labelClass}>Food options</legend>
        <p className="mb-2 text-sm text-slate-700">Each child picks one. Families see the allergens with each.</p>
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={row.id ?? `new-${i}`} className="rounded-2xl bg-slate-50 p-3">
              <label htmlFor={`${id}-${i}-name`} className="mb-1 block text-sm font-semibold text-slate-900">
                Food option {i + 1}
              </label>
              <input
                id={`${id}-${i}-name`}
                className={textInput}
                value={row.name}
                onChange={(e) => change(i, { name: e.target.value })}
              />
              <details className="mt-2">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
                  Allergens: {allergenNames(row.allergens)}
                </summary>
                <CheckboxGroup
                  id={`${id}-${i}-allergens`}
                  legend={`Allergens in food option ${i + 1}`}
                  options={allergenOptions}
                  chosen={row.allergens}
                  onChange={(ids) => change(i, { allergens: ids })}
                />
              </details>
              <button
                type="button"
                className={`${smallSecondary} mt-2 min-h-12`}
                onClick={() =>
                  f.set(
                    'foodOptions',
                    rows.filter((_, j) => j !== i),
                  )
                }
              >
                <X aria-hidden className="h-4 w-4" /> Remove food option {i + 1}
              </button>
            </li>
          ))}
        </ol>
        {rows.length < MAX_OPTIONS ? (
          <button
            type="button"
            className={`${smallSecondary} mt-3 min-h-12`}
            onClick={() => f.set('foodOptions', [...rows, { name: '', allergens: [] }])}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add a food option
          </button>
        ) : null}
        <FieldError id={`${id}-err`} message={f.errors.foodOptions} />
      </fieldset>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save party food'}
      </button>
    </form>
  );
}
