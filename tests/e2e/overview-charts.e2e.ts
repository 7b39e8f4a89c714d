import { inArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { bookings } from '../../src/server/db/schema';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { shortDayMonth } from '../../src/shared/date-text';
import { formatPence } from '../../src/shared/money';
import { monthName } from '../../src/web/features/admin/overview/liability-text';
import { expectNoAxeViolations } from './support/axe';
import { screenshot, waitForLiveApp } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { signInStaff } from './support/staff';
import { bookAndPayByApi } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const DAY_MS = 86_400_000;

/**
 * The Overview's charts (issue 17) at 1280 and 390 px: three bookings paid through the public API, one
 * of them moved three days back (made and paid then); the charts draw, their tables hold the figures,
 * axe finds nothing. A gift voucher bought today shows as owed in the liability section, not as takings.
 */
describe('overview charts', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  const today = todayInLondon(new Date());
  const tomorrow = addDays(today, 1);
  const threeDaysAgo = todayInLondon(new Date(Date.now() - 3 * DAY_MS));

  const bookAndPay = async (email: string, selectedTime: string, children: number) =>
    (
      await bookAndPayByApi(suite.server.url, {
        customerName: 'Chart Family',
        customerEmail: email,
        customerPhone: '07700 900123',
        selectedDate: tomorrow,
        selectedTime,
        ticketQuantities: { 'child-1-12': children },
        totalAmount: children * 950,
        loyaltyOptIn: false,
      })
    ).bookingId;

  /** A £30 gift voucher bought and paid today: owed (liability), never takings (issue 29). */
  const buyVoucher = async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${suite.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const started = await post('/api/gift-vouchers', {
      kind: 'amount',
      amountPence: 3000,
      recipientName: 'Chart Recipient',
      recipientEmail: 'recipient@example.com',
      message: '',
      sendOn: today,
      buyerName: 'Chart Buyer',
      buyerEmail: 'buyer@example.com',
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { clientSecret } = (await started.json()) as { clientSecret: string };
    const paid = await post('/api/test-payments/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Chart Buyer',
    });
    expect(await paid.json()).toEqual({ status: 'succeeded' });
  };

  beforeAll(async () => {
    await buyVoucher();
    await bookAndPay('morning@example.com', 'morning', 2);
    await bookAndPay('midday@example.com', 'midday', 3);
    const early = await bookAndPay('early@example.com', 'afternoon', 1);
    // Made and paid three days ago: written directly, with the server stopped (PGlite is one process).
    await suite.server.halt();
    const database = await openDatabase({ dataDir: suite.server.dataDir });
    const then = new Date(Date.now() - 3 * DAY_MS);
    await database.db
      .update(bookings)
      .set({ createdAt: then, confirmedAt: then })
      .where(inArray(bookings.id, [early]));
    await database.close();
    await suite.server.restart();
  }, 240_000); // two server starts' worth: a restart on a loaded machine can take over a minute

  async function openOverview(browser: Browser, width: number, height: number) {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    waitForLiveApp(page);
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInStaff(context, suite.server.url, ADMIN_PASSWORD);
    await page.goto(`${suite.server.url}/admin`);
    try {
      await page.getByRole('heading', { name: 'Trends' }).waitFor();
      await page.locator('[data-chart] canvas').nth(2).waitFor();
    } catch (e) {
      await screenshot(page, `overview-charts-${width}-not-drawn`); // what the page showed instead
      throw e;
    }
    return { context, page, errors };
  }

  /** The rows of the table under a chart, opened with its "Show as table" toggle. */
  async function tableRows(page: Page, what: string): Promise<string[][]> {
    await page.locator('summary', { hasText: `: ${what}` }).click();
    const table = page.getByRole('table', { name: new RegExp(`^${what}`, 'i') });
    await table.waitFor();
    return table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  }

  async function checkCharts(page: Page) {
    const boxes = await page.locator('[data-chart] canvas').evaluateAll((cs) =>
      cs.map((c) => {
        const r = c.getBoundingClientRect();
        return { width: r.width, height: r.height, label: c.getAttribute('aria-label'), role: c.getAttribute('role') };
      }),
    );
    expect(boxes).toHaveLength(3);
    for (const b of boxes) {
      expect(b.width).toBeGreaterThan(200);
      expect(b.height).toBeGreaterThan(150);
      expect(b.role).toBe('img');
    }
    const takings = formatPence(2 * 950 + 3 * 950);
    expect(boxes.map((b) => b.label)).toEqual([
      `Bookings per day, last 30 days: 3 in total, highest 2 on ${shortDayMonth(today)}.`,
      `Takings per day, last 30 days: ${formatPence(6 * 950)} in total, highest ${takings} on ${shortDayMonth(today)}.`,
      `Places sold per session, next 14 days: 6 of 2,520 places sold; busiest ${shortDayMonth(tomorrow)} 12:00 PM - 2:00 PM, 3 of 60.`,
    ]);
    // The same sentence is visible under each chart's heading.
    await page.getByText(boxes[0]!.label!, { exact: true }).waitFor();

    const bookingRows = await tableRows(page, 'bookings per day');
    expect(bookingRows).toHaveLength(30);
    expect(bookingRows.at(-1)).toEqual([shortDayMonth(today), '2']);
    expect(bookingRows.find((r) => r[0] === shortDayMonth(threeDaysAgo))).toEqual([shortDayMonth(threeDaysAgo), '1']);
    expect(bookingRows.filter((r) => r[1] !== '0')).toHaveLength(2); // every other day is a zero
    const takingRows = await tableRows(page, 'takings per day');
    expect(takingRows.at(-1)).toEqual([shortDayMonth(today), takings]);
    expect(takingRows.find((r) => r[0] === shortDayMonth(threeDaysAgo))?.[1]).toBe(formatPence(950));
    const placeRows = await tableRows(page, 'places sold per session');
    expect(placeRows).toHaveLength(14);
    expect(placeRows[0]).toEqual([shortDayMonth(today), '0 of 60', '0 of 60', '0 of 60']);
    expect(placeRows[1]).toEqual([shortDayMonth(tomorrow), '2 of 60', '3 of 60', '1 of 60']);
  }

  /** The voucher is owed, in this month's row, and (checkCharts) not in the takings. */
  async function checkLiability(page: Page) {
    const section = page.getByTestId('overview-liability');
    await section.getByText('£30.00 owed today').waitFor();
    const rows = await section
      .getByRole('table', { name: /^Gift voucher liability/ })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
    const month = monthName(today.slice(0, 7));
    expect(rows[0]).toEqual([month, '£30.00', '£0.00', '£0.00', '£0.00', '£30.00']);
    await section.getByRole('link', { name: 'Download CSV' }).waitFor();
  }

  it('draws the three charts with their tables at 1280 px', async () => {
    const { page, context, errors } = await openOverview(suite.browser, 1280, 900);
    await checkCharts(page);
    await checkLiability(page);
    await page.getByTestId('overview-liability').scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-liability-desktop');
    await page.getByRole('heading', { name: 'Trends' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-charts-desktop');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: charts as wide as their cards, nothing wider than the screen', async () => {
    const { page, context, errors } = await openOverview(suite.browser, 390, 844);
    const widths = await page
      .locator('[data-chart] canvas')
      .evaluateAll((cs) => cs.map((c) => Math.round(c.getBoundingClientRect().width)));
    for (const w of widths) {
      expect(w).toBeGreaterThan(250);
      expect(w).toBeLessThanOrEqual(390 - 32);
    }
    await checkCharts(page);
    await checkLiability(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('overview-liability').scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-liability-phone');
    await screenshot(page, 'overview-charts-phone');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
