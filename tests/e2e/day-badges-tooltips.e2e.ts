import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayInLondon } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, screenshot, waitForLiveApp } from './support/browser';
import { newDataDir, startServer, type RunningServer } from './support/server';
import { bookToday } from './support/today-bookings';
import { signInStaff } from './support/staff';
import { bookAndPayOnFirstOpenDate } from './support/book-and-pay';

const ADMIN_PASSWORD = 'badges e2e admin password';
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

async function openAt(browser: Browser, size: keyof typeof widths): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: widths[size], deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await context.newPage();
  waitForLiveApp(page);
  page.setDefaultTimeout(15_000);
  return { context, page };
}

describe('booking day badges and icon-button tooltips', () => {
  let dataDir = '';
  let server: RunningServer;
  let browser: Browser;
  let futureDays = 0;

  beforeAll(async () => {
    dataDir = newDataDir('playtime-badges-e2e-');
    await bookToday(dataDir); // Jess, Alex and Priya today, all on 07700 900123
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    browser = await launchBrowser();
    // A fourth booking on the same phone a few days ahead, paid with the TEST MODE card.
    const { date } = await bookAndPayOnFirstOpenDate(
      server.url,
      {
        customerName: 'Fran Future',
        customerEmail: 'fran@example.com',
        customerPhone: '07700 900123',
        selectedTime: 'afternoon',
        ticketQuantities: { 'child-1-12': 1, adult: 1 },
        totalAmount: 1150,
        loyaltyOptIn: false,
      },
      [3, 4, 5, 6, 7, 8, 9, 10, 11].map((days) => addDays(todayInLondon(new Date()), days)),
    );
    futureDays = daysBetween(todayInLondon(new Date()), date);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = (context: BrowserContext) => signInStaff(context, server.url, ADMIN_PASSWORD);

  for (const size of ['desktop', 'phone'] as const) {
    it(`shows Today's Session and Future Booking with the relative day on staff booking rows (${size})`, async () => {
      const { context, page } = await openAt(browser, size);
      try {
        await signIn(context);
        await page.goto(`${server.url}/admin?tab=todays-bookings`);
        await page.getByText('Jess Parent', { exact: true }).waitFor();
        const todayBadges = page.getByTestId('day-badge');
        await expect(todayBadges.count()).resolves.toBe(3);
        for (const text of await todayBadges.allTextContents()) expect(text).toBe("Today's SessionToday");
        await screenshot(page, `day-badges-todays-bookings-${size}`);
        await expectNoAxeViolations(page);

        await page.goto(`${server.url}/admin?tab=bookings`);
        await page.getByLabel('Reference, name, e-mail, phone or date').fill('07700 900123');
        await page.getByRole('button', { name: 'Find bookings' }).click();
        await page.getByText('4 bookings, newest first.').waitFor();
        const fran = page.getByRole('listitem').filter({ hasText: 'Fran Future' });
        await expect(fran.getByTestId('day-badge').textContent()).resolves.toBe(
          `Future Booking${`In ${futureDays} days`}`,
        );
        const jess = page.getByRole('listitem').filter({ hasText: 'Jess Parent' });
        await expect(jess.getByTestId('day-badge').textContent()).resolves.toBe("Today's SessionToday");
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
          widths[size].width,
        );
        await screenshot(page, `day-badges-booking-search-${size}`);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }

  // Desktop only: a tooltip needs a hovering pointer (it never opens on touch); the phone run timed out in CI.
  for (const size of ['desktop'] as const) {
    it(`opens an icon button's tooltip after 700 ms, at once within 300 ms of another closing, and closes on Escape (${size})`, async () => {
      const { context, page } = await openAt(browser, size);
      try {
        const add = (title: string) => page.getByRole('button', { name: `Add one ${title}` });
        const tip = page.getByRole('tooltip');
        const first = add('Children 1-12 years');
        await page.clock.install();
        await page.goto(`${server.url}/booking`);
        // The ticket list first: the page's data arrives through timers, which stop with the clock.
        await first.waitFor();
        // Time stands still from here: only runFor moves it, so 699 ms means 699 ms however slow the machine.
        await page.clock.pauseAt(new Date(Date.now() + 10_000));
        await first.scrollIntoViewIfNeeded();

        // Resting on a button: nothing for 699 ms, the tip at 700 ms, tied to the button by aria-describedby.
        await first.hover({ timeout: 5000 });
        await page.clock.runFor(699);
        await expect(tip.count()).resolves.toBe(0);
        await page.clock.runFor(1);
        await tip.waitFor({ timeout: 5000 });
        await expect(tip.textContent()).resolves.toBe('Add one Children 1-12 years');
        await expect(first.getAttribute('aria-describedby')).resolves.toBe(await tip.getAttribute('id'));
        const box = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(box).toBeLessThanOrEqual(widths[size].width); // the tip shifts nothing sideways
        await screenshot(page, `tooltip-booking-${size}`);
        // axe waits on timers of its own: let time flow while it runs (the open tip has none), then stop it again.
        await page.clock.resume();
        await expectNoAxeViolations(page);
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

        // Leaving closes it; another button within 300 ms opens at once.
        await page.mouse.move(5, 5);
        await tip.waitFor({ state: 'detached', timeout: 5000 });
        await page.clock.runFor(200);
        const second = add('Adults');
        await second.hover({ timeout: 5000 });
        await page.clock.runFor(1);
        await tip.waitFor({ timeout: 5000 });
        await expect(tip.textContent()).resolves.toBe('Add one Adults');

        // After the 300 ms window the full delay applies again.
        await page.mouse.move(5, 5);
        await page.clock.runFor(400);
        await first.hover({ timeout: 5000 });
        await page.clock.runFor(500);
        await tip.waitFor({ state: 'detached', timeout: 5000 });
        await page.clock.runFor(200);
        await tip.waitFor({ timeout: 5000 });

        // Escape dismisses it while the pointer stays.
        await page.keyboard.press('Escape');
        await tip.waitFor({ state: 'detached', timeout: 5000 });
        await expect(first.getAttribute('aria-describedby')).resolves.toBeNull();

        // Keyboard focus opens it too, after the delay; blur closes it.
        await page.mouse.move(5, 5);
        await page.clock.runFor(1000);
        await second.focus();
        await page.clock.runFor(699);
        await expect(tip.count()).resolves.toBe(0);
        await page.clock.runFor(1);
        await tip.waitFor({ timeout: 5000 });
        await expect(tip.textContent()).resolves.toBe('Add one Adults');
        await page.keyboard.press('Tab');
        await tip.waitFor({ state: 'detached', timeout: 5000 });

        // The booking calendar's month arrows, with time running as usual: the tip names the arrow.
        await page.clock.resume();
        await first.click();
        await page.getByRole('button', { name: 'Continue to Booking' }).click();
        await page.locator('#selectedDate').click();
        const next = page
          .getByRole('dialog', { name: 'Choose a visit date' })
          .getByRole('button', { name: /next month/i });
        await next.hover({ timeout: 5000 });
        await tip.waitFor({ timeout: 5000 });
        await expect(tip.textContent()).resolves.toBe(await next.getAttribute('aria-label'));
        await screenshot(page, `tooltip-calendar-${size}`);
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    });
  }
});
