import { useState } from 'react';
import type { ItemOption, TillCafeItem } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { CheckboxField } from '../../components/fields';
import { ConfirmDialog } from '../../venue/confirm-dialog';

/** A cafe item with options: tick any (oat milk +30p, no cheese) and add it, or add it plain. */
export function OptionsChooser({
  item,
  onAdd,
  onClose,
}: {
  item: TillCafeItem | null;
  onAdd: (item: TillCafeItem, options: ItemOption[]) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const close = () => {
    setChosen([]);
    onClose();
  };
  const options = item?.options ?? [];
  const extra = options.filter((o) => chosen.includes(o.id)).reduce((s, o) => s + o.pricePence, 0);
  return (
    <ConfirmDialog
      open={item !== null}
      title={item ? `${item.name}: options` : 'Options'}
      confirmLabel={`Add to sale, ${formatPence((item?.pricePence ?? 0) + extra)}`}
      backLabel="Back"
      pending={false}
      onConfirm={() => {
        if (item)
          onAdd(
            item,
            options.filter((o) => chosen.includes(o.id)),
          );
        close();
      }}
      onClose={close}
    >
      <fieldset>
        <legend className="font-semibold text-slate-900">Choose any options</legend>
        {options.map((o) => (
          <CheckboxField
            key={o.id}
            id={`till-option-${o.id}`}
            label={`${o.label}${o.pricePence ? ` (+${formatPence(o.pricePence)})` : ''}`}
            checked={chosen.includes(o.id)}
            onChange={(on) => setChosen((c) => (on ? [...c, o.id] : c.filter((x) => x !== o.id)))}
          />
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
