import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { venueInstant } from '../../src/server/bookings/visit-time';
import { todayInLondon } from '../../src/shared/dates';
import { bookTicket } from '../../src/server/checkin/testing/kiosk-fixtures';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedVenue } from '../../src/server/db/seed';
import { expectNoAxeViolations } from './support/axe';
import { CHROME_ARGS, CHROME_PATH, screenshot, waitForLiveApp } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { chromium } from 'playwright-core';

const ADMIN_PASSWORD = 'kiosk e2e admin password';
const sizes = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Today's bookings, made through the real booking API and paid with the TEST MODE card before the
 * server starts (PGlite is one process), on a clock set to 08:00 at the venue today: every session is
 * still on sale then, so the journey does not depend on the hour the test runs.
 */
async function bookToday(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await seedVenue(database.db);
  const today = todayInLondon(new Date());
  const { app } = await buildApp({
    db: database.db,
    config: testConfig(),
    now: () => venueInstant(today, '08:00'),
    webRoot: '/nonexistent',
  });
  await app.ready();
  const book = (
    customerName: string,
    customerEmail: string,
    selectedTime: string,
    ticketQuantities: Record<string, number>,
    totalAmount: number,
  ) =>
    bookTicket(app, {
      customerName,
      customerEmail,
      customerPhone: '07700 900123',
      selectedDate: today,
      selectedTime,
      ticketQuantities,
      totalAmount,
    });
  await book('Jess Parent', 'jess.parent@example.com', 'morning', { 'child-1-12': 2, adult: 1 }, 2100);
  await book('Alex Morgan', 'alex@example.com', 'afternoon', { 'child-1-12': 1, adult: 1 }, 1150);
  await book('Priya Shah', 'priya@example.com', 'midday', { 'child-1-12': 3, adult: 2 }, 3250);
  await app.close();
  await database.close();
}

async function openAt(
  browser: Browser,
  size: keyof typeof sizes,
  cookies: Cookie[] = [],
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: 1, reducedMotion: 'reduce' });
  await context.addCookies(cookies);
  const page = await context.newPage();
  waitForLiveApp(page);
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const nameInput = (page: Page) => page.getByLabel('Name on the booking');

async function search(page: Page, name: string) {
  await nameInput(page).fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function tickAll(page: Page) {
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByLabel(/I accept the disclaimer/).check();
  await page.getByLabel('I will not park in reserved spaces').check();
}

/** After a check-in the kiosk clears itself (3 s): the search is back, empty. */
async function waitForReset(page: Page) {
  await nameInput(page).waitFor();
  await expect.poll(() => nameInput(page).inputValue(), { timeout: 15_000 }).toBe('');
}

describe('check-in kiosk', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let tablet: Awaited<ReturnType<typeof openAt>>;
  let kioskCookies: Cookie[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'playtime-kiosk-e2e-'));
    await bookToday(dataDir);
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
    tablet = await openAt(browser, 'tablet');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for staff on a device that is not a kiosk; an admin signs in there and starts kiosk mode', async () => {
    const { page } = tablet;
    await page.goto(`${server.url}/check-in`);
    await page.getByRole('heading', { name: 'Welcome to Play Time!', level: 1 }).waitFor();
    await page.getByText('This check-in kiosk is switched on by a member of staff. Please ask at reception.').waitFor();
    await expect(page.getByLabel('Name on the booking').count()).resolves.toBe(0);
    await screenshot(page, 'kiosk-locked-tablet');
    await expectNoAxeViolations(page);

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Start kiosk mode on this device' }).waitFor();
    await page.getByText('Families can check in here while you are signed in.').waitFor();
    await screenshot(page, 'kiosk-staff-bar-tablet');
    await expectNoAxeViolations(page);

    await page.getByLabel('Device name').fill('Front desk tablet');
    await page.getByRole('button', { name: 'Start kiosk mode on this device' }).click();
    await page.getByText('Check-in kiosk: Front desk tablet').waitFor();
    await expect(page.getByRole('button', { name: 'Start kiosk mode on this device' }).count()).resolves.toBe(0);
    kioskCookies = await tablet.context.cookies();

    // The device is a kiosk now, not a member of staff: the staff area's data and page are closed to it.
    const status = await page.evaluate(async () => {
      const me = await (await fetch('/api/staff/me')).json();
      const adminData = await fetch('/api/admin/active-sessions');
      return { kind: me.kind, adminData: adminData.status };
    });
    expect(status).toEqual({ kind: 'kiosk', adminData: 403 });
    await page.goto(`${server.url}/admin`);
    await page
      .getByText('This device is in kiosk mode (Front desk tablet). Sign in as staff to use the staff area.')
      .waitFor();
    await page.goto(`${server.url}/check-in`);
    await nameInput(page).waitFor();
    // That refusal is the one console error expected on this page.
    expect(tablet.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    tablet.errors.length = 0;
  });

  it('finds a booking by name with masked details, checks it in with a plate, recommends, then resets', async () => {
    const { page } = tablet;
    await search(page, 'J');
    await page.getByText("Please enter at least 2 characters of the customer's name").waitFor();
    await search(page, 'Nobody Here');
    await toast(page, 'No Tickets Found');
    await toast(page, 'No unredeemed tickets found with that name. Please check the spelling or contact staff.');

    await search(page, 'jess');
    const card = page.getByRole('article', { name: 'Jess Parent' });
    await card.waitFor();
    for (const text of ['j•••@e•••.com', '•••• ••• 123', '9:30 AM - 11:30 AM', '2 children, 1 adult'])
      await card.getByText(text, { exact: true }).waitFor();
    expect(await card.textContent()).not.toContain('jess.parent@example.com');
    await screenshot(page, 'kiosk-results-tablet');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'This Is My Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Details' }).waitFor();
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    await page.getByText('Safety socks must be worn in the play areas (available to buy at reception).').waitFor();
    await page
      .getByText('Parking is free for the first 2 hours, then £8 for every further 2 hours.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await toast(page, 'Terms Required');
    await page.getByLabel('Number plate (optional)').fill('ab12 cde');
    expect(await page.getByLabel('Number plate (optional)').inputValue()).toBe('AB12 CDE');
    await tickAll(page);
    await screenshot(page, 'kiosk-check-in-tablet');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await toast(page, 'Check-In Successful!');
    await page.getByRole('heading', { name: "You're checked in, Jess!" }).waitFor();
    await page.getByRole('heading', { name: 'More Fun Today!' }).waitFor();
    await page.getByRole('heading', { name: 'Other Sessions Today' }).waitFor();
    await page.getByText('Have a fantastic time, Jess!').waitFor();
    const sessions = page.locator('section[aria-labelledby="other-sessions"] li');
    expect(await sessions.allTextContents()).toEqual([
      expect.stringContaining('12:00 PM - 2:00 PM'),
      expect.stringContaining('2:00 PM - 4:00 PM'),
    ]);
    const book = page.getByRole('link', { name: /Book Another Session/ });
    expect([await book.getAttribute('href'), await book.getAttribute('target')]).toEqual(['/booking', '_blank']);
    const gold = page.getByRole('link', { name: /Plan a Gold Birthday Party/ });
    expect([await gold.getAttribute('href'), await gold.getAttribute('target')]).toEqual([
      '/party-booking?package=gold',
      '_blank',
    ]);
    const prices = await page.locator('section[aria-labelledby="visit-prices"] li').allTextContents();
    expect(prices).toEqual([expect.stringContaining('£9.50'), expect.stringContaining('£2.00')]);
    await screenshot(page, 'kiosk-checked-in-tablet');
    await expectNoAxeViolations(page);

    await waitForReset(page);
    await expect(page.getByRole('heading', { name: 'Booking Details' }).count()).resolves.toBe(0);
    await screenshot(page, 'kiosk-after-reset-tablet');
  });

  it('refuses the same ticket again (Ticket Already Used) and checks it out', async () => {
    const { page } = tablet;
    await search(page, 'Jess Parent');
    await toast(page, 'Ticket Already Used');
    const card = page.getByRole('article', { name: 'Jess Parent' });
    await card.getByText('cannot be reused for security reasons.', { exact: false }).waitFor();
    await expect(card.getByRole('button', { name: 'This Is My Booking' }).count()).resolves.toBe(0);
    await screenshot(page, 'kiosk-used-ticket-tablet');
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: 'Check Out' }).click();
    await toast(page, 'Check-Out Successful!');
    await card.getByText('Checked out. Thanks for visiting!').waitFor();
    await waitForReset(page);
  });

  it('checks in a family that paid at reception, then checks it out', async () => {
    const { page } = tablet;
    await page.getByRole('button', { name: 'Check In Without a Booking' }).click();
    await page.getByRole('heading', { name: 'Paid at Reception?' }).waitFor();
    await page.getByLabel('Your name').fill(' S ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Name Required');
    await page.getByLabel('Your name').fill('Sam Walker');
    await page.getByRole('button', { name: 'Add one: Children' }).click();
    await screenshot(page, 'kiosk-walk-in-tablet');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Customer Created');
    await page.getByText('Paid at reception', { exact: true }).waitFor();
    await page.getByText('Open Play (Walk-in)', { exact: true }).waitFor();
    await page.getByText('2 children, 1 adult', { exact: true }).waitFor();
    await tickAll(page);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await toast(page, 'Check-In Successful!');
    await page.getByRole('heading', { name: "You're checked in, Sam!" }).waitFor();
    await page.getByRole('heading', { name: 'Other Sessions Today' }).waitFor();
    await expect(page.locator('section[aria-labelledby="other-sessions"] li').count()).resolves.toBe(3);
    await waitForReset(page);

    await search(page, 'sam walker');
    const card = page.getByRole('article', { name: 'Sam Walker' });
    await card.getByText('Ticket Already Used').waitFor();
    await card.getByRole('button', { name: 'Check Out' }).click();
    await toast(page, 'Check-Out Successful!');
    expect(tablet.errors, tablet.errors.join('\n')).toEqual([]);
  });

  it('works on a phone (390 px): check in with one child, baby price suggested', async () => {
    const phone = await openAt(browser, 'phone', kioskCookies);
    const { page } = phone;
    await page.goto(`${server.url}/check-in`);
    await search(page, 'Alex');
    await page.getByRole('article', { name: 'Alex Morgan' }).waitFor();
    await screenshot(page, 'kiosk-results-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'This Is My Booking' }).click();
    await tickAll(page);
    await screenshot(page, 'kiosk-check-in-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await page.getByRole('heading', { name: "You're checked in, Alex!" }).waitFor();
    await page.getByRole('heading', { name: 'Other Sessions Today' }).waitFor();
    const prices = await page.locator('section[aria-labelledby="visit-prices"] li').allTextContents();
    expect(prices).toEqual([
      expect.stringContaining('£9.50'),
      expect.stringContaining('£2.00'),
      expect.stringContaining('£4.00'),
    ]);
    await screenshot(page, 'kiosk-checked-in-phone');
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling on a phone').toBe(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('works on a desktop (1280 px)', async () => {
    const desktop = await openAt(browser, 'desktop', kioskCookies);
    const { page } = desktop;
    await page.goto(`${server.url}/check-in`);
    await nameInput(page).waitFor(); // the kiosk has rendered: no screenshot or axe run of a blank page
    await screenshot(page, 'kiosk-start-desktop');
    await expectNoAxeViolations(page);
    await search(page, 'priya');
    await page.getByRole('button', { name: 'This Is My Booking' }).click();
    await page.getByText('3 children, 2 adults', { exact: true }).waitFor();
    await tickAll(page);
    await screenshot(page, 'kiosk-check-in-desktop');
    // A tablet turned sideways: two columns, Check In in view.
    await page.setViewportSize({ width: 1180, height: 820 });
    await screenshot(page, 'kiosk-check-in-tablet-landscape');
    await expectNoAxeViolations(page);
    await page.setViewportSize(sizes.desktop);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await page.getByRole('heading', { name: 'Other Sessions Today' }).waitFor();
    await page.getByText('A team of 3 children and 2 adults', { exact: false }).waitFor();
    await screenshot(page, 'kiosk-checked-in-desktop');
    await expectNoAxeViolations(page);
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });
});
