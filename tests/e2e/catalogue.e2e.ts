import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PublicCatalogue } from '../../src/shared/catalogue';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { longDate } from '../../src/shared/date-text';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { chooseTickets, fillCustomer, openCalendarAt, pickDateAndSession } from './support/book-and-pay';
import { press, typeInto } from './support/keyboard';
import { signInStaff, toastText } from './support/staff';
import { useServerAndBrowser } from './support/suite';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const CHILD = 'Children 1-12 years';
const HOSTILE = '<script>alert(1)</script>';

/** The Monday after today (a week on when today is Monday), the venue's dates. */
function nextMonday(): string {
  const today = todayInLondon(new Date());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(today, ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0));
}

const venueSection = (page: Page, url: string, section: string) =>
  page.goto(`${url}/admin?tab=venue&section=venue-${section}`);

/**
 * Issue 25's journey: an admin edits the catalogue in the staff app (a price from next Monday, a closed
 * date, a menu item with sesame and mustard and a photo, a notice, the phone number), and a family sees
 * each on the public pages without a restart. Staff-typed HTML stays text everywhere.
 */
describe('the venue edits its own catalogue', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  const monday = nextMonday();
  const closedDay = addDays(monday, 2);
  const itemName = `Sesame Mustard Bagel ${HOSTILE}`;

  const catalogue = async (): Promise<PublicCatalogue> =>
    (await (await fetch(`${suite.server.url}/api/catalogue`)).json()) as PublicCatalogue;

  it('an admin edits prices, closures, the menu, the notice board and the phone (1280 wide)', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInStaff(context, suite.server.url, ADMIN_PASSWORD);

    await venueSection(page, suite.server.url, 'prices');
    const child = page.getByRole('region', { name: CHILD });
    await child.getByLabel('New price from').fill(monday);
    await child.getByLabel('Price (£)').fill('10.50');
    await child.getByRole('button', { name: `Save new price for ${CHILD}` }).click();
    await toastText(page, 'Price saved');
    await child
      .getByRole('table', { name: `Price history of ${CHILD}` })
      .getByText('£10.50')
      .waitFor();
    await screenshot(page, 'venue-prices-desktop');
    await expectNoAxeViolations(page);

    await venueSection(page, suite.server.url, 'closures');
    await page.getByLabel('First day closed').fill(closedDay);
    await page.getByLabel('Last day closed').fill(closedDay);
    await page.getByLabel('Reason families will see').fill(`Burst pipe ${HOSTILE}`);
    await page.getByRole('button', { name: 'Close these dates' }).click();
    await toastText(page, 'Closure saved');
    await page.getByRole('region', { name: 'Paid bookings on the closed dates' }).waitFor();
    await screenshot(page, 'venue-closures-desktop');
    await expectNoAxeViolations(page);

    await venueSection(page, suite.server.url, 'menu');
    await page.getByRole('button', { name: 'Add a menu item' }).click();
    const add = page.getByRole('form', { name: 'Add a menu item' });
    await add.getByLabel('Menu section').selectOption({ label: 'Adult Food' });
    await add.getByLabel('Name').fill(itemName);
    await add.getByLabel('Price (£)').fill('6.25');
    await add.getByLabel('Sesame').check();
    await add.getByLabel('Mustard').check();
    await add.getByRole('button', { name: 'Add item' }).click();
    await toastText(page, 'Menu item added');
    await page.getByRole('button', { name: `Edit ${itemName}` }).click();
    // A camera JPEG with a location in its EXIF: the site keeps neither.
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#e8b04a' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'e2e secret' } } })
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .and(page.getByLabel(`Photo of ${itemName}`, { exact: true }))
      .setInputFiles({ name: 'bagel.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('button', { name: `Upload photo of ${itemName}` }).click();
    await toastText(page, 'Photo uploaded');
    await screenshot(page, 'venue-menu-desktop');
    await expectNoAxeViolations(page);

    // The notice, keyboard only: focus moves with Tab, typing fills, Enter presses.
    await venueSection(page, suite.server.url, 'posts');
    await page.getByRole('button', { name: 'New post' }).waitFor();
    await press(page, page.getByRole('button', { name: 'New post' }));
    const post = page.getByRole('form', { name: 'New post' });
    await typeInto(page, post.getByLabel('Title'), `Half-term hours ${HOSTILE}`);
    await typeInto(page, post.getByLabel('Text'), 'Open late all week.\nDetails: https://example.com/half-term');
    await press(page, post.getByRole('button', { name: 'Add post' }));
    await toastText(page, 'Post added');

    await venueSection(page, suite.server.url, 'details');
    const contacts = page.getByRole('form', { name: 'Name and contacts' });
    await contacts.getByLabel('Phone', { exact: true }).fill('01632 960 777');
    await contacts.getByRole('button', { name: 'Save name and contacts' }).click();
    await toastText(page, 'Venue details saved');
    await screenshot(page, 'venue-details-desktop');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();

    // Every process serves the edits at once (this one) or within seconds (others): no restart.
    const after = await catalogue();
    expect(after.venue.phone).toBe('01632 960 777');
    expect(after.menuItems.find((m) => m.name === itemName)).toMatchObject({ allergens: ['mustard', 'sesame'] });
  });

  it('every Venue editor fits a phone (390 wide), each section axe clean and without sideways scrolling', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'phone390');
    await signInStaff(context, suite.server.url, ADMIN_PASSWORD);
    const sections = {
      prices: 'Ticket prices & types',
      sessions: 'Sessions',
      closures: 'Closures',
      menu: 'Cafe menu',
      posts: 'Notice board',
      parties: 'Party packages',
      details: 'Venue details',
    };
    for (const [section, heading] of Object.entries(sections)) {
      await venueSection(page, suite.server.url, section);
      await page.getByRole('heading', { name: heading, level: 3 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(390);
      await screenshot(page, `venue-${section}-phone`);
      await expectNoAxeViolations(page);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop', 'phone390'] as ViewportName[]) {
    it(`a family sees each edit on the public pages (${viewport})`, async () => {
      const { page, context, errors } = await openPage(suite.browser, viewport);
      const suffix = viewport === 'desktop' ? 'desktop' : 'phone';

      // /booking: today's price, then the new price for a visit from Monday, and the closure's reason.
      await chooseTickets(page, suite.server.url, { [CHILD]: 1 });
      await expect(page.getByTestId('order-total').textContent()).resolves.toBe('£9.50');
      await fillCustomer(page, { name: 'Fay Family', phone: '07700 900123', email: 'fay@example.com' });
      await pickDateAndSession(page, addDays(monday, 1));
      await page.getByText(`Ticket prices are different for visits on ${longDate(addDays(monday, 1))}`).waitFor();
      await expect(page.getByTestId('order-total').textContent()).resolves.toBe('£10.50');
      await openCalendarAt(page, closedDay);
      await page.getByText(`Closed: Burst pipe ${HOSTILE}`).first().waitFor();
      await screenshot(page, `catalogue-booking-${suffix}`);
      await expectNoAxeViolations(page);
      expect(errors, '/booking').toEqual([]);

      // /menu: the new item with its two allergens and its photo, lazily loaded, as WebP.
      await page.goto(`${suite.server.url}/menu?tab=adult`);
      const item = page.getByRole('heading', { name: itemName });
      await item.scrollIntoViewIfNeeded();
      const card = page.getByTestId('menu-item').filter({ has: item });
      await card.getByText('Sesame').first().waitFor();
      await card.getByText('Mustard').first().waitFor();
      const img = card.getByRole('img', { name: itemName });
      await expect(img.getAttribute('loading')).resolves.toBe('lazy');
      const src = (await img.getAttribute('src'))!;
      const photo = await fetch(new URL(src, suite.server.url));
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect(photo.headers.get('cache-control')).toContain('immutable');
      expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).exif).toBeUndefined();
      await screenshot(page, `catalogue-menu-${suffix}`);
      await expectNoAxeViolations(page);
      expect(errors, '/menu').toEqual([]);

      // The home page and its footer: the new phone number; the notice board: the new post, as text.
      await page.goto(`${suite.server.url}/`);
      await page.locator('footer').getByText('01632 960 777').first().waitFor();
      expect(await page.locator('footer').getByText('01632 960 123').count()).toBe(0);
      expect(errors, '/').toEqual([]);
      await page.goto(`${suite.server.url}/facebook-feed`);
      await page.getByRole('heading', { name: `Half-term hours ${HOSTILE}` }).waitFor();
      await page.getByRole('link', { name: 'https://example.com/half-term' }).waitFor();
      await screenshot(page, `catalogue-notices-${suffix}`);
      await expectNoAxeViolations(page);
      // Nothing typed by staff ran as script anywhere.
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => document.querySelectorAll('script:not([src]):not([type])').length)).toBe(0);
      await context.close();
    });
  }
});
