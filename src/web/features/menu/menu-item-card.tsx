import { Star } from 'lucide-react';
import type { CatalogueMenuItem } from '../../../shared/catalogue';
import { formatPence } from '../../../shared/money';
import { AllergenBadges } from './allergen-badges';
import { DietaryBadges } from './dietary-badges';
import { photoSrcSet } from './menu-items-of';

const pictureClass = 'aspect-[8/5] h-auto w-full bg-slate-100 object-cover';

/** The item's uploaded photo, else its illustration (adult dishes), else nothing. */
function ItemPicture({ item, dim }: { item: CatalogueMenuItem; dim: boolean }) {
  const className = `${pictureClass}${dim ? ' opacity-60 grayscale' : ''}`;
  if (item.photo) {
    return (
      <img
        src={item.photo.small}
        srcSet={photoSrcSet(item.photo)}
        // One column on a phone, two from 640 px, three (about 360 px each) from 1024 px.
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        alt={item.name}
        width={480}
        height={300}
        loading="lazy"
        decoding="async"
        className={className}
      />
    );
  }
  if (!item.image) return null;
  return (
    <img
      src={item.image.src}
      alt={item.image.alt}
      width={320}
      height={200}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

/**
 * One dish: its photo or illustration, price, allergens and dietary tags. An item the cafe cannot serve
 * today stays listed, greyed and saying so in words (not by colour alone).
 */
export function MenuItemCard({ item }: { item: CatalogueMenuItem }) {
  const off = !item.available;
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl shadow-sm ring-1 ring-slate-200 ${off ? 'bg-slate-100' : 'bg-white'}`}
      data-testid="menu-item"
    >
      <ItemPicture item={item} dim={off} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start gap-3">
          <span aria-hidden className={`text-3xl leading-none${off ? ' grayscale' : ''}`}>
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
          <p
            className={`shrink-0 rounded-full px-3 py-1 text-lg font-bold ${off ? 'bg-slate-200 text-slate-700' : 'bg-brand-50 text-brand-800'}`}
          >
            {formatPence(item.pricePence)}
          </p>
        </div>
        {off && (
          <p
            data-testid="not-available"
            className="w-fit rounded-full bg-slate-700 px-3 py-1 text-sm font-bold text-white"
          >
            Not available today
          </p>
        )}
        <p className="flex-1 text-slate-700">{item.sophisticatedDescription ?? item.description}</p>
        <div className="flex flex-wrap gap-1.5">
          <AllergenBadges ids={item.allergens} />
          <DietaryBadges ids={item.dietary} />
        </div>
      </div>
    </li>
  );
}
