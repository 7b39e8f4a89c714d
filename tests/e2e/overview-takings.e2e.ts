import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortDayMonth } from '../../src/shared/date-text';
import { todayInLondon } from '../../src/shared/dates';
import { formatPence } from '../../src/shared/money';
import { expectNoAxeViolations } from './support/axe';
import { bookAndPayByApi } from './support/book-and-pay';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { bookPartyByApi } from './support/party-by-api';
import { useServerAndBrowser } from './support/suite';
import { signInStaff } from './support/staff';

const ADMIN_PASSWORD = 'e2e admin password 2025';

/**
 * Takings from every seller (issue 37) on the Overview, at 1280 and 390 px: a ticket booking and a party's
 * deposit, both paid today with the TEST MODE card, show under Tickets and Parties in "Revenue by kind",
 * add up to the revenue cards, and stack in the takings chart, whose "Show by kind" table has the day's kinds.
 */
describe('overview takings by kind', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  const today = todayInLondon(new Date());
  const ticketPence = 2 * 950;
  let deposit = 0;

  beforeAll(async () => {
    await bookAndPayByApi(suite.server.url, {
      customerName: 'Tia Tickets',
      customerEmail: 'tia@example.com',
      customerPhone: '07700 900123',
      selectedDate: londonDatePlus(1),
      selectedTime: 'morning',
      ticketQuantities: { 'child-1-12': 2 },
      totalAmount: ticketPence,
      loyaltyOptIn: false,
    });
    deposit = (
      await bookPartyByApi(suite.server.url, {
        name: 'Pat Party',
        email: 'pat.party@example.com',
        phone: '07700 900456',
      })
    ).amountPence;
    expect(deposit).toBeGreaterThan(0);
  }, 120_000);

  /** The rows of "Revenue by kind": [kind, today, this week]. */
  const kindRows = (page: Page) =>
    page
      .getByRole('table', { name: 'Revenue by kind' })
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('th, td')].map((c) => c.querySelector('span')?.textContent ?? c.textContent ?? ''),
        ),
      );

  async function check(viewport: ViewportName, name: string) {
    const { page, context, errors } = await openPage(suite.browser, viewport);
    await signInStaff(context, suite.server.url, ADMIN_PASSWORD);
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('table', { name: 'Revenue by kind' }).waitFor();
    const total = formatPence(ticketPence + deposit);
    expect(await kindRows(page)).toEqual([
      ['Takings', 'Today', 'This week'],
      ['Tickets', formatPence(ticketPence), formatPence(ticketPence)],
      ['Credit bundles', '£0.00', '£0.00'],
      ['Parties', formatPence(deposit), formatPence(deposit)],
      ['Gift vouchers spent', '£0.00', '£0.00'],
      ['Memberships', '£0.00', '£0.00'],
      ['Cafe', '£0.00', '£0.00'],
      ['Shop', '£0.00', '£0.00'],
      ['Events', '£0.00', '£0.00'],
      ['Revenue', total, total],
    ]);
    // The cards say the same, and a party is not a ticket booking.
    await expect(page.locator('dt:has-text("Today\'s Revenue") + dd').textContent()).resolves.toBe(total);
    await expect(page.locator('dt:has-text("Today\'s Bookings") + dd').textContent()).resolves.toBe('1');
    expect(await page.getByText('Party deposits and balances are not included').count()).toBe(0);

    // The takings chart stacks the kinds; its summary is the day's total, its by-kind table the day's kinds.
    await page.locator('[data-chart] canvas').nth(1).waitFor();
    await page
      .getByText(`Takings per day, last 30 days: ${total} in total, highest ${total} on ${shortDayMonth(today)}.`, {
        exact: true,
      })
      .waitFor();
    await page.getByRole('list', { name: 'Kinds of takings' }).waitFor();
    await page.locator('summary', { hasText: ': takings by kind per day' }).click();
    const table = page.getByRole('table', { name: /^Takings by kind per day/ });
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Day',
      'Tickets',
      'Credit bundles',
      'Parties',
      'Gift vouchers spent',
      'Memberships',
      'Cafe',
      'Shop',
      'Events',
    ]);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)).toEqual([
      shortDayMonth(today),
      formatPence(ticketPence),
      '£0.00',
      formatPence(deposit),
      '£0.00',
      '£0.00',
      '£0.00',
      '£0.00',
      '£0.00',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport === 'phone390' ? 390 : 1280,
    );

    await page.getByRole('table', { name: 'Revenue by kind' }).scrollIntoViewIfNeeded();
    await screenshot(page, `overview-takings-${name}`);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  }

  it('shows the party deposit under parties, with the tickets, at 1280 px', () => check('desktop', 'desktop'));
  it('fits a 390 px phone', () => check('phone390', 'phone'));
});
