import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CafeItemTillInput, TillCafeItem, VatTreatment } from '../../../../../shared/contracts/till';
import { toast } from '../../../../components/ui/toast-store';
import { apiRequest } from '../../../../lib/api';
import { problemText } from '../../../../lib/problem-text';
import { CheckboxField, SelectField } from '../../components/fields';
import { smallPrimary } from '../../components/panel-parts';
import { tillCatalogueKey } from '../../till/api/till-api';
import { adminCatalogueKey } from '../catalogue-api';
import { penceToPounds } from '../money';
import { RowsField } from '../rows-field';
import { optionsOf } from './options-draft';
import { vatTreatmentChoices } from './vat-labels';

/** A cafe item as the till sells it: its VAT treatment, options with a price (oat milk +30p) and availability. */
export function MenuItemTillForm({ item }: { item: TillCafeItem }) {
  const qc = useQueryClient();
  const [vat, setVat] = useState<VatTreatment>(item.vatTreatment);
  const [available, setAvailable] = useState(item.available);
  const [rows, setRows] = useState(() =>
    item.options.map((o) => ({ label: o.label, price: penceToPounds(o.pricePence) })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: CafeItemTillInput) =>
      apiRequest<unknown>('PATCH', `/api/admin/catalogue/menu-items/${encodeURIComponent(item.id)}/till`, input),
    // Not awaited: the form is keyed by the item and replaced when it arrives; the toast must come first.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: tillCatalogueKey });
      void qc.invalidateQueries({ queryKey: adminCatalogueKey });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const options = optionsOf(rows, item.options);
    if (!options.ok) return setProblem(options.message);
    setProblem(null);
    save.mutate(
      { vatTreatment: vat, available, options: options.options },
      {
        onSuccess: () => toast({ title: 'Till settings saved', description: `${item.name} on the till.` }),
        onError: (err) => setProblem(problemText(err)),
      },
    );
  }

  const id = `till-item-${item.id}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`${item.name} on the till`}
      className="mt-3 space-y-3 rounded-2xl border border-slate-200 p-3"
    >
      <SelectField
        id={`${id}-vat`}
        label="VAT"
        value={vat}
        onChange={(v) => setVat(v as VatTreatment)}
        options={vatTreatmentChoices}
      />
      <RowsField
        id={`${id}-options`}
        legend="Options"
        hint="Oat milk 0.30, No cheese 0.00: the till offers them when the item is tapped."
        columns={[
          { key: 'label', label: 'Option' },
          { key: 'price', label: 'Extra (£)', placeholder: '0.00' },
        ]}
        rows={rows}
        onChange={setRows}
        max={20}
      />
      <CheckboxField id={`${id}-available`} label="Available on the till" checked={available} onChange={setAvailable} />
      {problem ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save till settings'}
      </button>
    </form>
  );
}
