import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingSearchResponse } from '../../src/shared/contracts/booking-manager';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { signInStaff, toastText } from './support/staff';
import { bookAndPayOnFirstOpenDate } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';

describe('staff Bookings tab', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });

  /** Books 2 children and an adult (£21.00) through the public API and pays with the TEST MODE card. */
  const bookAndPay = (customerName: string, customerEmail: string) =>
    bookAndPayOnFirstOpenDate(
      suite.server.url,
      {
        customerName,
        customerEmail,
        customerPhone: '07700 900123',
        selectedTime: 'afternoon',
        ticketQuantities: { 'child-1-12': 2, adult: 1 },
        totalAmount: 2100,
        loyaltyOptIn: true,
      },
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((days) => addDays(todayInLondon(new Date()), days)),
    );

  beforeAll(async () => {
    await bookAndPay('Rita Refund', 'rita@example.com');
    await bookAndPay('Phil Phone', 'phil@example.com');
    await bookAndPay('Mo Mover', 'mo@example.com');
    await bookAndPay('Pia Pocket', 'pia@example.com');
  });

  const signInByApi = (context: BrowserContext) => signInStaff(context, suite.server.url, ADMIN_PASSWORD);
  const referenceOf = async (context: BrowserContext, name: string) => {
    const res = await context.request.get(`${suite.server.url}/api/admin/bookings?q=${encodeURIComponent(name)}`);
    const body = (await res.json()) as BookingSearchResponse;
    expect(body.bookings).toHaveLength(1);
    return body.bookings[0]!.reference;
  };
  const noSidewaysScroll = async (page: Page, width: number) =>
    expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);

  /** Find by reference, open, resend the confirmation, then cancel with half refunded and a reason. */
  async function journey(page: Page, context: BrowserContext, name: string, shot: string, width: number) {
    await signInByApi(context);
    const reference = await referenceOf(context, name);
    await page.goto(`${suite.server.url}/admin?tab=bookings`);
    await page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
    await page.getByLabel('Reference, name, e-mail, phone or date').fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Find bookings' }).click();
    await page.getByText('1 booking, newest first.').waitFor();
    await page.getByText(name, { exact: true }).waitFor();
    await noSidewaysScroll(page, width);
    await screenshot(page, `booking-manager-results-${shot}`);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `Open booking ${reference} for ${name}` }).click();
    await page.getByRole('heading', { name: reference }).waitFor();
    await page.getByText('Full refund (£21.00)').waitFor();
    await expect(page.getByRole('region', { name: 'Tickets' }).textContent()).resolves.toContain('Total £21.00');

    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await toastText(page, 'Confirmation sent again');
    await expect
      .poll(async () => page.getByRole('region', { name: 'Staff history' }).textContent())
      .toContain('Confirmation sent again');
    await expect(page.getByRole('region', { name: 'E-mails' }).locator('li').count()).resolves.toBe(2);

    await page.getByLabel('Part of it').check();
    const amount = page.getByLabel(/Amount to refund/);
    await amount.fill('30');
    await page.getByLabel(/^Reason/).fill('Half refund: the slide was closed');
    await page.getByRole('button', { name: 'Cancel and refund £30.00' }).click();
    await page.getByText('At most £21.00', { exact: true }).waitFor();
    await noSidewaysScroll(page, width);
    await screenshot(page, `booking-manager-detail-${shot}`);
    await expectNoAxeViolations(page);

    await amount.fill('10.50');
    await page.getByRole('button', { name: 'Cancel and refund £10.50' }).click();
    await toastText(page, 'Booking cancelled');
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await expect
      .poll(async () => page.getByRole('region', { name: 'Payments and refunds' }).textContent())
      .toMatch(/refund £10\.50/);
    await expect(page.getByRole('region', { name: 'Staff history' }).textContent()).resolves.toContain(
      'Cancelled, £10.50 refunded: Half refund: the slide was closed',
    );
    await expect(page.getByRole('button', { name: 'Resend confirmation' }).count()).resolves.toBe(0);
    // One mail for the cancellation and its refund (no separate refund mail).
    const mails = await page.getByRole('region', { name: 'E-mails' }).textContent();
    expect(mails).toContain('Booking cancelled:');
    expect(mails).not.toContain('Refund of');
    await noSidewaysScroll(page, width);
    await screenshot(page, `booking-manager-cancelled-${shot}`);
    await expectNoAxeViolations(page);
  }

  it('finds a booking by reference, resends it and refunds half with a reason (1280 wide)', async () => {
    const { page, context } = await openPage(suite.browser, 'desktop');
    await journey(page, context, 'Rita Refund', 'desktop', 1280);
    await context.close();
  });

  it('does the same on a phone (390 wide)', async () => {
    const { page, context } = await openPage(suite.browser, 'phone390');
    await journey(page, context, 'Phil Phone', 'phone', 390);
    await context.close();
  });

  /** Open the booking, try the same session (refused with the server's message), then move it to midday. */
  async function moveJourney(page: Page, context: BrowserContext, name: string, shot: string, width: number) {
    await signInByApi(context);
    const reference = await referenceOf(context, name);
    await page.goto(`${suite.server.url}/admin?tab=bookings`);
    await page.getByLabel('Reference, name, e-mail, phone or date').fill(reference);
    await page.getByRole('button', { name: 'Find bookings' }).click();
    await page.getByRole('button', { name: `Open booking ${reference} for ${name}` }).click();
    await page.getByRole('heading', { name: reference }).waitFor();

    const form = page.getByRole('form', { name: 'Move booking' });
    await form.getByRole('button', { name: 'Move booking' }).click();
    await form.getByText('The booking is already in that session on that date.').waitFor();
    await noSidewaysScroll(page, width);
    await screenshot(page, `booking-manager-move-refused-${shot}`);
    await expectNoAxeViolations(page);

    await form.getByLabel('New session').selectOption({ label: '12:00 PM - 2:00 PM' });
    await form.getByLabel(/^Note for the staff history/).fill('Family asked for earlier');
    await form.getByRole('button', { name: 'Move booking' }).click();
    await toastText(page, 'Booking moved');
    await expect
      .poll(async () => page.getByRole('region', { name: 'Family and visit' }).textContent())
      .toContain('12:00 PM - 2:00 PM');
    await expect(page.getByRole('region', { name: 'Staff history' }).textContent()).resolves.toContain(
      'Moved: Family asked for earlier',
    );
    await expect(page.getByRole('region', { name: 'E-mails' }).locator('li').count()).resolves.toBe(2);
    await expect(form.getByText('already in that session').count()).resolves.toBe(0);
    await noSidewaysScroll(page, width);
    await screenshot(page, `booking-manager-moved-${shot}`);
    await expectNoAxeViolations(page);
  }

  it('moves a booking to another session; the same session is refused with the server message (1280 wide)', async () => {
    const { page, context } = await openPage(suite.browser, 'desktop');
    await moveJourney(page, context, 'Mo Mover', 'desktop', 1280);
    await context.close();
  });

  it('moves a booking on a phone (390 wide)', async () => {
    const { page, context } = await openPage(suite.browser, 'phone390');
    await moveJourney(page, context, 'Pia Pocket', 'phone', 390);
    await context.close();
  });
});
