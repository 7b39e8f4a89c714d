import type { AdminCatalogue } from '../../../../../shared/catalogue';
import type { MenuItemInput } from '../../../../../shared/contracts/catalogue';
import { menuSections } from '../../../../../shared/menu';
import { penceOr0, penceToPounds } from '../money';

export type AdminMenuItem = AdminCatalogue['menuItems'][number];

/** A menu item as its form holds it: the price as typed pounds, optional choices as ''. */
export type MenuDraft = {
  section: string;
  name: string;
  emoji: string;
  description: string;
  pricePence: string;
  posterCategory: string;
  allergens: string[];
  dietary: string[];
  available: boolean;
};

export const emptyDraft = (section: string = menuSections[0].id): MenuDraft => ({
  section,
  name: '',
  emoji: '',
  description: '',
  pricePence: '',
  posterCategory: '',
  allergens: [],
  dietary: [],
  available: true,
});

export const draftOf = (item: AdminMenuItem): MenuDraft => ({
  section: item.section,
  name: item.name,
  emoji: item.emoji,
  description: item.description,
  pricePence: penceToPounds(item.pricePence),
  posterCategory: item.posterCategory,
  allergens: [...item.allergens],
  dietary: [...item.dietary],
  available: item.available,
});

/** What the shared schema parses; '' leaves an optional choice to the server's default for the section. */
export const inputOf = (d: MenuDraft): MenuItemInput => ({
  section: d.section,
  name: d.name,
  description: d.description,
  pricePence: penceOr0(d.pricePence),
  allergens: d.allergens,
  dietary: d.dietary,
  available: d.available,
  emoji: d.emoji.trim() || undefined,
  posterCategory: d.posterCategory || undefined,
});
