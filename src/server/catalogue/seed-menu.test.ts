import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allergens, itemsWithout, menuSections, posterCategories, type AllergenId } from '../../shared/menu';
import { itemsOf, menuItems } from './seed-menu';

const range = (section: Parameters<typeof itemsOf>[0]) => {
  const prices = itemsOf(section).map((i) => i.pricePence);
  return [Math.min(...prices), Math.max(...prices)];
};

describe('menu data', () => {
  it('has the counts and price ranges SPEC.md section 9 gives', () => {
    expect(itemsOf('kids')).toHaveLength(8);
    expect(itemsOf('adult')).toHaveLength(8);
    expect(itemsOf('snacks')).toHaveLength(7);
    expect(itemsOf('drinks')).toHaveLength(12);
    expect(range('kids')).toEqual([425, 600]);
    expect(range('adult')).toEqual([650, 950]);
    expect(range('snacks')).toEqual([125, 350]);
    expect(range('drinks')).toEqual([150, 350]);
  });

  it('prices the named kids meals as the spec does', () => {
    const price = (name: string) => itemsOf('kids').find((i) => i.name.includes(name))?.pricePence;
    expect(price('Nuggets')).toBe(450);
    expect(price('Fish Fingers')).toBe(475);
    expect(price('Sausage')).toBe(425);
    expect(price('Pasta')).toBe(450);
    expect(price('Margherita')).toBe(550);
    expect(price('Pepperoni')).toBe(600);
    expect(
      itemsOf('kids')
        .filter((i) => i.posterCategory === 'lunchbox')
        .map((i) => i.pricePence),
    ).toEqual([500, 500]);
  });

  it('carries the 14 UK allergens, and items name only those', () => {
    expect(allergens.map((a) => a.id).sort()).toEqual(
      [
        'celery',
        'crustaceans',
        'eggs',
        'fish',
        'gluten',
        'lupin',
        'milk',
        'molluscs',
        'mustard',
        'nuts',
        'peanuts',
        'sesame',
        'soya',
        'sulphites',
      ].sort(),
    );
    expect(new Set(allergens.map((a) => a.code)).size).toBe(14);
    const known = new Set<string>(allergens.map((a) => a.id));
    for (const item of menuItems) {
      for (const a of item.allergens) expect(known.has(a), `${item.id}: ${a}`).toBe(true);
      expect(new Set(item.allergens).size).toBe(item.allergens.length);
    }
  });

  it('gives every item integer pence, a unique id, an emoji and a poster category', () => {
    expect(new Set(menuItems.map((i) => i.id)).size).toBe(menuItems.length);
    for (const item of menuItems) {
      expect(Number.isInteger(item.pricePence)).toBe(true);
      expect(item.emoji.length).toBeGreaterThan(0);
      expect(Object.keys(posterCategories)).toContain(item.posterCategory);
      expect(menuSections.map((s) => s.id)).toContain(item.section);
    }
  });

  it('shows a shipped illustration and a fuller description for every adult dish', () => {
    for (const item of itemsOf('adult')) {
      expect(item.image, item.id).toBeDefined();
      expect(item.sophisticatedDescription!.length).toBeGreaterThan(item.description.length);
      const file = path.resolve('public', item.image!.src.replace(/^\//, ''));
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg[^>]*viewBox="0 0 320 200"/);
    }
  });

  it('filters out items containing any allergen a guest avoids', () => {
    const avoid = new Set<AllergenId>(['milk', 'gluten']);
    const left = itemsWithout(itemsOf('snacks'), avoid);
    expect(left.map((i) => i.name)).toEqual(['Ready Salted Crisps', 'Fresh Fruit Pot', 'Veggie Sticks & Hummus']);
    expect(itemsWithout(itemsOf('snacks'), new Set())).toHaveLength(7);
  });
});
