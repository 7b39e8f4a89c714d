import { QueryState } from '../../components/query-state';
import { useTillCatalogue } from '../../till/api/till-api';
import { MenuItemTillForm } from './menu-item-till-form';

/** A menu item's till settings, read from what the till sells (GET /api/till/catalogue). */
export function MenuItemTill({ itemId }: { itemId: string }) {
  const catalogue = useTillCatalogue();
  const item = catalogue.data?.cafe.find((c) => c.id === itemId);
  return (
    <>
      <QueryState query={catalogue} what="the till settings" />
      {item ? <MenuItemTillForm key={JSON.stringify(item)} item={item} /> : null}
      {catalogue.data && !item ? <p className="mt-2 text-slate-700">This item is not on the till yet.</p> : null}
    </>
  );
}
