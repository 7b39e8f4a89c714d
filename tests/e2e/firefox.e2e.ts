import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { londonDatePlus } from './support/dates';
import {
  byRole,
  fieldLabelled,
  firefoxScreenshot,
  gotoLive,
  launchFirefox,
  openFirefoxPage,
  visible,
  type FirefoxPage,
} from './support/firefox';
import { decodeQrPng } from './support/qr';
import { startServer, type RunningServer } from './support/server';
import { bookToday } from './support/today-bookings';

/**
 * The home page, the booking journey and the kiosk in Firefox, as families and staff meet them in
 * Chromium (home, booking and kiosk.e2e.ts hold the detailed checks). One server and one Firefox for
 * the file: Firefox takes seconds to start, and the three journeys do not touch each other's data.
 */

const ADMIN_PASSWORD = 'firefox e2e admin password';
const visitDate = londonDatePlus(7);

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Top of a section relative to the viewport: near 0 once an in-page link has scrolled to it. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
const expectScrolledTo = (page: Page, id: string) =>
  expect.poll(() => sectionTop(page, id), { timeout: 5000 }).toBeLessThan(120);
/**
 * Pixels the page scrolls sideways. Against the layout width (clientWidth), not the window: Firefox
 * draws a classic 12 px scrollbar beside the page where headless Chromium draws none.
 */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent?.trim() ?? '');

describe('Firefox', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let opened: FirefoxPage | undefined;
  const open = async (viewport: Parameters<typeof openFirefoxPage>[1]) => {
    opened = await openFirefoxPage(browser, viewport);
    return opened;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'playtime-firefox-e2e-'));
    // Start Firefox while the database is prepared: both take seconds.
    const [firefox] = await Promise.all([launchFirefox(), bookToday(dataDir)]);
    browser = firefox;
    server = await startServer({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      FACEBOOK_PAGE_ID: '',
      FACEBOOK_ACCESS_TOKEN: '',
    });
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('home page (desktop): every section, the navigation scrolls to its section, no console errors', async () => {
    const { page, errors } = await open('desktop');
    await gotoLive(page, `${server.url}/`);
    expect(await page.title()).toMatch(/Play Time Barn/);
    expect(await page.$$eval('h1', (hs) => hs.map((h) => h.textContent))).toEqual([
      expect.stringMatching(/Big adventures/i),
    ]);
    for (const name of [
      'Activities & Play Zones',
      'Simple, Family-Friendly Prices',
      'Play Time Rewards',
      'Quick Links',
    ])
      await visible(page, byRole('heading', name));
    await visible(page, byRole('navigation', 'Main'));
    await visible(page, byRole('contentinfo'));
    await visible(page, '::-p-text(Demo Mode)');
    expect(await sidewaysOverflow(page)).toBe(0);
    await firefoxScreenshot(page, 'home-desktop', false);

    const nav = (await page.$(byRole('navigation', 'Main')))!;
    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['Contact', 'contact'],
    ] as const) {
      await (await nav.$(byRole('link', label)))!.click();
      await expectScrolledTo(page, id);
    }
    // The contact form loads near its section.
    await visible(page, byRole('button', 'Send Message'));
    await (await nav.$(byRole('link', 'Book Now')))!.click();
    await visible(page, byRole('heading', 'Choose Your Tickets'));
    expect(pathOf(page)).toBe('/booking');
    expect(errors).toEqual([]);
  });

  it('home page (phone): the menu opens, closes with Escape, and its links scroll to their section', async () => {
    const { page, errors } = await open('phone');
    await gotoLive(page, `${server.url}/`);
    await visible(page, byRole('heading', 'Quick Links'));
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.locator(byRole('button', 'Open menu')).click();
    await visible(page, '#mobile-menu');
    await firefoxScreenshot(page, 'home-phone-menu', false);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#mobile-menu', { hidden: true });
    // The menu hands focus back once it has closed, in a later task: wait for it (up to 5 s) rather than read once.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open menu', {
      timeout: 5_000,
    });

    await page.locator(byRole('button', 'Open menu')).click();
    await page.locator(`#mobile-menu ${byRole('link', 'Pricing')}`).click();
    await page.waitForSelector('#mobile-menu', { hidden: true });
    await expectScrolledTo(page, 'pricing');
    expect(errors).toEqual([]);
  });

  it('books two children and an adult, pays with the TEST MODE card 4242 and shows the confirmed ticket (phone)', async () => {
    const { page, errors } = await open('phone');
    await gotoLive(page, `${server.url}/booking`);
    await visible(page, byRole('heading', 'Choose Your Tickets'));
    for (const ticket of ['Children 1-12 years', 'Children 1-12 years', 'Adults'])
      await page.locator(byRole('button', `Add one ${ticket}`)).click();
    await page.locator(byRole('button', 'Continue to Booking')).click();
    await visible(page, byRole('heading', 'Your Details'));
    expect(await text(page, '[data-testid="order-total"]')).toBe('£21.00');

    await page.locator(byRole('textbox', 'Full Name')).fill('Jess Firefox');
    await page.locator(byRole('textbox', 'Phone Number')).fill('07700 900123');
    await page.locator(byRole('textbox', 'Email Address')).fill('jess.firefox@example.com');
    await page.locator('#selectedDate').click();
    await visible(page, '.rdp-root');
    // A month's grid also holds hidden cells for the next month's first days: match the real one.
    const day = `[data-day="${visitDate}"]:not([data-outside]) button`;
    if (!(await page.$(day))) await page.locator(byRole('button', 'Go to the Next Month')).click();
    await page.locator(day).click();
    await page.waitForFunction(() => !document.querySelector('#selectedDate')?.textContent?.includes('Pick a date'));
    await page.locator('input[name="selectedTime"]:not([value=""]):not([disabled])').click();
    await page.locator(byRole('checkbox', 'I agree to the terms and conditions')).click();
    await firefoxScreenshot(page, 'booking-details-phone');
    await page.locator('button::-p-text(Proceed to Payment)').click();

    await page.waitForFunction(() => location.pathname === '/payment');
    expect(page.url()).toMatch(/\/payment\?client_secret=.+&booking_id=.+/);
    await visible(page, '::-p-text(TEST MODE)');
    await page.locator(byRole('textbox', 'Card number')).fill('4242 4242 4242 4242');
    await page.locator(byRole('textbox', 'Expiry date')).fill('12 / 34');
    await page.locator(byRole('textbox', 'CVC')).fill('123');
    await page.locator(byRole('textbox', 'Name on card')).fill('Jess Firefox');
    await firefoxScreenshot(page, 'payment-phone');
    await page.locator(byRole('button', 'Pay £21.00')).click();

    await page.waitForFunction(() => location.pathname === '/booking-success');
    await visible(page, byRole('heading', 'Booking Confirmed!'));
    expect(await text(page, '[data-testid="booking-reference"]')).toMatch(/^[A-Z0-9-]{5,}$/);
    const qr = await page.waitForSelector('img[alt^="QR code ticket"]', { visible: true });
    const src = (await qr!.evaluate((img) => img.getAttribute('src')))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    expect(decodeQrPng(Buffer.from(src.split(',')[1]!, 'base64')).text).toBeTruthy();
    await firefoxScreenshot(page, 'booking-success-phone');
    expect(errors).toEqual([]);
  });

  it('kiosk (tablet): staff sign in and start kiosk mode, a family finds its booking by surname and phone digits and checks in', async () => {
    const { page, errors } = await open({ width: 820, height: 1180 });
    await gotoLive(page, `${server.url}/check-in`);
    await visible(page, byRole('heading', 'Welcome to Play Time!'));
    await page.locator(byRole('textbox', 'Username')).fill('admin');
    await (await fieldLabelled(page, 'Password')).fill(ADMIN_PASSWORD);
    await page.locator(byRole('button', 'Sign In')).click();
    await page.locator(byRole('textbox', 'Device name')).fill('Firefox tablet');
    await page.locator(byRole('button', 'Start kiosk mode on this device')).click();
    await visible(page, '::-p-text(Check-in kiosk: Firefox tablet)');

    // No ticket to hand: surname and the phone's last 3 digits (DECISIONS.md "Kiosk privacy").
    await page.locator(byRole('textbox', 'Surname')).fill('parent');
    await page.locator(byRole('textbox', 'Last 3 digits of your phone')).fill('123');
    await page
      .locator(`${byRole('search', 'Find your booking by surname and phone')} ${byRole('button', 'Find Booking')}`)
      .click();
    const card = byRole('article', 'Jess P.');
    await visible(page, card);
    await visible(page, `${card} ::-p-text(2 children, 1 adult)`);
    await firefoxScreenshot(page, 'kiosk-results-tablet');
    await page.locator(`${card} ${byRole('button', 'This Is My Booking')}`).click();
    await visible(page, byRole('heading', 'Booking Details'));
    await page.locator(byRole('textbox', 'Number plate (optional)')).fill('ab12 cde');
    await page.locator(byRole('checkbox', 'I agree to the terms and conditions')).click();
    await page
      .locator(
        byRole(
          'checkbox',
          'I accept the disclaimer: play is at our own risk, and I will supervise the children in my care at all times',
        ),
      )
      .click();
    await page.locator(byRole('checkbox', 'I will not park in reserved spaces')).click();
    expect(await page.$eval(byRole('textbox', 'Number plate (optional)'), (el) => (el as HTMLInputElement).value)).toBe(
      'AB12 CDE',
    );
    await firefoxScreenshot(page, 'kiosk-check-in-tablet');
    await page.locator(byRole('button', 'Check In')).click();
    await visible(page, byRole('heading', "You're checked in, Jess!"));
    await visible(page, byRole('heading', 'Other Sessions Today'));
    await firefoxScreenshot(page, 'kiosk-checked-in-tablet');
    expect(errors).toEqual([]);
  });
});
