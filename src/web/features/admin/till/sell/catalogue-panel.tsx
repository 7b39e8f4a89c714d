import { useState } from 'react';
import type { ItemOption, TillCafeItem, TillCatalogue } from '../../../../../shared/contracts/till';
import { menuSections } from '../../../../../shared/menu';
import { panelDomId, TabStrip, tabDomId } from '../../components/tab-strip';
import { entryFits, type BasketLine, type Sellable } from '../lib/basket';
import { ItemButton } from './item-button';
import { OptionsChooser } from './options-chooser';

const tabs = [
  { id: 'till-entry', label: 'Entry' },
  { id: 'till-cafe', label: 'Cafe' },
  { id: 'till-shop', label: 'Shop' },
];

const grid = 'grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4';
const sectionLabel = (id: string) => menuSections.find((s) => s.id === id)?.label ?? id;

/** What the till sells, by tab: entry for the session on now or next, the cafe by menu section, the shop. */
export function CataloguePanel({
  catalogue,
  lines,
  onAdd,
}: {
  catalogue: TillCatalogue;
  lines: BasketLine[];
  onAdd: (item: Sellable, options?: ItemOption[]) => void;
}) {
  const [open, setOpen] = useState(tabs[0]!.id);
  const [choosing, setChoosing] = useState<TillCafeItem | null>(null);
  const cafe = (item: TillCafeItem, options: ItemOption[] = []) =>
    onAdd({ kind: 'cafe', itemId: item.id, name: item.name, pricePence: item.pricePence }, options);
  const sections = [...new Set(catalogue.cafe.map((c) => c.section))];
  const session = catalogue.entry.session;
  const fits = entryFits(lines, catalogue);
  return (
    <section aria-label="Items to sell" className="min-w-0">
      <TabStrip tabs={tabs} selected={open} onSelect={setOpen} label="What to sell" />
      <div role="tabpanel" id={panelDomId(open)} aria-labelledby={tabDomId(open)} className="mt-2">
        {open === 'till-entry' ? (
          <>
            <p className="mb-2 text-slate-800">
              {session
                ? `${session.label}: ${session.placesLeft} ${session.placesLeft === 1 ? 'place' : 'places'} left`
                : 'No session left to sell entry for today.'}
            </p>
            <div className={grid}>
              {catalogue.entry.tickets.map((t) => (
                <ItemButton
                  key={t.ticketTypeId}
                  name={t.name}
                  pricePence={t.pricePence}
                  disabled={!fits}
                  note={session && !fits ? 'Full' : undefined}
                  onPress={() =>
                    onAdd({ kind: 'entry', itemId: t.ticketTypeId, name: t.name, pricePence: t.pricePence })
                  }
                />
              ))}
            </div>
          </>
        ) : null}
        {open === 'till-cafe'
          ? sections.map((s) => (
              <div key={s} className="mb-3">
                <h3 className="mb-1 font-bold text-slate-900">{sectionLabel(s)}</h3>
                <div className={grid}>
                  {catalogue.cafe
                    .filter((c) => c.section === s)
                    .map((c) => (
                      <ItemButton
                        key={c.id}
                        name={c.name}
                        pricePence={c.pricePence}
                        disabled={!c.available}
                        note={!c.available ? 'Sold out' : c.options.length ? 'Options' : undefined}
                        onPress={() => (c.options.length ? setChoosing(c) : cafe(c))}
                      />
                    ))}
                </div>
              </div>
            ))
          : null}
        {open === 'till-shop' ? (
          <div className={grid}>
            {catalogue.shop.length === 0 ? <p className="text-slate-700">No shop items yet (Venue tab).</p> : null}
            {catalogue.shop.map((s) => (
              <ItemButton
                key={s.id}
                name={s.name}
                pricePence={s.pricePence}
                disabled={!s.available}
                note={s.available ? undefined : 'Sold out'}
                onPress={() => onAdd({ kind: 'shop', itemId: s.id, name: s.name, pricePence: s.pricePence })}
              />
            ))}
          </div>
        ) : null}
      </div>
      <OptionsChooser item={choosing} onAdd={cafe} onClose={() => setChoosing(null)} />
    </section>
  );
}
