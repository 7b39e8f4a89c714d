import { Users } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FamilyPartyView } from '../../../../shared/contracts/party-booking';
import { longDate } from '../../../../shared/date-text';
import { Card, FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { changePartyChildren, usePartyOffer } from '../api/party-manage';
import { fieldProblem } from '../lib/api-field-error';
import { childrenProblem, childrenRulesFor, looseRules, resizeFoodChoices } from '../lib/children-change';

/**
 * Final numbers, until 7 days before the party (DECISIONS.md "Parties online"). The server reprices the
 * party at the prices it was sold with; the page then shows the new price lines and balance.
 */
export function ChangeChildrenForm({
  party,
  token,
  onChanged,
}: {
  party: FamilyPartyView;
  token: string | null;
  onChanged: (message: string) => void;
}) {
  const offer = usePartyOffer(party.date, true);
  const rules = childrenRulesFor(offer.data, party.packageId);
  const [count, setCount] = useState(String(party.children));
  // The choices already made, so a change of numbers asks only for the children added.
  const [food, setFood] = useState<string[]>(party.foodChoices);
  const [errors, setErrors] = useState<{ children?: string; food?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);
  const countRef = useRef<HTMLInputElement>(null);
  const foodRef = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const n = Number(count);
  const foodCount = rules.food && Number.isInteger(n) && n >= rules.min && n <= rules.max ? n : 0;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const childrenError = childrenProblem(count, rules, party.children);
    const choices = resizeFoodChoices(food, foodCount);
    const foodError = !childrenError && choices.some((c) => !c) ? 'Please choose food for every child' : undefined;
    setErrors({ children: childrenError ?? undefined, food: foodError });
    if (childrenError) return countRef.current?.focus();
    if (foodError) return foodRef.current?.querySelector('select')?.focus();
    setBusy(true);
    changePartyChildren(party.id, token, { children: n, foodChoices: choices }).then(
      () => {
        setBusy(false);
        onChanged(`Thank you: the party is now for ${n} children. The new price is shown above.`);
      },
      (err: unknown) => {
        setBusy(false);
        const p = fieldProblem(err, 'children');
        setErrors({ children: p.field, general: p.general });
        if (p.field) countRef.current?.focus();
      },
    );
  };

  const countId = `${id}-children`;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Users aria-hidden className="h-6 w-6 text-brand-700" />
        Change the number of children
      </h2>
      <p className="mt-2 text-slate-800">
        You can change the numbers until {longDate(party.changeUntil)}. After that, please call us.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor={countId} className="block font-semibold text-slate-900">
            Number of children
          </label>
          <p id={`${countId}-hint`} className="text-sm text-slate-700">
            {rules === looseRules
              ? `The party is now for ${party.children} children.`
              : `This package is for ${rules.min} to ${rules.max} children.`}
          </p>
          <input
            ref={countRef}
            id={countId}
            type="number"
            inputMode="numeric"
            min={rules.min}
            max={rules.max}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            aria-invalid={errors.children ? true : undefined}
            aria-describedby={`${countId}-hint${errors.children ? ` ${countId}-error` : ''}`}
            className={`${textInput} mt-1 max-w-40`}
          />
          <FieldError id={`${countId}-error`} message={errors.children} />
        </div>
        {foodCount > 0 ? (
          <fieldset ref={foodRef} aria-describedby={errors.food ? `${id}-food-error` : undefined} className="space-y-3">
            <legend className="font-semibold text-slate-900">Food for each child</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {resizeFoodChoices(food, foodCount).map((choice, i) => (
                <div key={i}>
                  <label htmlFor={`${id}-food-${i}`} className="block text-sm font-semibold text-slate-800">
                    Child {i + 1}
                  </label>
                  <select
                    id={`${id}-food-${i}`}
                    value={choice}
                    onChange={(e) => setFood((f) => resizeFoodChoices(f, foodCount).with(i, e.target.value))}
                    aria-invalid={errors.food && !choice ? true : undefined}
                    className={`${textInput} mt-1`}
                  >
                    <option value="">Choose food</option>
                    {rules.foodOptions.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
            <FieldError id={`${id}-food-error`} message={errors.food} />
          </fieldset>
        ) : null}
        {errors.general ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-3 text-slate-900">
            {errors.general}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving...' : 'Save the new number'}
        </button>
      </form>
    </Card>
  );
}
