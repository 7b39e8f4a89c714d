import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { CheckboxField, MoneyField, SelectField, TextField } from '../../components/fields';
import { smallSecondary } from '../../components/panel-parts';
import type { ShopDraft } from './shop-draft';
import { vatTreatmentChoices } from './vat-labels';

/** One shop item's row: name, price, VAT, on sale, and its place in the list. */
export function ShopRow({
  row,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  row: ShopDraft;
  index: number;
  count: number;
  onChange: (next: ShopDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = `shop-item-${index}`;
  const name = row.name.trim() || `item ${index + 1}`;
  return (
    <li className="grid gap-2 rounded-2xl bg-slate-50 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)]">
      <TextField
        id={`${id}-name`}
        label={
          <>
            Name<span className="sr-only">, item {index + 1}</span>
          </>
        }
        value={row.name}
        onChange={(v) => onChange({ ...row, name: v })}
        maxLength={80}
      />
      <MoneyField
        id={`${id}-price`}
        label={
          <>
            Price (£)<span className="sr-only">, {name}</span>
          </>
        }
        value={row.price}
        onChange={(v) => onChange({ ...row, price: v })}
      />
      <SelectField
        id={`${id}-vat`}
        label={
          <>
            VAT<span className="sr-only">, {name}</span>
          </>
        }
        value={row.vatTreatment}
        onChange={(v) => onChange({ ...row, vatTreatment: v as ShopDraft['vatTreatment'] })}
        options={vatTreatmentChoices}
      />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        <CheckboxField
          id={`${id}-available`}
          label={
            <>
              On sale<span className="sr-only">: {name}</span>
            </>
          }
          checked={row.available}
          onChange={(v) => onChange({ ...row, available: v })}
        />
        <span className="grow" />
        <button type="button" className={smallSecondary} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUp aria-hidden className="h-4 w-4" />
          Up<span className="sr-only"> {name}</span>
        </button>
        <button type="button" className={smallSecondary} disabled={index === count - 1} onClick={() => onMove(1)}>
          <ArrowDown aria-hidden className="h-4 w-4" />
          Down<span className="sr-only"> {name}</span>
        </button>
        <button type="button" className={smallSecondary} onClick={onRemove}>
          <X aria-hidden className="h-4 w-4" />
          Remove<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}
