import { eq, inArray } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { bookings, checkIns } from '../../src/server/db/schema';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { signInStaff, toastText } from './support/staff';
import { openStaffPage, staffNav } from './support/staff-nav';
import { bookAndPayOnFirstOpenDate } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';

/** yyyy-MM-dd of today + n days in the venue's time zone. */
function londonDatePlus(days: number): string {
  return addDays(todayInLondon(new Date()), days);
}

describe('staff dashboard', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  const ids: Record<string, string> = {};

  /**
   * Books through the public API and pays with the TEST MODE card, as a family would. The afternoon
   * session can be booked until 3:00 PM; later in the day, book tomorrow and move the visit to today
   * while the server is stopped below (the dashboard reads the database, not the clock).
   */
  const bookAndPay = async (
    customerName: string,
    customerEmail: string,
    ticketQuantities: Record<string, number>,
    totalAmount: number,
  ) =>
    (
      await bookAndPayOnFirstOpenDate(
        suite.server.url,
        {
          customerName,
          customerEmail,
          customerPhone: '07700 900123',
          selectedTime: 'afternoon',
          ticketQuantities,
          totalAmount,
          loyaltyOptIn: false,
        },
        [londonDatePlus(0), londonDatePlus(1)],
      )
    ).bookingId;

  beforeAll(async () => {
    ids.olivia = await bookAndPay('Olivia Overview', 'olivia@example.com', { 'child-1-12': 2, adult: 1 }, 2100);
    ids.carl = await bookAndPay('Carl Checkout', 'carl@example.com', { 'child-1-12': 1, adult: 1 }, 1150);
    ids.tina = await bookAndPay('Tina Today', 'tina@example.com', { 'child-0-1': 1, adult: 1 }, 600);
    // The kiosk (another area) writes check_ins; here they are written directly, with the server stopped (PGlite is one process).
    await suite.server.halt();
    const database = await openDatabase({ dataDir: suite.server.dataDir });
    const today = londonDatePlus(0);
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    await database.db
      .update(bookings)
      .set({ visitDate: today })
      .where(inArray(bookings.id, Object.values(ids)));
    await database.db.insert(checkIns).values([
      {
        bookingId: ids.carl,
        visitDate: today,
        children: 1,
        adults: 1,
        parkingAgreed: true,
        checkedInAt: ago(20),
        checkedInBy: 'kiosk:e2e',
      },
      {
        walkInName: 'Wanda Walkin',
        visitDate: today,
        children: 2,
        adults: 1,
        parkingAgreed: true,
        checkedInAt: ago(130),
        checkedInBy: 'kiosk:e2e',
      },
      {
        bookingId: ids.olivia,
        visitDate: today,
        children: 2,
        adults: 1,
        parkingAgreed: true,
        checkedInAt: ago(90),
        checkedOutAt: ago(10),
        checkedInBy: 'kiosk:e2e',
        checkedOutBy: 'kiosk:e2e',
      },
    ]);
    expect((await database.db.select().from(bookings).where(eq(bookings.visitDate, today))).length).toBe(3);
    await database.close();
    await suite.server.restart();
  });

  const signInByApi = (context: BrowserContext) => signInStaff(context, suite.server.url, ADMIN_PASSWORD);
  const openTab = (page: Page, label: string) => openStaffPage(page, label); // its section first when need be

  it('refuses a wrong password, then shows the Overview with real figures (desktop)', async () => {
    const { page, context } = await openPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastText(page, 'Access Denied');
    await toastText(page, 'Incorrect password');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByText('Signed in as').waitFor();
    // The sections by the work, then the open one's pages (issue 37; all of them: staff-navigation.e2e.ts).
    const nav = staffNav(page);
    await expect(nav.getByRole('link').allInnerTexts()).resolves.toEqual([
      'The day',
      'Bookings & customers',
      'Inquiries & parties',
      'Sales & vouchers',
      'Venue',
      'Administration',
      'Accounts',
      'Overview',
      'Checked In',
      "Today's Bookings",
    ]);
    const overview = nav.getByRole('link', { name: 'Overview', exact: true });
    await expect(overview.getAttribute('aria-current')).resolves.toBe('page');
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    await page.getByText('Olivia Overview').first().waitFor();
    // Three families, each with a confirmed booking (whatever the time of day).
    await expect(page.locator('dt:has-text("Total Customers") + dd').textContent()).resolves.toBe('3');
    await expect(page.getByText('Payment received').count()).resolves.toBeGreaterThanOrEqual(3);
    await screenshot(page, 'admin-overview-desktop');
    await expectNoAxeViolations(page);

    // Keyboard: Tab moves along the links, Enter opens one, and the address remembers the open page.
    await overview.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'In the barn now' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('checked-in');
    await page.keyboard.press('Shift+Tab'); // Overview
    await page.keyboard.press('Shift+Tab'); // the last section, Accounts
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Accounts', exact: true, level: 2 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'In the barn now' }).waitFor();
    await context.close();
  });

  it('lists who is checked in and checks a family out', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin?tab=checked-in`);
    await page.getByRole('heading', { name: 'In the barn now' }).waitFor();
    await page.getByRole('heading', { name: 'Carl Checkout' }).waitFor();
    await page.getByRole('heading', { name: 'Wanda Walkin' }).waitFor();
    await page.getByText('Walk-in (paid at reception)').waitFor();
    await page.getByText(/^Overtime by/).waitFor(); // Wanda: 2 h 10 min ago
    await page.getByText(/^1 h [34]\d min left$/).waitFor(); // Carl: 20 min ago
    await expect(page.getByRole('heading', { name: 'Olivia Overview' }).count()).resolves.toBe(0); // already checked out
    await screenshot(page, 'admin-checked-in-desktop');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Check Out Carl Checkout' }).click();
    await toastText(page, 'Customer Checked Out');
    await toastText(page, 'Carl Checkout has been checked out.');
    await page.getByRole('heading', { name: 'Carl Checkout' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Wanda Walkin' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches payments: empty, a match and no match', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin`);
    await openTab(page, 'Customer Search');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toastText(page, 'Search Required');
    await toastText(page, 'Please enter a customer name to search.');

    await page.getByLabel('Customer name').fill('  olivia ');
    await page.getByLabel('Customer name').press('Enter');
    await toastText(page, 'Search Complete');
    await page.getByRole('heading', { name: 'Found 1 payment for "olivia".' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Olivia Overview' });
    await card.getByText('£21.00').waitFor();
    await card.getByText('Succeeded').waitFor();
    await card.getByText('olivia@example.com').waitFor();
    await screenshot(page, 'admin-search-results-desktop');
    await expectNoAxeViolations(page);

    await page.getByLabel('Customer name').fill('Nobody Atall');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'No Results Found' }).waitFor();
    await screenshot(page, 'admin-search-none-desktop');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows today's bookings with party sizes and arrival state", async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin?tab=todays-bookings`);
    await page.getByText(/^3 bookings · 4 children · 3 adults · 2 checked in$/).waitFor();
    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card('Tina Today').getByText('Not arrived').waitFor();
    await card('Olivia Overview')
      .getByText(/^Checked out /)
      .waitFor();
    await card('Carl Checkout')
      .getByText(/^Checked out /)
      .waitFor(); // by staff in the test above
    await card('Olivia Overview').getByText('2 children').waitFor();
    await page.getByRole('heading', { name: /^2:00 PM - 4:00 PM/ }).waitFor();
    await screenshot(page, 'admin-todays-bookings-desktop');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/admin/search is the same search behind the same sign-in', async () => {
    const anonymous = await openPage(suite.browser, 'desktop');
    await anonymous.page.goto(`${suite.server.url}/admin/search`);
    await anonymous.page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await expect(anonymous.page.getByLabel('Customer name').count()).resolves.toBe(0);
    await anonymous.context.close();

    const { page, context } = await openPage(suite.browser, 'phone390');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin/search`);
    await page.getByRole('heading', { name: 'Payment Search', level: 1 }).waitFor();
    await page.getByLabel('Customer name').fill('CARL');
    await page.getByLabel('Customer name').press('Enter');
    await page.getByRole('listitem').filter({ hasText: 'Carl Checkout' }).getByText('£11.50').waitFor();
    await screenshot(page, 'admin-search-page-phone');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('works on a phone: a section menu, no sideways scrolling, and every page is accessible', async () => {
    const { page, context } = await openPage(suite.browser, 'phone390');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    const overflow = await staffNav(page).evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(overflow).toBe(false);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-overview-phone');
    await expectNoAxeViolations(page);
    for (const [label, file, ready] of [
      ['Checked In', 'checked-in', 'Wanda Walkin'],
      ['Customer Search', 'search', 'Customer name'],
      ["Today's Bookings", 'todays-bookings', 'Tina Today'],
    ] as const) {
      await openTab(page, label);
      await page.getByText(ready, { exact: true }).first().waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await screenshot(page, `admin-${file}-phone`);
      await expectNoAxeViolations(page);
    }
    await context.close();
  });

  it('signs out, and hands a device over as the kiosk', async () => {
    const { page, context } = await openPage(suite.browser, 'desktop');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Staff sign in' }).waitFor();
    await expect((await context.request.get(`${suite.server.url}/api/admin/dashboard-stats`)).status()).toBe(401);

    await signInByApi(context);
    await page.reload();
    await page.getByRole('button', { name: 'Start kiosk mode on this device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start kiosk mode on this device' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Start kiosk mode' }).click();
    await dialog.getByText('Please name this device').waitFor();
    await screenshot(page, 'admin-kiosk-dialog-desktop');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Device name').fill('Front desk tablet');
    await dialog.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.waitForURL(/\/check-in$/);
    await expect((await context.request.get(`${suite.server.url}/api/staff/me`)).json()).resolves.toEqual({
      signedIn: true,
      kind: 'kiosk',
      label: 'Front desk tablet',
    });
    await expect((await context.request.get(`${suite.server.url}/api/admin/active-sessions`)).status()).toBe(403);
    await page.goto(`${suite.server.url}/admin`);
    await page
      .getByText('This device is in kiosk mode (Front desk tablet). Sign in as staff to use the staff area.')
      .waitFor();
    await context.close();
  });
});
