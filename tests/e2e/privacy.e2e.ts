import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PublicCatalogue } from '../../src/shared/catalogue';
import type { DataExportFile } from '../../src/shared/contracts/privacy';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { axeViolations, describeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { bookAndPayByApi } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const EMAIL = 'privacy.family@example.com';

describe('privacy notice and data requests', () => {
  // Periods other than the defaults (shared/retention.ts): the page must state the ones in force.
  const suite = useServerAndBrowser({ ADMIN_PASSWORD, RETAIN_ENQUIRIES_MONTHS: '18', RETAIN_PLATES_DAYS: '45' });
  const venueOf = async () =>
    ((await (await fetch(`${suite.server.url}/api/catalogue`)).json()) as PublicCatalogue).venue;

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`/privacy is reached from the home page footer and says what is kept, for how long and how to ask (${viewport})`, async () => {
      const { page, context, errors } = await openPage(suite.browser, viewport);
      await page.goto(`${suite.server.url}/`);
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' });
      await footerLink.scrollIntoViewIfNeeded();
      await footerLink.click();
      await page.waitForURL(`${suite.server.url}/privacy`);
      await page.getByRole('heading', { level: 1, name: 'Privacy Notice' }).waitFor();
      // After an in-app navigation the title comes with the page-texts chunk (docs/decisions/014).
      await expect.poll(() => page.title()).toMatch(/^Privacy Notice \|/);
      for (const name of ['What we keep, why and for how long', 'Who sees it', 'Cookies', 'Who we are'])
        expect(await page.getByRole('heading', { level: 2, name }).isVisible(), name).toBe(true);
      // The periods this server's retention job applies (its RETAIN_* settings), asked for once the page is live.
      await page.getByText('Number plates 45 days after your visit').waitFor();
      const text = await page.locator('main').innerText();
      for (const period of ['6 years', '18 months after', '30 days; then your name', 'The text 90 days after sending'])
        expect(text, period).toContain(period);
      expect(text).not.toContain('24 months');
      expect(text).not.toMatch(/loading/i);
      expect(text).toMatch(/no cookie banner/i);
      expect(text).toMatch(/copy of everything we hold/);
      const venue = await venueOf();
      expect(await page.getByRole('link', { name: venue.email }).first().getAttribute('href')).toMatch(
        `mailto:${venue.email}`,
      );
      expect(await page.getByRole('link', { name: venue.phone }).first().getAttribute('href')).toBe(venue.phoneHref);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await page.evaluate(() => window.innerWidth),
      );
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `privacy-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('is prerendered with the contacts, and states no period it cannot know before the server is asked', async () => {
    const venue = await venueOf();
    const html = await (await fetch(`${suite.server.url}/privacy`)).text();
    expect(html).toContain('data-prerendered');
    expect(html).toContain(venue.email);
    expect(html).toContain('What we keep, why and for how long');
    // The first view is drawn without the server's settings: a period in it could be a default not in force.
    const kept = html.slice(html.indexOf('id="kept"'), html.indexOf('id="who"'));
    expect(kept).toContain('Loading how long we keep each kind of data');
    expect(kept).not.toMatch(/\d+ (years?|months?|days?)/);
  });

  it('the admin Data requests tab exports a JSON file and erases after a confirm (desktop)', async () => {
    await bookAndPay(suite.server.url);
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/admin?tab=data-requests`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Data requests' }).waitFor();

    // A bad address is refused in the form, before any request.
    await page.getByRole('button', { name: 'Export (JSON)' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await page.getByLabel('Their e-mail address').fill(EMAIL.toUpperCase());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^play-time-barn-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as DataExportFile;
    expect(file.email).toBe(EMAIL);
    expect(file.tables.bookings!.map((b) => b.customer_name)).toEqual(['Petra Privacy']);
    expect(file.tables.payments!.length).toBe(1);
    await page
      .getByText(new RegExp(`^Downloaded play-time-barn-data-.* for ${EMAIL}: \\d+ records from \\d+ tables\\.$`))
      .waitFor();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'privacy-admin-export');

    await page.getByRole('button', { name: 'Erase...' }).click();
    // Shown as the server matches it: lower-cased.
    await page.getByRole('heading', { name: `Erase everything held about ${EMAIL}?` }).waitFor();
    // The confirm button takes focus, so Enter or Space confirms on purpose, not by accident elsewhere.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Yes, erase');
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'privacy-admin-erase-confirm');
    // Cancel leaves everything as it was.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Yes, erase' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Erase...' }).click();
    await page.getByRole('button', { name: 'Yes, erase' }).click();
    await page.getByText(`Erased ${EMAIL}: 1 booking,`).waitFor();
    await screenshot(page, 'privacy-admin-erased');

    // Exported again, the address holds nothing.
    await page.getByLabel('Their e-mail address').fill(EMAIL);
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (JSON)' }).click(),
    ]);
    const empty = JSON.parse(readFileSync((await again.path())!, 'utf8')) as DataExportFile;
    expect(Object.values(empty.tables).every((rows) => rows.length === 0)).toBe(true);
    await page.getByText(`Downloaded ${again.suggestedFilename()} for ${EMAIL}: nothing is held about it.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A paid booking for tomorrow's morning session, through the public API and the TEST MODE card. */
async function bookAndPay(url: string): Promise<void> {
  await bookAndPayByApi(url, {
    customerName: 'Petra Privacy',
    customerEmail: EMAIL,
    customerPhone: '07700 900321',
    selectedDate: addDays(todayInLondon(new Date()), 1),
    selectedTime: 'morning',
    ticketQuantities: { 'child-1-12': 1 },
    totalAmount: 950,
    loyaltyOptIn: false,
  });
}
