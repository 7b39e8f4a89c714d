import { CircleCheck } from 'lucide-react';
import { allergenInfo, type AllergenId } from '../../../shared/menu';

/** The allergens an item contains as badges, or one Allergen Free badge (DECISIONS.md "Allergens"). */
export function AllergenBadges({ ids }: { ids: readonly AllergenId[] }) {
  if (ids.length === 0) {
    return (
      <p className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
        <CircleCheck aria-hidden className="h-3.5 w-3.5" />
        Allergen Free
      </p>
    );
  }
  return (
    <ul aria-label="Contains allergens" className="flex flex-wrap gap-1.5">
      {ids.map((id) => {
        const a = allergenInfo(id);
        return (
          <li
            key={id}
            title={a.label}
            className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200"
          >
            {a.short}
          </li>
        );
      })}
    </ul>
  );
}
