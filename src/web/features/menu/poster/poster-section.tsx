import type { CatalogueMenuItem } from '../../../../shared/catalogue';
import { allergenInfo, posterCategories, type MenuSectionId, type PosterCategory } from '../../../../shared/menu';
import { formatPence } from '../../../../shared/money';
import { dietaryLabels } from '../menu-items-of';

function PosterItem({ item }: { item: CatalogueMenuItem }) {
  const labels = item.allergens.map((id) => allergenInfo(id).label);
  const dietary = dietaryLabels(item.dietary);
  const off = !item.available;
  return (
    <li className="break-inside-avoid py-1 print:py-px" data-testid="poster-item">
      <div className="flex items-baseline gap-2">
        <span className={`font-semibold ${off ? 'text-slate-600' : 'text-slate-900'}`}>
          <span aria-hidden className={off ? 'grayscale' : undefined}>
            {item.emoji}{' '}
          </span>
          {item.name}
          {off && <span className="ml-1 text-[0.85em] font-bold text-slate-700">(Not available today)</span>}
        </span>
        <span aria-hidden className="flex-1 border-b border-dotted border-slate-400" />
        <span className={`font-bold ${off ? 'text-slate-600' : 'text-brand-800'}`}>{formatPence(item.pricePence)}</span>
      </div>
      <p className="text-[0.85em] leading-snug text-slate-700">
        {item.description}{' '}
        {dietary.length > 0 && <span className="font-semibold text-sky-900">{dietary.join(', ')}. </span>}
        {labels.length === 0 ? (
          <span className="font-semibold text-emerald-800">Allergen free</span>
        ) : (
          <>
            <span aria-hidden className="font-semibold text-amber-900">
              ({item.allergens.map((id) => allergenInfo(id).code).join(' ')})
            </span>
            <span className="sr-only">Contains: {labels.join(', ')}.</span>
          </>
        )}
      </p>
    </li>
  );
}

/** One menu section on the poster, sub-grouped by poster category when it has more than one. */
export function PosterSection({
  id,
  label,
  emoji,
  items,
}: {
  id: MenuSectionId;
  label: string;
  emoji: string;
  items: readonly CatalogueMenuItem[];
}) {
  if (items.length === 0) return null;
  const groups = [...new Set(items.map((i) => i.posterCategory))] as PosterCategory[];
  return (
    <section className="mb-4 print:mb-1.5" aria-labelledby={`poster-${id}`}>
      <h2
        id={`poster-${id}`}
        className="mb-1 break-after-avoid break-inside-avoid rounded-lg bg-brand-700 px-3 py-1 font-display text-[1.2em] font-bold text-white print:py-0.5"
      >
        <span aria-hidden>{emoji} </span>
        {label}
      </h2>
      {groups.map((g) => (
        <div key={g} className="mt-1 print:mt-0">
          {groups.length > 1 && (
            <h3 className="break-after-avoid break-inside-avoid pt-1 text-[0.9em] font-bold uppercase tracking-wide text-berry-700">
              {posterCategories[g]}
            </h3>
          )}
          <ul>
            {items
              .filter((i) => i.posterCategory === g)
              .map((item) => (
                <PosterItem key={item.id} item={item} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
