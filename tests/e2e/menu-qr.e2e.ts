import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { CatalogueMenuItem, PublicCatalogue } from '../../src/shared/catalogue';
import { allergens, menuSections } from '../../src/shared/menu';
import { formatPence } from '../../src/shared/money';
import { expectNoAxeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { decodeQrPng, isPng } from './support/qr';
import { useServerAndBrowser } from './support/suite';

/** Waits for the generated QR image inside `box`, screenshots it and decodes it. */
async function decodeQrIn(box: Locator) {
  const img = box.locator('img');
  await img.waitFor();
  await img.evaluate((el: HTMLImageElement) => el.decode());
  return {
    ...decodeQrPng(await img.screenshot()),
    natural: await img.evaluate((el: HTMLImageElement) => el.naturalWidth),
  };
}

/** The poster's order: section by section, each grouped by poster category in the order the categories first appear. */
function posterOrder(items: CatalogueMenuItem[]): CatalogueMenuItem[] {
  return menuSections.flatMap((s) => {
    const inSection = items.filter((i) => i.section === s.id);
    const groups = [...new Set(inSection.map((i) => i.posterCategory))];
    return groups.flatMap((g) => inSection.filter((i) => i.posterCategory === g));
  });
}

describe('menu poster and QR code', () => {
  const suite = useServerAndBrowser();

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`poster lists every item with the legend and two QR codes to /menu (${viewport})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, viewport);
      // Hold the site-config answer so the placeholder can be seen before the code is made.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/site-config', async (route) => {
        await held;
        await route.continue();
      });
      const res = await page.goto(`${suite.server.url}/menu-poster`);
      expect(res?.status()).toBe(200);
      await page.getByTestId('qr-placeholder').first().waitFor();
      expect(await page.getByTestId('qr-placeholder').count()).toBe(2);
      release();

      for (const id of ['poster-qr-top', 'poster-qr-bottom']) {
        const qr = await decodeQrIn(page.getByTestId(id));
        expect(qr.text).toBe(`${suite.server.url}/menu`);
        expect(qr.natural).toBe(120);
      }
      const catalogue = (await (await fetch(`${suite.server.url}/api/catalogue`)).json()) as PublicCatalogue;
      const menuItems = posterOrder(catalogue.menuItems);
      const items = await page.getByTestId('poster-item').allTextContents();
      expect(items).toHaveLength(catalogue.menuItems.length);
      menuItems.forEach((item, i) => {
        expect(items[i]).toContain(item.name);
        expect(items[i]).toContain(formatPence(item.pricePence));
        expect(items[i]!.includes('Not available today')).toBe(!item.available);
      });
      const legend = page.getByRole('region', { name: 'Allergen key' });
      for (const a of allergens) await expect(legend.getByText(a.label, { exact: true }).count()).resolves.toBe(1);

      await expectNoAxeViolations(page);
      await screenshot(page, `menu-poster-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('Print Menu opens the print dialog, and print renders only the poster on one A4 page', async () => {
    const { page, context } = await newPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/menu-poster`);
    await page.getByTestId('poster-qr-bottom').locator('img').waitFor();
    await page.evaluate(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => void (window as unknown as { printCalls: number }).printCalls++;
    });
    await page.getByRole('button', { name: 'Print Menu' }).click();
    await expect(page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).resolves.toBe(1);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print Menu' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Back to Menu' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('navigation').isVisible()).resolves.toBe(false);
    await expect(page.getByTestId('poster-qr-top').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('poster-item').last().isVisible()).resolves.toBe(true);
    // No item is cut in two: each lies wholly inside one column box.
    const split = await page
      .getByTestId('poster-item')
      .evaluateAll((els) => els.filter((el) => el.getClientRects().length > 1).length);
    expect(split).toBe(0);
    await page.setViewportSize({ width: 794, height: 1123 });
    await screenshot(page, 'menu-poster-print');

    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
    const box = pdf.toString('latin1').match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
    expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([595, 842]);
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`QR page shows a 400px code to /menu-enhanced with steps and tips (${viewport})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, viewport);
      await page.goto(`${suite.server.url}/qr-menu`);
      await page.getByRole('heading', { level: 1, name: 'Menu QR Code' }).waitFor();
      const qr = await decodeQrIn(page.getByTestId('menu-qr'));
      expect(qr.text).toBe(`${suite.server.url}/menu-enhanced`);
      expect(qr.natural).toBe(400);
      await page.getByRole('heading', { name: 'How to use it' }).waitFor();
      await page.getByRole('heading', { name: 'Tips' }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `qr-menu-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('Download QR Code saves a decodable PNG under a fixed name; Preview Menu opens a new tab', async () => {
    const { page, context } = await newPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/qr-menu`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download QR Code' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('playtime-barn-menu-qr.png');
    const png = readFileSync(await download.path());
    expect(isPng(png)).toBe(true);
    const decoded = decodeQrPng(png);
    expect(decoded.text).toBe(`${suite.server.url}/menu-enhanced`);
    expect([decoded.width, decoded.height]).toEqual([400, 400]);

    const preview = page.getByRole('link', { name: /Preview Menu/ });
    expect(await preview.getAttribute('target')).toBe('_blank');
    expect((await preview.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    const [tab] = await Promise.all([context.waitForEvent('page'), preview.click()]);
    await tab.waitForURL(`${suite.server.url}/menu-enhanced`);
    await tab.getByRole('heading', { level: 1, name: 'Cafe Menu' }).waitFor();
    await context.close();
  });

  it('encodes PUBLIC_URL when the server has one', async () => {
    const { page, context } = await newPage(suite.browser, 'phone');
    await page.route('**/api/site-config', (route) =>
      route.fulfill({ json: { publicUrl: 'https://www.playtimebarn.co.uk' } }),
    );
    await page.goto(`${suite.server.url}/qr-menu`);
    expect((await decodeQrIn(page.getByTestId('menu-qr'))).text).toBe('https://www.playtimebarn.co.uk/menu-enhanced');
    await page.goto(`${suite.server.url}/menu-poster`);
    expect((await decodeQrIn(page.getByTestId('poster-qr-top'))).text).toBe('https://www.playtimebarn.co.uk/menu');
    await context.close();
  });
});
