import { Plus, X } from 'lucide-react';
import type { FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import { dayTypesEditSchema, MAX_BANDS } from '../../../../../shared/contracts/day-types';
import { FieldError, textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { labelClass, MoneyField, SelectField } from '../../components/fields';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { poundsToPence } from '../money';
import { useEditForm } from '../use-edit-form';
import {
  bandOptions,
  messagesByField,
  newBandId,
  pricedBandIds,
  ruleKeys,
  ruleLabels,
  usesOfBand,
  usesText,
  type RuleKey,
} from './day-types-draft';
import { useSaveDayTypes } from './save-day-types';

type Row = { id: string; name: string; isNew: boolean; prices: Record<string, string> };

/**
 * The bands of days (rename, add one with its prices, remove one nothing uses) and the four rules that put
 * each date in one. A new band needs a price for every ticket type on sale, from today: a day in a band with
 * no prices would sell nothing. Single dates are kept as they are (their own card edits them).
 */
export function BandsForm({
  catalogue,
  onStale,
  onSaved,
}: {
  catalogue: AdminCatalogue;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const { value: doc, version } = catalogue.dayTypes;
  const priced = pricedBandIds(catalogue.ticketTypes);
  const onSale = catalogue.ticketTypes.filter((t) => t.active);
  const f = useEditForm({
    bands: doc.bands.map((b): Row => ({ id: b.id, name: b.name, isNew: !priced.has(b.id), prices: {} })),
    ...doc.rules,
  });
  const save = useSaveDayTypes();
  const rows = f.values.bands;
  const rules = Object.fromEntries(ruleKeys.map((k) => [k, f.values[k]])) as Record<RuleKey, string>;
  const options = bandOptions(rows);
  const id = f.fieldId('bands');
  const change = (i: number, part: Partial<Row>) =>
    f.set(
      'bands',
      rows.map((r, j) => (j === i ? { ...r, ...part } : r)),
    );
  const add = () =>
    f.set('bands', [
      ...rows,
      { id: newBandId([...priced, ...rows.map((r) => r.id)]), name: '', isNew: true, prices: {} },
    ]);

  function submit(e: FormEvent) {
    e.preventDefault();
    // A new band's prices in pence; a price that is not pounds is said against the bands list.
    let priceMessage: string | undefined;
    const bands = rows.map((r, i) => {
      if (!r.isNew) return { id: r.id, name: r.name };
      const prices: Record<string, { pricePence: number; feePence: number }> = {};
      for (const t of onSale) {
        const p = poundsToPence(r.prices[t.id] ?? '');
        if (p.ok) prices[t.id] = { pricePence: p.pence, feePence: 0 };
        else priceMessage ??= `Band ${i + 1}, ${t.title}: ${p.message}`;
      }
      return { id: r.id, name: r.name, prices };
    });
    const input = { version, bands, rules, overrides: doc.overrides };
    const parsed = dayTypesEditSchema.safeParse(input);
    const found = parsed.success ? {} : messagesByField(parsed.error.issues, { bands: 'Band' });
    if (priceMessage) found.bands ??= priceMessage;
    if (!parsed.success || priceMessage) {
      f.show(found as Partial<Record<keyof typeof f.values, string>>);
      return;
    }
    save.mutate(input, {
      onSuccess: () => {
        onSaved();
        const added = rows.filter((r) => r.isNew && !doc.bands.some((b) => b.id === r.id));
        toast({
          title: 'Bands and rules saved',
          description: `${bands.map((b) => b.name.trim()).join(', ')}: the booking calendar shows them at once.${added.length ? ` New: ${added.map((r) => r.name.trim()).join(', ')}.` : ''}`,
        });
      },
      onError: (err) => reportEditError(err, { what: 'Bands and rules', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Bands and rules" className="space-y-4">
      <fieldset id={id} tabIndex={-1} aria-describedby={f.errors.bands ? `${id}-err` : undefined} className="min-w-0">
        <legend className={labelClass}>Bands of days</legend>
        <p className="mb-2 text-sm text-slate-700">
          Families see each day&apos;s band on the booking calendar, with its cheapest child ticket.
        </p>
        <ol className="space-y-3">
          {rows.map((row, i) => {
            const uses = usesText(usesOfBand(row.id, rules, doc.overrides));
            return (
              <li key={row.id} className="rounded-2xl bg-slate-50 p-3">
                <label htmlFor={`${id}-${i}-name`} className="mb-1 block text-sm font-semibold text-slate-900">
                  Band {i + 1} name
                </label>
                <input
                  id={`${id}-${i}-name`}
                  className={textInput}
                  value={row.name}
                  maxLength={40}
                  onChange={(e) => change(i, { name: e.target.value })}
                />
                {row.isNew && onSale.length > 0 ? (
                  <fieldset className="mt-3 min-w-0">
                    <legend className="text-sm font-semibold text-slate-900">
                      Prices of {row.name.trim() || `band ${i + 1}`} from today
                    </legend>
                    <div className="mt-1 grid gap-3 sm:grid-cols-2">
                      {onSale.map((t) => (
                        <MoneyField
                          key={t.id}
                          id={`${id}-${i}-price-${t.id}`}
                          label={`${t.title} (£)`}
                          value={row.prices[t.id] ?? ''}
                          onChange={(v) => change(i, { prices: { ...row.prices, [t.id]: v } })}
                        />
                      ))}
                    </div>
                  </fieldset>
                ) : null}
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  {uses ? (
                    <p className="text-sm text-slate-700">{uses}: it cannot be removed.</p>
                  ) : rows.length > 1 ? (
                    <button
                      type="button"
                      className={`${smallSecondary} min-h-12`}
                      onClick={() =>
                        f.set(
                          'bands',
                          rows.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <X aria-hidden className="h-4 w-4" /> Remove band {i + 1}
                      <span className="sr-only"> ({row.name})</span>
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        {rows.length < MAX_BANDS ? (
          <button type="button" className={`${smallSecondary} mt-3`} onClick={add}>
            <Plus aria-hidden className="h-4 w-4" /> Add a band
          </button>
        ) : null}
        <FieldError id={`${id}-err`} message={f.errors.bands} />
      </fieldset>
      <fieldset className="min-w-0">
        <legend className={labelClass}>Which band each day is in</legend>
        <p className="mb-2 text-sm text-slate-700">
          A single date set below wins, then a bank holiday, then a school holiday, then the weekend or weekday.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {ruleKeys.map((k) => (
            <SelectField key={k} {...f.text(k)} label={ruleLabels[k]} options={options} />
          ))}
        </div>
      </fieldset>
      <p className="rounded-2xl bg-slate-50 p-3 text-slate-800">
        A new band starts with the prices typed here, from today; change a band&apos;s prices later under Ticket prices
        &amp; types.
      </p>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save bands and rules'}
      </button>
    </form>
  );
}
