import { Star } from 'lucide-react';
import type { MenuItem } from '../../../shared/menu';
import { formatPence } from '../../../shared/money';
import { AllergenBadges } from './allergen-badges';

/** One dish: adult dishes add their illustration and the fuller description. */
export function MenuItemCard({ item }: { item: MenuItem }) {
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="menu-item"
    >
      {item.image && (
        <img
          src={item.image.src}
          alt={item.image.alt}
          width={320}
          height={200}
          loading="lazy"
          decoding="async"
          className="aspect-[8/5] h-auto w-full bg-slate-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start gap-3">
          <span aria-hidden className="text-3xl leading-none">
            {item.emoji}
          </span>
          <div className="min-w-0 flex-1 basis-24">
            <h3 className="font-display text-lg font-bold leading-snug break-words hyphens-auto text-slate-900">
              {item.name}
            </h3>
            {item.popular && (
              <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-berry-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
                <Star aria-hidden className="h-3 w-3 fill-current" />
                POPULAR
              </p>
            )}
          </div>
          <p className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-lg font-bold text-brand-800">
            {formatPence(item.pricePence)}
          </p>
        </div>
        <p className="flex-1 text-slate-700">{item.sophisticatedDescription ?? item.description}</p>
        <AllergenBadges ids={item.allergens} />
      </div>
    </li>
  );
}
