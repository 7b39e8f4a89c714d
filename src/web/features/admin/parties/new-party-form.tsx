import { PhoneCall } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { staffPartyCreateSchema, type PartyWeekResponse } from '../../../../shared/contracts/admin-parties';
import { longDate } from '../../../../shared/date-text';
import { todayInLondon } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { SelectField, TextField } from '../components/fields';
import { smallPrimary } from '../components/panel-parts';
import { Refusal } from '../components/staff-action-form';
import { useCreateParty } from './parties-api';
import { PartyFoodCounts } from './party-food-counts';

type Values = {
  date: string;
  slotId: string;
  packageId: string;
  children: string;
  childFirstName: string;
  childAge: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  dietaryNotes: string;
  /** How many children chose each food option (by its id), as typed. */
  food: Record<string, string>;
  foodChoices: string;
};

const toNumber = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** What the schema parses: numbers as typed (blank is NaN, for the schema to refuse), food one choice a child. */
const toCreateInput = (v: Values, foodChoices: string[]) => ({
  date: v.date,
  slotId: v.slotId,
  packageId: v.packageId,
  children: toNumber(v.children),
  childFirstName: v.childFirstName,
  childAge: toNumber(v.childAge),
  parentName: v.parentName,
  parentEmail: v.parentEmail,
  parentPhone: v.parentPhone,
  dietaryNotes: v.dietaryNotes,
  foodChoices,
});

/**
 * "New party (phone)": the family form's questions, asked by phone. The server prices it and holds the
 * room for 48 hours; the family is e-mailed a link to pay the deposit. Food is taken as a count per menu
 * choice (quicker on the phone than one choice per child) and sent as one choice per child.
 */
export function NewPartyForm({ week, onDone }: { week: PartyWeekResponse; onDone: (id: string) => void }) {
  const fid = useId();
  const create = useCreateParty();
  useSignInAgainOn(create.error);
  const [refusal, setRefusal] = useState('');
  // From today through the party booking horizon (months ahead, not visits' one month).
  const range = { from: todayInLondon(new Date()), to: week.lastDate };
  const first = week.packages[0];
  const { values, errors, set, check, setErrors } = useZodForm<Values>(
    {
      date: week.days.find((d) => d >= range.from) ?? range.from,
      slotId: first?.slotIds[0] ?? '',
      packageId: first?.id ?? '',
      children: '',
      childFirstName: '',
      childAge: '',
      parentName: '',
      parentEmail: '',
      parentPhone: '',
      dietaryNotes: '',
      food: {},
      foodChoices: '',
    },
    { afterChange: 'clear' },
  );
  const pkg = week.packages.find((p) => p.id === values.packageId);
  const slots = week.slots.filter((s) => pkg?.slotIds.includes(s.id));
  const foodChoices = pkg?.food
    ? week.foodOptions.flatMap((o) =>
        Array<string>(Math.max(0, Math.floor(toNumber(values.food[o.id] ?? '0')) || 0)).fill(o.id),
      )
    : [];

  function choosePackage(id: string) {
    set('packageId', id);
    const next = week.packages.find((p) => p.id === id);
    if (next && !next.slotIds.includes(values.slotId)) set('slotId', next.slotIds[0] ?? '');
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setRefusal('');
    const parsed = check(staffPartyCreateSchema, {
      input: (v) => toCreateInput(v, foodChoices),
      also: (v) => {
        const n = toNumber(v.children);
        if (pkg && Number.isInteger(n) && (n < pkg.minChildren || n > pkg.maxChildren))
          return { children: `Between ${pkg.minChildren} and ${pkg.maxChildren} children for ${pkg.name}` };
        if (pkg?.food && Number.isInteger(n) && foodChoices.length !== n)
          return {
            foodChoices: `The food adds up to ${foodChoices.length}; it should be one for each of the ${n} children`,
          };
        return {};
      },
    });
    if (!parsed.ok) return;
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        toast({
          title: `Party ${res.reference} held`,
          description: `Total ${formatPence(res.totalPence)}. The payment link for the ${formatPence(res.depositPence)} deposit has been e-mailed.`,
        });
        onDone(res.id);
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fields : undefined;
        if (fields)
          setErrors(
            Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0]])) as Partial<
              Record<keyof Values, string>
            >,
          );
        setRefusal(err.message);
      },
    });
  }

  const field = (name: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      id={`${fid}-${name}`}
      label={label}
      value={values[name] as string}
      onChange={(v) => set(name, v)}
      error={errors[name]}
      {...props}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${fid}-title`}
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${fid}-title`} className="text-lg font-bold text-brand-800">
        New party (phone)
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Read the party terms to the caller. The room is held for 48 hours and the family is e-mailed a link to pay the
        deposit; the price is worked out from the catalogue.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {field('date', 'Date', { type: 'date', min: range.from, max: range.to })}
        <SelectField
          id={`${fid}-packageId`}
          label="Package"
          value={values.packageId}
          onChange={choosePackage}
          options={week.packages.map((p) => ({
            value: p.id,
            label: `${p.name} (${p.minChildren} to ${p.maxChildren} children)`,
          }))}
        />
        <SelectField
          id={`${fid}-slotId`}
          label="Time"
          value={values.slotId}
          onChange={(v) => set('slotId', v)}
          error={errors.slotId}
          options={slots.map((s) => ({ value: s.id, label: s.label }))}
        />
        {field('children', 'Number of children', {
          type: 'number',
          inputMode: 'numeric',
          min: pkg?.minChildren,
          max: pkg?.maxChildren,
        })}
        {field('childFirstName', "Birthday child's first name", { maxLength: 40, autoComplete: 'off' })}
        {field('childAge', 'Age they will be', { type: 'number', inputMode: 'numeric', min: 1, max: 17 })}
        {field('parentName', "Parent's name", { maxLength: 120, autoComplete: 'off' })}
        {field('parentEmail', "Parent's e-mail (the payment link goes here)", {
          type: 'email',
          maxLength: 254,
          autoComplete: 'off',
        })}
        {field('parentPhone', "Parent's phone", { type: 'tel', maxLength: 30, autoComplete: 'off' })}
      </div>
      {pkg?.food ? (
        <PartyFoodCounts
          formId={fid}
          options={week.foodOptions}
          counts={values.food}
          total={foodChoices.length}
          error={errors.foodChoices}
          onChange={(food) => set('food', food)}
        />
      ) : null}
      <div className="mt-4">
        <label htmlFor={`${fid}-dietaryNotes`} className="mb-1 block font-semibold text-slate-900">
          Allergies and dietary needs
        </label>
        <textarea
          id={`${fid}-dietaryNotes`}
          className={`${textInput} min-h-20`}
          maxLength={1000}
          value={values.dietaryNotes}
          onChange={(e) => set('dietaryNotes', e.target.value)}
        />
      </div>
      <button type="submit" className={`${smallPrimary} mt-4`} disabled={create.isPending}>
        <PhoneCall aria-hidden className="h-4 w-4" />
        {create.isPending
          ? 'Holding the room...'
          : `Hold the room on ${longDate(values.date || range.from)} and e-mail the link`}
      </button>
      <Refusal text={refusal} />
    </form>
  );
}
