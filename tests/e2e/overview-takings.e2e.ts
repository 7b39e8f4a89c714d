import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartyAvailabilityResponse, PartyPaymentResponse } from '../../src/shared/contracts/party-booking';
import { shortDayMonth } from '../../src/shared/date-text';
import { addMonths, todayInLondon } from '../../src/shared/dates';
import { formatPence } from '../../src/shared/money';
import { expectNoAxeViolations } from './support/axe';
import { PAYING_CARD, bookAndPayByApi } from './support/book-and-pay';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { useServerAndBrowser } from './support/suite';
import { signInStaff } from './support/staff';

const ADMIN_PASSWORD = 'e2e admin password 2025';

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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

  /** The first party slot free 20+ days ahead, held and its deposit paid as the /party-booking page does. */
  async function payPartyDeposit(url: string): Promise<PartyPaymentResponse> {
    const from = londonDatePlus(20);
    for (const month of [from.slice(0, 7), addMonths(`${from.slice(0, 7)}-01`, 1).slice(0, 7)]) {
      const offer = (await (
        await fetch(`${url}/api/parties/availability?month=${month}`)
      ).json()) as PartyAvailabilityResponse;
      for (const day of offer.days) {
        if (day.closed || day.date < from) continue;
        for (const slot of day.slots) {
          const pkg = offer.packages.find((p) => p.id !== 'private-hire' && slot.packages.includes(p.id));
          if (!pkg || slot.roomsFree === 0) continue;
          const created = await postJson(`${url}/api/parties`, {
            date: day.date,
            slotId: slot.slotId,
            packageId: pkg.id,
            children: pkg.minChildren,
            childFirstName: 'Mia',
            childAge: 6,
            foodChoices: pkg.food ? Array.from({ length: pkg.minChildren }, () => offer.foodOptions[0]!.id) : [],
            dietaryNotes: '',
            parentName: 'Pat Party',
            parentEmail: 'pat.party@example.com',
            parentPhone: '07700 900456',
            agreeToTerms: true,
          });
          if (created.status !== 201) continue;
          const party = (await created.json()) as PartyPaymentResponse;
          const paid = await postJson(`${url}/api/test-payments/confirm`, {
            clientSecret: party.clientSecret,
            cardNumber: PAYING_CARD,
            expiry: '12/34',
            cvc: '123',
            name: 'Pat Party',
          });
          expect(await paid.json()).toEqual({ status: 'succeeded' });
          return party;
        }
      }
    }
    throw new Error('no party slot free in the next two months');
  }

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
    deposit = (await payPartyDeposit(suite.server.url)).amountPence;
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
