import type { ItemOption, VatTreatment } from '../../shared/contracts/till';

/**
 * How the seeded menu is taxed and optioned at the till (issue 48; migration 0043 sets the same on a
 * database seeded before it). Cold food is zero-rated taken away (HMRC VAT Notice 709/1): sandwiches,
 * lunchboxes, salads, fruit, cakes. Hot food, every drink, crisps and ice cream are standard-rated.
 */
const coldFood = new Set([
  'kids-lunchbox-ham',
  'kids-lunchbox-cheese',
  'adult-club-sandwich',
  'adult-caesar-salad',
  'snack-fruit-pot',
  'snack-veggie-hummus',
  'snack-muffin',
  'snack-brownie',
]);
const oatMilk: ItemOption[] = [{ id: 'oat-milk', label: 'Oat milk', pricePence: 30 }];
const noCheese: ItemOption[] = [{ id: 'no-cheese', label: 'No cheese', pricePence: 0 }];
const optionsOf: Record<string, ItemOption[]> = {
  'drink-latte': oatMilk,
  'drink-cappuccino': oatMilk,
  'drink-americano': oatMilk,
  'drink-hot-chocolate': oatMilk,
  'adult-club-sandwich': noCheese,
  'adult-tuna-melt': noCheese,
  'adult-jacket-potato': noCheese,
};

export function seededTillFacts(menuItemId: string): { vatTreatment: VatTreatment; options: ItemOption[] } {
  return {
    vatTreatment: coldFood.has(menuItemId) ? 'cold_food' : 'standard',
    options: optionsOf[menuItemId] ?? [],
  };
}
