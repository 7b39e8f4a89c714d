import { Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { allergenInfo, dietaryTags, type AllergenId } from '../../../../../shared/menu';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { Pill } from '../../components/pill';
import { smallSecondary } from '../../components/panel-parts';
import { ConfirmDialog } from '../confirm-dialog';
import { catalogueRequest, idPath, isStale, useCatalogueEdit } from '../catalogue-api';
import { StaleAlert, useStale } from '../stale-alert';
import { draftOf, type AdminMenuItem } from './menu-draft';
import { MenuItemForm } from './menu-item-form';
import { MenuPhotoForm } from './menu-photo-form';
import { MenuItemTill } from '../till/menu-item-till';

const dietaryLabel = (id: string) => dietaryTags.find((d) => d.id === id)?.label ?? id;

/** One menu item: what the menu shows, and its editor, photo upload and delete behind buttons. */
export function MenuItemCard({ item }: { item: AdminMenuItem }) {
  const stale = useStale();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [till, setTill] = useState(false);
  const remove = useCatalogueEdit((version: number) =>
    catalogueRequest('DELETE', idPath('menu-items', item.id), { version }),
  );

  function confirmDelete() {
    remove.mutate(item.version, {
      onSuccess: () => {
        setDeleting(false);
        toast({ title: 'Menu item deleted', description: `${item.name} is no longer on the menu.` });
      },
      onError: (err) => {
        setDeleting(false);
        if (isStale(err)) stale.onStale(err.current);
        toast({ title: 'Menu item not deleted', description: err.message, variant: 'destructive' });
      },
    });
  }

  const tags = [
    ...item.allergens.map((a) => allergenInfo(a as AllergenId).short),
    ...item.dietary.map(dietaryLabel),
  ].join(', ');
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{item.name}</span>
            <span className="font-semibold text-brand-800">{formatPence(item.pricePence)}</span>
            {item.available ? null : <Pill tone="amber">Not available</Pill>}
            {item.photo ? <Pill tone="sky">Photo</Pill> : null}
          </p>
          {item.description ? <p className="mt-1 break-words text-slate-700">{item.description}</p> : null}
          <p className="mt-1 text-sm text-slate-700">Contains: {tags || 'no listed allergens'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={smallSecondary}
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
          >
            <Pencil aria-hidden className="h-4 w-4" />
            {editing ? 'Close' : 'Edit'}
            <span className="sr-only"> {item.name}</span>
          </button>
          <button type="button" className={smallSecondary} aria-expanded={till} onClick={() => setTill((v) => !v)}>
            <ShoppingCart aria-hidden className="h-4 w-4" />
            Till<span className="sr-only"> settings of {item.name}</span>
          </button>
          <button type="button" className={smallSecondary} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete<span className="sr-only"> {item.name}</span>
          </button>
        </div>
      </div>
      <StaleAlert stale={stale} />
      {editing ? (
        <div key={item.version}>
          <MenuItemForm
            item={item}
            initial={draftOf(item)}
            onDone={() => {
              stale.clear();
              setEditing(false);
            }}
            onStale={stale.onStale}
          />
          <MenuPhotoForm item={item} onStale={stale.onStale} />
        </div>
      ) : null}
      {till ? <MenuItemTill itemId={item.id} /> : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete ${item.name}?`}
        confirmLabel="Delete item"
        backLabel="Keep it"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      >
        <p>It leaves the menu page, the poster and the QR menu at once. This cannot be undone.</p>
      </ConfirmDialog>
    </li>
  );
}
