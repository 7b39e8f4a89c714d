import type { Pence } from './money';

/**
 * The cafe menu's vocabulary: the 14 allergens of UK food law (DECISIONS.md "Allergens"), the four
 * menu sections and the poster's sub-groups. The items themselves are in menu-items.ts; the menu
 * page, the poster and anything the QR code opens all read that one list (DECISIONS.md).
 */
export const allergens = [
  { id: 'celery', label: 'Celery', code: 'Ce' },
  { id: 'gluten', label: 'Cereals containing gluten', short: 'Gluten', code: 'G' },
  { id: 'crustaceans', label: 'Crustaceans', code: 'Cr' },
  { id: 'eggs', label: 'Eggs', code: 'E' },
  { id: 'fish', label: 'Fish', code: 'F' },
  { id: 'lupin', label: 'Lupin', code: 'L' },
  { id: 'milk', label: 'Milk', code: 'Mi' },
  { id: 'molluscs', label: 'Molluscs', code: 'Mo' },
  { id: 'mustard', label: 'Mustard', code: 'Mu' },
  { id: 'nuts', label: 'Tree nuts', short: 'Nuts', code: 'N' },
  { id: 'peanuts', label: 'Peanuts', code: 'P' },
  { id: 'sesame', label: 'Sesame', code: 'Se' },
  { id: 'soya', label: 'Soya', code: 'So' },
  { id: 'sulphites', label: 'Sulphites', code: 'Su' },
] as const satisfies readonly { id: string; label: string; short?: string; code: string }[];

export type AllergenId = (typeof allergens)[number]['id'];
export type Allergen = (typeof allergens)[number];

const allergenById = new Map<AllergenId, Allergen>(allergens.map((a) => [a.id, a]));

export function allergenInfo(id: AllergenId): { id: AllergenId; label: string; short: string; code: string } {
  const a = allergenById.get(id)!;
  return { id: a.id, label: a.label, short: 'short' in a ? a.short : a.label, code: a.code };
}

/** Dietary tags an item can carry (shown as badges beside its allergens). */
export const dietaryTags = [
  { id: 'vegetarian', label: 'Vegetarian' },
  { id: 'vegan', label: 'Vegan' },
  { id: 'gluten-free', label: 'Gluten free' },
  { id: 'dairy-free', label: 'Dairy free' },
] as const;
export type DietaryTagId = (typeof dietaryTags)[number]['id'];

export const menuSections = [
  { id: 'kids', label: 'Kids Meals', emoji: '🧒' },
  { id: 'adult', label: 'Adult Food', emoji: '🍽️' },
  { id: 'snacks', label: 'Snacks & Treats', emoji: '🧁' },
  { id: 'drinks', label: 'Drinks', emoji: '🥤' },
] as const;
export type MenuSectionId = (typeof menuSections)[number]['id'];

/** The line under the menu and the poster (SPEC.md section 2, quoted exactly). */
export const menuFooterText =
  "Fresh food prepared daily • All prices include VAT • Ask our friendly staff about today's specials!";

/** How the poster groups items inside a section (SPEC.md section 3, poster category). */
export const posterCategories = {
  mains: 'Mains',
  lunchbox: 'Lunchboxes',
  dessert: 'Sweet Treats',
  healthy: 'Healthy Choices',
  snacks: 'Snacks',
  hot: 'Hot Drinks',
  cold: 'Cold Drinks',
} as const;
export type PosterCategory = keyof typeof posterCategories;

export type MenuItem = {
  id: string;
  section: MenuSectionId;
  name: string;
  pricePence: Pence;
  description: string;
  allergens: readonly AllergenId[];
  emoji: string;
  popular?: boolean;
  posterCategory: PosterCategory;
  /** Adult dishes: an illustration in /public/menu/ and the fuller description the menu page shows. */
  image?: { src: string; alt: string };
  sophisticatedDescription?: string;
};

/** Items of a section that contain none of the allergens a guest asked to avoid. */
export function itemsWithout(items: readonly MenuItem[], avoid: ReadonlySet<AllergenId>): MenuItem[] {
  return items.filter((item) => !item.allergens.some((a) => avoid.has(a)));
}
