import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ShopItem, ShopItemsInput } from '../../../../../shared/contracts/till';
import { toast } from '../../../../components/ui/toast-store';
import { apiRequest } from '../../../../lib/api';
import { problemText } from '../../../../lib/problem-text';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { tillCatalogueKey } from '../../till/api/till-api';
import { blankShopItem, draftsOf, moveRow, shopInputOf, type ShopDraft } from './shop-draft';
import { ShopRow } from './shop-row';

const MAX_ITEMS = 200;

/** The shop list the till sells (grip socks, nappies): the whole list saved at once, in its order. */
export function ShopItemsForm({ items }: { items: ShopItem[] }) {
  const qc = useQueryClient();
  const [rows, setRows] = useState<ShopDraft[]>(() => draftsOf(items));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: ShopItemsInput) => apiRequest<unknown>('PUT', '/api/admin/catalogue/shop-items', input),
    // Not awaited: the form is keyed by the list and replaced when it arrives; the toast must come first.
    onSettled: () => void qc.invalidateQueries({ queryKey: tillCatalogueKey }),
  });
  const change = (i: number, next: ShopDraft) => setRows((r) => r.map((x, j) => (j === i ? next : x)));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = shopInputOf(rows);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(null);
    save.mutate(parsed.input, {
      onSuccess: () => toast({ title: 'Shop items saved', description: `${rows.length} items on the till.` }),
      onError: (err) => setProblem(problemText(err)),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Shop items" className="space-y-3">
      {rows.length === 0 ? <p className="text-slate-700">No shop items yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <ShopRow
            key={row.id ?? `new-${i}`}
            row={row}
            index={i}
            count={rows.length}
            onChange={(next) => change(i, next)}
            onMove={(by) => setRows((r) => moveRow(r, i, by))}
            onRemove={() => setRows((r) => r.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      {rows.length < MAX_ITEMS ? (
        <button type="button" className={smallSecondary} onClick={() => setRows((r) => [...r, blankShopItem()])}>
          <Plus aria-hidden className="h-4 w-4" />
          Add a shop item
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save shop items'}
        </button>
      </div>
    </form>
  );
}
