import { TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CatalogueMenuItem } from '../../../shared/catalogue';
import { menuFooterText, menuSections, type AllergenId, type MenuSectionId } from '../../../shared/menu';
import { useMenuItems } from '../../app/catalogue';
import { Link, useSearchParams } from '../../app/router';
import { AllergenFilter } from './allergen-filter';
import { MenuHeader } from './menu-header';
import { MenuItemCard } from './menu-item-card';
import { sectionItemsWithout } from './menu-items-of';
import { MenuTabs } from './menu-tabs';

const isSection = (v: string | null): v is MenuSectionId => menuSections.some((s) => s.id === v);
const noItems: CatalogueMenuItem[] = [];

/** While the menu's items are on their way (a family who came from another page), or if they did not come. */
function MenuNotLoaded({ failed }: { failed: boolean }) {
  return (
    <p
      role="status"
      className="rounded-2xl bg-white p-6 text-center font-semibold text-slate-800 ring-1 ring-slate-200"
    >
      {failed ? 'The menu could not be loaded. Please check your connection and reload the page.' : 'Loading the menu…'}
    </p>
  );
}

/** /menu and /menu-enhanced: the cafe menu (SPEC.md section 2), reading the one menu data set (the catalogue's). */
export function MenuPage() {
  const menu = useMenuItems();
  const menuItems = 'items' in menu ? menu.items : noItems;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const active: MenuSectionId = isSection(tabParam) ? tabParam : 'kids';
  const [avoid, setAvoid] = useState<ReadonlySet<AllergenId>>(new Set());

  const visible = useMemo(
    () =>
      Object.fromEntries(menuSections.map((s) => [s.id, sectionItemsWithout(menuItems, s.id, avoid)])) as Record<
        MenuSectionId,
        CatalogueMenuItem[]
      >,
    [menuItems, avoid],
  );
  const counts = Object.fromEntries(menuSections.map((s) => [s.id, visible[s.id].length])) as Record<
    MenuSectionId,
    number
  >;
  const section = menuSections.find((s) => s.id === active)!;
  const items = visible[active];

  const select = (id: MenuSectionId) =>
    setParams(id === 'kids' ? {} : { tab: id }, { replace: true, preventScrollReset: true });
  const toggle = (id: AllergenId) =>
    setAvoid((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="min-h-screen bg-brand-50/60">
      <MenuHeader />
      <main>
        <section className="bg-gradient-to-br from-brand-700 to-brand-800 px-4 py-10 text-center text-white sm:py-14">
          <p aria-hidden className="text-4xl">
            🍕 🥪 ☕ 🧁
          </p>
          <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">Cafe Menu</h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-brand-50">
            Tasty meals, snacks and drinks for little explorers and the grown-ups looking after them.
          </p>
        </section>

        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
          <aside
            aria-labelledby="allergen-alert"
            className="flex gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300"
          >
            <TriangleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-amber-700" />
            <div>
              <h2 id="allergen-alert" className="font-bold">
                Allergen information
              </h2>
              <p className="mt-1">
                Please tell a member of staff about any allergies before you order. Our kitchen handles all 14 major
                allergens, so we cannot rule out traces in any dish. Each item lists the allergens it contains.
              </p>
            </div>
          </aside>

          <AllergenFilter avoid={avoid} onToggle={toggle} onClear={() => setAvoid(new Set())} />
          <MenuTabs active={active} onSelect={select} counts={counts} />

          <section
            id={`panel-${active}`}
            role="tabpanel"
            aria-labelledby={`tab-${active}`}
            tabIndex={0}
            className="rounded-2xl focus-visible:outline-offset-4"
          >
            <h2 className="sr-only">{section.label}</h2>
            {!('items' in menu) ? (
              <MenuNotLoaded failed={'failed' in menu} />
            ) : items.length === 0 ? (
              <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
                <p className="font-semibold text-slate-800">
                  No {section.label.toLowerCase()} are free from the allergens you picked.
                </p>
                <p className="mt-1 text-slate-700">
                  Clear the filter to see everything, or ask our staff: some dishes can be adapted.
                </p>
                <button
                  type="button"
                  onClick={() => setAvoid(new Set())}
                  className="mt-4 min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
                >
                  Clear filter
                </button>
              </div>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((item) => (
                  <MenuItemCard key={item.id} item={item} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-6 text-center text-slate-700">
        <p>{menuFooterText}</p>
        <p className="mt-2 text-sm">
          <Link to="/privacy" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Privacy Notice
          </Link>
        </p>
      </footer>
    </div>
  );
}
