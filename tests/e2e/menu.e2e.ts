import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PublicCatalogue } from '../../src/shared/catalogue';
import { dietaryTags, menuFooterText, menuSections, type MenuSectionId } from '../../src/shared/menu';
import { formatPence } from '../../src/shared/money';
import { axeViolations, describeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { useSharedServerAndBrowser } from './support/suite';

/** Names and prices on the visible cards, in order. */
async function cards(page: Page) {
  return page
    .getByTestId('menu-item')
    .evaluateAll((els) =>
      els.map((el) => ({ name: el.querySelector('h3')?.textContent ?? '', text: el.textContent ?? '' })),
    );
}

describe('cafe menu', () => {
  const suite = useSharedServerAndBrowser();
  /** The menu the running server sells (its catalogue), section by section. */
  const menuOf = async () => {
    const { menuItems } = (await (await fetch(`${suite.server.url}/api/catalogue`)).json()) as PublicCatalogue;
    return (section: MenuSectionId) => menuItems.filter((i) => i.section === section);
  };

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows every tab's items, Kids Meals first (${viewport})`, async () => {
      const itemsOf = await menuOf();
      const { page, context, errors } = await newPage(suite.browser, viewport);
      const res = await page.goto(`${suite.server.url}/menu`);
      expect(res?.status()).toBe(200);
      await expect(page.title()).resolves.toMatch(/Cafe Menu/);
      await page.getByRole('heading', { level: 1, name: 'Cafe Menu' }).waitFor();
      await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toMatch(/Kids Meals/);
      await expect(page.getByText(menuFooterText, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'Print Poster' }).getAttribute('href')).resolves.toBe('/menu-poster');
      await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');

      for (const section of menuSections) {
        await page.getByRole('tab', { name: new RegExp(section.label) }).click();
        // The tab lives in the address (?tab=), so the panel changes after the router's navigation.
        await page.getByRole('tab', { name: new RegExp(section.label), selected: true }).waitFor();
        await page.locator(`#panel-${section.id}`).waitFor();
        const shown = await cards(page);
        const expected = itemsOf(section.id);
        expect(shown.map((c) => c.name)).toEqual(expected.map((i) => i.name));
        shown.forEach((c, i) => {
          const item = expected[i]!;
          expect(c.text).toContain(formatPence(item.pricePence));
          expect(c.text).toContain(item.sophisticatedDescription ?? item.description);
          if (item.allergens.length === 0) expect(c.text).toContain('Allergen Free');
          expect(c.text.includes('POPULAR')).toBe(Boolean(item.popular));
          expect(c.text.includes('Not available today')).toBe(!item.available);
          for (const tag of dietaryTags) expect(c.text.includes(tag.label)).toBe(item.dietary.includes(tag.id));
        });
        if (section.id === 'adult') {
          const pictured = expected.filter((i) => i.photo || i.image);
          const imgs = page.getByTestId('menu-item').locator('img');
          expect(await imgs.count()).toBe(pictured.length);
          expect(pictured.length).toBeGreaterThanOrEqual(8);
          for (const [i, img] of (await imgs.all()).entries()) {
            await img.scrollIntoViewIfNeeded();
            // An uploaded photo (two widths, chosen by the browser) or else the dish's illustration.
            const size = pictured[i]!.photo ? ['480', '300'] : ['320', '200'];
            expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(size);
            expect(await img.getAttribute('loading')).toBe('lazy');
            expect((await img.getAttribute('alt'))!.length).toBeGreaterThan(10);
            await page.waitForFunction(
              (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
              await img.elementHandle(),
            );
          }
        }
        const violations = await axeViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `menu-${section.id}-${viewport}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    const itemsOf = await menuOf();
    const { page, context } = await newPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/menu-enhanced`);
    await page.getByRole('tab', { name: /Kids Meals/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: /Adult Food/, selected: true }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/Adult Food/);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('adult');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: /Drinks/, selected: true }).waitFor();
    await page.goto(`${suite.server.url}/menu-enhanced?tab=snacks`);
    await page.getByTestId('menu-item').first().waitFor();
    expect((await cards(page)).map((c) => c.name)).toEqual(itemsOf('snacks').map((i) => i.name));
    await context.close();
  });

  it('hides items containing the allergens a parent picks, and says why a tab is empty', async () => {
    const { page, context } = await newPage(suite.browser, 'phone');
    await page.goto(`${suite.server.url}/menu`);
    await page.getByText('Filter by allergen').click();
    await page.getByRole('button', { name: 'Milk', exact: true }).click();
    await page.getByRole('button', { name: 'Cereals containing gluten' }).click();
    await expect(page.getByRole('button', { name: 'Milk', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await expect(page.getByTestId('menu-item').count()).resolves.toBe(0);
    await page.getByText('No kids meals are free from the allergens you picked.').waitFor();
    await page.getByRole('tab', { name: /Snacks/ }).click();
    await page.locator('#panel-snacks').waitFor();
    expect((await cards(page)).map((c) => c.name)).toEqual([
      'Ready Salted Crisps',
      'Fresh Fruit Pot',
      'Veggie Sticks & Hummus',
    ]);
    await expect(page.getByRole('tab', { name: /Snacks/ }).textContent()).resolves.toContain('(3)');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'menu-filtered-phone');
    await page.getByRole('button', { name: 'Clear filter' }).first().click();
    await expect(page.getByTestId('menu-item').count()).resolves.toBe(7);
    await context.close();
  });

  it('reaches the menu from the home page: the items, which only the menu pages carry, are fetched on the way', async () => {
    const itemsOf = await menuOf();
    const { page, context, errors } = await newPage(suite.browser, 'phone');
    await page.goto(`${suite.server.url}/`);
    const carried = await page.locator('#catalogue-data').textContent();
    expect(JSON.parse(carried!).menuItems).toBeNull();
    // The app is live once React has taken over the first view.
    await page.locator('#root:not([data-prerendered])').waitFor();
    await page.getByRole('link', { name: 'Cafe Menu' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Cafe Menu' }).waitFor();
    await page.getByTestId('menu-item').first().waitFor();
    expect((await cards(page)).map((c) => c.name)).toEqual(itemsOf('kids').map((i) => i.name));
    expect(errors).toEqual([]);
    await context.close();
  });
});
