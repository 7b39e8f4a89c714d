import { Plus } from 'lucide-react';
import { useState } from 'react';
import { menuSections } from '../../../../../shared/menu';
import { smallPrimary } from '../../components/panel-parts';
import { cardClass, SectionHeading, type SectionProps } from '../section-parts';
import { emptyDraft } from './menu-draft';
import { MenuItemCard } from './menu-item-card';
import { MenuItemForm } from './menu-item-form';

/** The cafe menu by section: the one list the menu page, the poster and the QR menu read. */
export function MenuSection({ catalogue }: SectionProps) {
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <SectionHeading title="Cafe menu">
        Names, prices, allergens and photos of the cafe menu. The menu page, the poster and the QR menu change together.
      </SectionHeading>
      <div className={`${cardClass} mb-6`}>
        <button
          type="button"
          className={`${smallPrimary} min-h-12 px-5`}
          aria-expanded={adding}
          onClick={() => setAdding((v) => !v)}
        >
          <Plus aria-hidden className="h-5 w-5" />
          Add a menu item
        </button>
        {adding ? <MenuItemForm initial={emptyDraft()} onDone={() => setAdding(false)} /> : null}
      </div>
      {menuSections.map((s) => {
        const items = catalogue.menuItems.filter((m) => m.section === s.id).sort((a, b) => a.sort - b.sort);
        return (
          <section key={s.id} aria-labelledby={`menu-section-${s.id}`} className="mb-6">
            <h4 id={`menu-section-${s.id}`} className="mb-2 text-lg font-bold text-slate-900">
              {s.label}
            </h4>
            {items.length === 0 ? (
              <p className="text-slate-700">No items in this section.</p>
            ) : (
              <ul className="space-y-3">
                {items.map((m) => (
                  <MenuItemCard key={m.id} item={m} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
