import { describe, expect, it } from 'vitest';
import type { CatalogueMenuItem } from '../../../shared/catalogue';
import { dietaryLabels, photoSrcSet, sectionItems, sectionItemsWithout } from './menu-items-of';

const item = (id: string, section: CatalogueMenuItem['section'], allergens: CatalogueMenuItem['allergens']) =>
  ({
    id,
    section,
    name: id,
    pricePence: 100,
    description: '',
    allergens,
    emoji: '',
    posterCategory: 'mains',
    dietary: [],
    available: true,
    photo: null,
  }) satisfies CatalogueMenuItem;

describe('menu items from the catalogue', () => {
  const items = [item('b', 'kids', ['milk']), item('tea', 'drinks', []), item('a', 'kids', [])];

  it("keeps a section's items in the catalogue's order", () => {
    expect(sectionItems(items, 'kids').map((i) => i.id)).toEqual(['b', 'a']);
    expect(sectionItems(items, 'snacks')).toEqual([]);
  });

  it('hides the items containing an allergen to avoid, returning the catalogue items themselves', () => {
    const shown = sectionItemsWithout(items, 'kids', new Set(['milk']));
    expect(shown.map((i) => i.id)).toEqual(['a']);
    expect(shown[0]).toBe(items[2]);
  });

  it('labels dietary tags in the vocabulary order, leaving unknown ones out', () => {
    expect(dietaryLabels(['vegan', 'halal', 'vegetarian'])).toEqual(['Vegetarian', 'Vegan']);
    expect(dietaryLabels([])).toEqual([]);
  });

  it("offers a photo's two widths to the browser", () => {
    expect(photoSrcSet({ small: '/media/menu/k-480.webp', large: '/media/menu/k-960.webp' })).toBe(
      '/media/menu/k-480.webp 480w, /media/menu/k-960.webp 960w',
    );
  });
});
