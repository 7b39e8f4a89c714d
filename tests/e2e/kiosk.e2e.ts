import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketQrPng } from '../../src/server/bookings/booking-mails';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, screenshot, viewports, waitForLiveApp } from './support/browser';
import { fakeCameraArgs, pngToY4m } from './support/fake-camera';
import { newDataDir, startServer, type RunningServer } from './support/server';
import { bookToday, type TicketCodes } from './support/today-bookings';

const ADMIN_PASSWORD = 'kiosk e2e admin password';

async function openAt(
  browser: Browser,
  size: keyof typeof viewports,
  cookies: Cookie[] = [],
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: viewports[size],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
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
const scanHeading = (page: Page) => page.getByRole('heading', { name: 'Scan Your Ticket' });

async function byReference(page: Page, reference: string) {
  await page.getByLabel('Booking reference').fill(reference);
  await page.getByRole('search', { name: 'Find your booking by reference' }).getByRole('button').click();
}

async function bySurname(page: Page, surname: string, digits: string) {
  await page.getByLabel('Surname', { exact: true }).fill(surname);
  await page.getByLabel('Last 3 digits of your phone').fill(digits);
  await page.getByRole('search', { name: 'Find your booking by surname and phone' }).getByRole('button').click();
}

async function tickAll(page: Page) {
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByLabel(/I accept the disclaimer/).check();
  await page.getByLabel('I will not park in reserved spaces').check();
}

/** A handheld scanner: it types the QR's text into whatever has focus, then Enter. */
async function scanWithScanner(page: Page, token: string) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ticket-scanner-input');
  await page.keyboard.type(token, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** After a check-in or check-out the kiosk clears itself (3 s): the scan screen is back, empty. */
async function waitForReset(page: Page) {
  await scanHeading(page).waitFor();
  await expect.poll(() => page.getByLabel('Booking reference').inputValue(), { timeout: 15_000 }).toBe('');
  await expect.poll(() => page.getByRole('heading', { name: 'Booking Details' }).count()).toBe(0);
}

describe('check-in kiosk', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let tablet: Awaited<ReturnType<typeof openAt>>;
  let kioskCookies: Cookie[] = [];
  let codes: Record<'jess' | 'alex' | 'priya', TicketCodes>;

  beforeAll(async () => {
    dataDir = newDataDir('playtime-kiosk-e2e-');
    codes = await bookToday(dataDir);
    // The camera shows Jess's ticket: the same PNG the confirmation e-mail carries, as a video.
    const video = path.join(dataDir, 'jess-ticket.y4m');
    pngToY4m(await ticketQrPng(codes.jess.token), video);
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    browser = await launchBrowser({ args: fakeCameraArgs(video) });
    tablet = await openAt(browser, 'tablet');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for staff on a device that is not a kiosk; staff see the name search; kiosk mode hides it', async () => {
    const { page } = tablet;
    await page.goto(`${server.url}/check-in`);
    await page.getByRole('heading', { name: 'Welcome to Play Time!', level: 1 }).waitFor();
    await page.getByText('This check-in kiosk is switched on by a member of staff. Please ask at reception.').waitFor();
    await expect(scanHeading(page).count()).resolves.toBe(0);
    await screenshot(page, 'kiosk-locked-tablet');
    await expectNoAxeViolations(page);

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Start kiosk mode on this device' }).waitFor();
    // Staff at the desk keep the search by name, with the details they need.
    await page.getByLabel('Name on the booking').fill('jess');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: 'Jess Parent' });
    for (const text of [codes.jess.reference, 'j•••@e•••.com', '•••• ••• 123'])
      await card.getByText(text, { exact: true }).waitFor();
    await screenshot(page, 'kiosk-staff-bar-tablet');
    await expectNoAxeViolations(page);

    await page.getByLabel('Device name').fill('Front desk tablet');
    await page.getByRole('button', { name: 'Start kiosk mode on this device' }).click();
    await page.getByText('Check-in kiosk: Front desk tablet').waitFor();
    await scanHeading(page).waitFor();
    await expect(page.getByLabel('Name on the booking').count()).resolves.toBe(0);
    kioskCookies = await tablet.context.cookies();

    // The device is a kiosk now: the staff area, the name search and booking ids are closed to it.
    const status = await page.evaluate(async () => {
      const me = await (await fetch('/api/staff/me')).json();
      const adminData = await fetch('/api/admin/active-sessions');
      const byName = await fetch('/api/check-in/search-all-tickets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerName: 'jess' }),
      });
      return { kind: me.kind, adminData: adminData.status, byName: byName.status };
    });
    expect(status).toEqual({ kind: 'kiosk', adminData: 403, byName: 403 });
    await page.goto(`${server.url}/check-in`);
    await scanHeading(page).waitFor();
    // The camera is off until someone taps: no stream, no picture.
    await expect(page.locator('video').evaluate((v: HTMLVideoElement) => v.srcObject)).resolves.toBeNull();
    await screenshot(page, 'kiosk-start-tablet');
    await expectNoAxeViolations(page);
    expect(tablet.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    tablet.errors.length = 0;
  });

  it('shows nothing for half-right details, then finds Alex by reference and checks in', async () => {
    const { page } = tablet;
    await bySurname(page, 'Pa', '123');
    await page.getByText('Please enter your surname (at least 3 letters)').waitFor();
    await bySurname(page, 'Parent', '999');
    await toast(page, 'No Booking Found');
    await expect(page.getByRole('article').count()).resolves.toBe(0);

    await byReference(page, codes.alex.reference.slice(4).toLowerCase());
    const card = page.getByRole('article', { name: 'Alex M.' });
    await card.getByText('1 child, 1 adult', { exact: true }).waitFor();
    await card.getByText('2:00 PM - 4:00 PM', { exact: true }).waitFor();
    const text = (await card.textContent()) ?? '';
    for (const secret of ['Morgan', 'alex@', '123', '£', codes.alex.reference]) expect(text).not.toContain(secret);
    await screenshot(page, 'kiosk-reference-result-tablet');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'This Is My Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Details' }).waitFor();
    await page.getByText('Paid online', { exact: true }).waitFor();
    await tickAll(page);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await page.getByRole('heading', { name: "You're checked in, Alex!" }).waitFor();
    await waitForReset(page);

    // Found by surname and digits, Alex shows as in, with no Check Out for whoever typed them.
    await bySurname(page, 'morgan', '123');
    const seen = page.getByRole('article', { name: 'Alex M.' });
    await seen.getByText('Leaving? Scan your ticket to check out, or ask at reception.').waitFor();
    await expect(seen.getByRole('button', { name: 'Check Out' }).count()).resolves.toBe(0);
    await screenshot(page, 'kiosk-used-no-checkout-tablet');
    await expectNoAxeViolations(page);
  });

  it("scans Jess's ticket with the camera and checks the family in", async () => {
    const { page } = tablet;
    await page.reload();
    await page.getByRole('button', { name: 'Scan With the Camera' }).click();
    // The fake camera shows the ticket PNG; the page reads it and opens the check-in step by itself.
    await page.getByRole('heading', { name: 'Booking Details' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Jess P.' }).waitFor();
    await page.getByText('9:30 AM - 11:30 AM', { exact: true }).waitFor();
    await page.getByText('2 children, 1 adult', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    await page.getByText('Safety socks must be worn in the play areas (available to buy at reception).').waitFor();
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await toast(page, 'Terms Required');
    await page.getByLabel('Number plate (optional)').fill('ab12 cde');
    expect(await page.getByLabel('Number plate (optional)').inputValue()).toBe('AB12 CDE');
    await tickAll(page);
    await screenshot(page, 'kiosk-check-in-tablet');
    await expectNoAxeViolations(page);
    // The camera stopped once it had read the code.
    await expect(page.locator('video').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await toast(page, 'Check-In Successful!');
    await page.getByRole('heading', { name: "You're checked in, Jess!" }).waitFor();
    await page.getByRole('heading', { name: 'Other Sessions Today' }).waitFor();
    const sessions = page.locator('section[aria-labelledby="other-sessions"] li');
    expect(await sessions.allTextContents()).toEqual([
      expect.stringContaining('12:00 PM - 2:00 PM'),
      expect.stringContaining('2:00 PM - 4:00 PM'),
    ]);
    await screenshot(page, 'kiosk-checked-in-tablet');
    await expectNoAxeViolations(page);
    await waitForReset(page);
  });

  it('a handheld scanner types the same ticket: Ticket Already Used, with Check Out', async () => {
    const { page } = tablet;
    await scanWithScanner(page, codes.jess.token);
    await toast(page, 'Ticket Already Used');
    const card = page.getByRole('article', { name: 'Jess P.' });
    await card.getByText('cannot be reused for security reasons.', { exact: false }).waitFor();
    await expect(card.getByRole('button', { name: 'This Is My Booking' }).count()).resolves.toBe(0);
    await screenshot(page, 'kiosk-scanned-used-tablet');
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: 'Check Out' }).click();
    await toast(page, 'Check-Out Successful!');
    await card.getByText('Checked out. Thanks for visiting!').waitFor();
    await waitForReset(page);
    expect(tablet.errors, tablet.errors.join('\n')).toEqual([]);
  });

  it('says what to do when the camera is refused or missing, and stops it when asked', async () => {
    /** A kiosk tab whose camera behaves as `camera` says, set before the page's own scripts run. */
    const withCamera = async (camera: 'refused' | 'missing' | 'blank') => {
      const opened = await openAt(browser, 'tablet', kioskCookies);
      await opened.page.addInitScript((how) => {
        const media = navigator.mediaDevices;
        if (how === 'missing') Object.defineProperty(navigator, 'mediaDevices', { value: undefined });
        else if (how === 'refused')
          media.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
        else
          media.getUserMedia = async () => {
            // A camera pointed at a wall: frames, but never a code.
            const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
            const g = canvas.getContext('2d')!;
            setInterval(() => g.fillRect(0, 0, 640, 480), 100);
            const stream = canvas.captureStream(10);
            (window as unknown as { camera: MediaStream }).camera = stream;
            return stream;
          };
      }, camera);
      await opened.page.goto(`${server.url}/check-in`);
      await opened.page.getByRole('button', { name: 'Scan With the Camera' }).click();
      return opened;
    };

    const refused = await withCamera('refused');
    await refused.page.getByRole('alert').getByText('The camera was not allowed', { exact: false }).waitFor();
    await refused.page.getByText('find your booking below with your booking reference', { exact: false }).waitFor();
    await screenshot(refused.page, 'kiosk-camera-refused-tablet');
    await expectNoAxeViolations(refused.page);
    await refused.context.close();

    const missing = await withCamera('missing');
    await missing.page.getByText('There is no camera we can use on this device.', { exact: false }).waitFor();
    await missing.context.close();

    const blank = await withCamera('blank');
    const { page } = blank;
    await page.getByText('Hold the QR code in the frame. It scans by itself.').waitFor();
    await page.getByRole('button', { name: 'Stop Camera' }).waitFor();
    await expect(page.locator('video').isVisible()).resolves.toBe(true);
    await screenshot(page, 'kiosk-camera-scanning-tablet');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Stop Camera' }).click();
    await page.getByRole('button', { name: 'Scan With the Camera' }).waitFor();
    const ended = await page.evaluate(() =>
      (window as unknown as { camera: MediaStream }).camera.getTracks().every((t) => t.readyState === 'ended'),
    );
    expect(ended, 'the camera is off once Stop is pressed').toBe(true);
    await expect(page.locator('video').isVisible()).resolves.toBe(false);
    expect([...refused.errors, ...missing.errors, ...blank.errors]).toEqual([]);
    await blank.context.close();
  });

  it('checks in a family that paid at reception', async () => {
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
    await expect(page.locator('section[aria-labelledby="other-sessions"] li').count()).resolves.toBe(3);
    await waitForReset(page);
    expect(tablet.errors, tablet.errors.join('\n')).toEqual([]);
  });

  it('works on a phone (360 px): surname and digits, then check in', async () => {
    const phone = await openAt(browser, 'phone', kioskCookies);
    const { page } = phone;
    await page.goto(`${server.url}/check-in`);
    await bySurname(page, 'Shah', '123');
    await page.getByRole('article', { name: 'Priya S.' }).waitFor();
    await screenshot(page, 'kiosk-results-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'This Is My Booking' }).click();
    await page.getByText('3 children, 2 adults', { exact: true }).waitFor();
    await tickAll(page);
    await screenshot(page, 'kiosk-check-in-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await page.getByRole('heading', { name: "You're checked in, Priya!" }).waitFor();
    await page.getByRole('heading', { name: 'Other Sessions Today' }).waitFor();
    await page.getByText('A team of 3 children and 2 adults', { exact: false }).waitFor();
    await screenshot(page, 'kiosk-checked-in-phone');
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling on a phone').toBe(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('works on a desktop (1280 px) and a tablet turned sideways', async () => {
    const desktop = await openAt(browser, 'desktop', kioskCookies);
    const { page } = desktop;
    await page.goto(`${server.url}/check-in`);
    await scanHeading(page).waitFor(); // the kiosk has rendered: no screenshot or axe run of a blank page
    await screenshot(page, 'kiosk-start-desktop');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1180, height: 820 });
    await screenshot(page, 'kiosk-start-tablet-landscape');
    await expectNoAxeViolations(page);
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });
});
