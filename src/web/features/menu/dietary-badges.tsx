import { Leaf } from 'lucide-react';
import { dietaryLabels } from './menu-items-of';

/** An item's dietary tags (vegetarian, vegan, ...) as small badges beside its allergens; nothing when it has none. */
export function DietaryBadges({ ids }: { ids: readonly string[] }) {
  const labels = dietaryLabels(ids);
  if (labels.length === 0) return null;
  return (
    <ul aria-label="Dietary" className="flex flex-wrap gap-1.5">
      {labels.map((label) => (
        <li
          key={label}
          className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-1 text-xs font-semibold text-sky-900 ring-1 ring-sky-200"
        >
          <Leaf aria-hidden className="h-3.5 w-3.5" />
          {label}
        </li>
      ))}
    </ul>
  );
}
