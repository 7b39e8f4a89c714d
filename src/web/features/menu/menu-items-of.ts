import type { CatalogueMenuItem } from '../../../shared/catalogue';
import { dietaryTags, itemsWithout, type AllergenId, type MenuSectionId } from '../../../shared/menu';

/** A section's items, in the catalogue's order (the order staff gave them). */
export function sectionItems(items: readonly CatalogueMenuItem[], section: MenuSectionId): CatalogueMenuItem[] {
  return items.filter((item) => item.section === section);
}

/** A section's items that contain none of the allergens a guest asked to avoid. */
export function sectionItemsWithout(
  items: readonly CatalogueMenuItem[],
  section: MenuSectionId,
  avoid: ReadonlySet<AllergenId>,
): CatalogueMenuItem[] {
  // itemsWithout filters, so what it returns are these very catalogue items.
  return itemsWithout(sectionItems(items, section), avoid) as CatalogueMenuItem[];
}

/** The labels of an item's dietary tags, in the vocabulary's order; a tag the vocabulary lacks is left out. */
export function dietaryLabels(ids: readonly string[]): string[] {
  return dietaryTags.filter((t) => ids.includes(t.id)).map((t) => t.label);
}

/** The srcset of an uploaded photo's two widths (menu-photo-urls.ts on the server makes 480 and 960 px). */
export function photoSrcSet(photo: { small: string; large: string }): string {
  return `${photo.small} 480w, ${photo.large} 960w`;
}
