import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { CafeMenuItem } from '../../../shared/contracts/cafe-orders';
import { allergens, dietaryTags, menuSections } from '../../../shared/menu';
import { formatPence } from '../../../shared/money';

const sectionLabel = (id: string) => menuSections.find((s) => s.id === id)?.label ?? id;
const allergenLabel = (id: string) => {
  const a = allergens.find((x) => x.id === id);
  return a ? ('short' in a ? a.short : a.label) : id;
};
const dietaryLabel = (id: string) => dietaryTags.find((d) => d.id === id)?.label ?? id;

const tabClass = (on: boolean) =>
  `min-h-11 shrink-0 rounded-full border-2 px-4 py-2 font-semibold ${
    on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800'
  }`;

/** The table's menu: a tab per category, each item with its price, allergens, options and an Add button. */
export function TableMenu({
  items,
  canOrder,
  onAdd,
}: {
  items: CafeMenuItem[];
  canOrder: boolean;
  onAdd: (item: CafeMenuItem, optionIds: string[]) => void;
}) {
  const sections = [...new Set(items.map((i) => i.section))];
  const [chosen, setChosen] = useState<string | null>(null);
  const section = chosen && sections.includes(chosen) ? chosen : sections[0];
  return (
    <div>
      <h2 className="mb-2 text-xl font-bold text-slate-900">Menu</h2>
      <div role="group" aria-label="Menu categories" className="flex gap-2 overflow-x-auto pb-2">
        {sections.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === section}
            className={tabClass(s === section)}
            onClick={() => setChosen(s)}
          >
            {sectionLabel(s)}
          </button>
        ))}
      </div>
      <ul className="mt-3 space-y-3">
        {items
          .filter((i) => i.section === section)
          .map((item) => (
            <li key={item.id}>
              <MenuItem item={item} canOrder={canOrder} onAdd={onAdd} />
            </li>
          ))}
      </ul>
    </div>
  );
}

function MenuItem({
  item,
  canOrder,
  onAdd,
}: {
  item: CafeMenuItem;
  canOrder: boolean;
  onAdd: (item: CafeMenuItem, optionIds: string[]) => void;
}) {
  const id = useId();
  const [optionIds, setOptionIds] = useState<string[]>([]);
  const toggle = (o: string) => setOptionIds((ids) => (ids.includes(o) ? ids.filter((x) => x !== o) : [...ids, o]));
  return (
    <article
      aria-labelledby={`${id}-name`}
      data-testid="table-menu-item"
      className={`rounded-2xl border border-slate-200 bg-white p-4 ${item.available ? '' : 'opacity-80'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${id}-name`} className="text-lg font-bold text-slate-900">
          <span aria-hidden>{item.emoji} </span>
          {item.name}
        </h3>
        <p className="shrink-0 font-bold text-slate-900">{formatPence(item.pricePence)}</p>
      </div>
      {item.description ? <p className="mt-1 text-slate-700">{item.description}</p> : null}
      {item.allergens.length > 0 ? (
        <p className="mt-1 text-sm text-slate-800">
          <strong>Allergens:</strong> {item.allergens.map(allergenLabel).join(', ')}
        </p>
      ) : null}
      {item.dietary.length > 0 ? (
        <p className="text-sm text-slate-700">{item.dietary.map(dietaryLabel).join(', ')}</p>
      ) : null}
      {item.available && item.options.length > 0 ? (
        <fieldset className="mt-2">
          <legend className="text-sm font-semibold text-slate-800">Options</legend>
          {item.options.map((o) => (
            <label key={o.id} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={optionIds.includes(o.id)}
                onChange={() => toggle(o.id)}
              />
              {o.label}
              {o.pricePence > 0 ? ` (+${formatPence(o.pricePence)})` : ''}
            </label>
          ))}
        </fieldset>
      ) : null}
      {item.available ? (
        <button
          type="button"
          disabled={!canOrder}
          aria-label={`Add ${item.name}`}
          onClick={() => {
            onAdd(item, optionIds);
            setOptionIds([]);
          }}
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white disabled:bg-slate-400"
        >
          <Plus aria-hidden className="h-4 w-4" />
          Add
        </button>
      ) : (
        <p className="mt-3 inline-block rounded-full bg-slate-200 px-3 py-1 font-semibold text-slate-900">Sold out</p>
      )}
    </article>
  );
}
