import { rmSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { desc, like } from 'drizzle-orm';
import { outbox, sessionRestrictions, ticketTypePrices } from '../../src/server/db/schema';
import { seedVenue } from '../../src/server/catalogue/seed-venue';
import { longDate, shortDayMonth } from '../../src/shared/date-text';
import { expectNoAxeViolations } from './support/axe';
import {
  chooseTickets,
  DECLINED_CARD,
  fillCustomer,
  openCalendarAt,
  PAYING_CARD,
  payByCard,
  pickDateAndSession,
  proceedToPayment,
} from './support/book-and-pay';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { newDataDir, startServer, type RunningServer } from './support/server';

const visitDate = londonDatePlus(7); // "next week"
const blockedDate = londonDatePlus(9); // whole day blocked by staff
const limitedDate = londonDatePlus(10); // one session blocked
const priceRise = londonDatePlus(20); // adult tickets cost £2.50 for visits from this date

const jess = { name: 'Jess Parent', phone: '07700 900123', email: 'jess@example.com' };

/** Fills step 2 for `visitDate`, picks its first open session and proceeds to /payment. */
async function fillDetailsAndProceed(page: Page, shotPrefix?: string) {
  await fillCustomer(page, jess);
  if (shotPrefix) {
    await openCalendarAt(page, visitDate);
    await screenshot(page, `${shotPrefix}-calendar`);
    await expectNoAxeViolations(page);
  }
  await pickDateAndSession(page, visitDate);
  if (shotPrefix) await screenshot(page, `${shotPrefix}-details`);
  await proceedToPayment(page);
}

describe('booking journey', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    // Prepare the database before the server opens it (PGlite is single-process): staff restrictions.
    dataDir = newDataDir('playtime-booking-e2e-');
    const database = await openDatabase({ dataDir });
    await seedVenue(database.db);
    await database.db.insert(sessionRestrictions).values([
      { date: blockedDate, sessionId: null, reason: 'Private hire', createdBy: 'e2e' },
      { date: limitedDate, sessionId: 'midday', reason: 'Maintenance', createdBy: 'e2e' },
    ]);
    await database.db
      .insert(ticketTypePrices)
      .values({ ticketTypeId: 'adult', fromDate: priceRise, pricePence: 250, feePence: 0, createdBy: 'e2e' });
    await database.close();
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`step 1 refuses to continue with no tickets (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`${server.url}/booking`);
      await page.getByRole('heading', { name: 'Choose Your Tickets' }).waitFor();
      await expect(page.getByRole('button', { name: 'Remove one Children 1-12 years' }).isDisabled()).resolves.toBe(
        true,
      );
      // Credits are behind the e-mailed code: the card asks for it and says nothing about any balance.
      await page.getByRole('heading', { name: 'Have session credits? Confirm your e-mail to use them' }).waitFor();
      await page.getByLabel('Email Address').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Email me a code' }).waitFor();
      await expect(page.getByText(/active credits?|No active credits/).count()).resolves.toBe(0);
      await screenshot(page, `booking-step1-${viewport}`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Continue to Booking' }).click();
      // Radix also copies a toast into a live region for screen readers: the first match is the toast.
      await page.getByText('No tickets selected').first().waitFor();
      await page.getByText('Please select at least one ticket to continue').first().waitFor();
      expect(page.url()).toBe(`${server.url}/booking`);
      expect(
        requests.filter((u) => /stripe/i.test(u)),
        'Stripe loads only on /payment',
      ).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the exact validation messages for an empty details form', async () => {
    const { page, context } = await openPage(browser, 'phone');
    await chooseTickets(page, server.url, { Adults: 1 });
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Please select a date',
      'You must agree to the terms and conditions to proceed',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(page.url()).toContain('/booking');
    await screenshot(page, 'booking-step2-errors-phone');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('cannot pick a blocked date, and warns about a date with a blocked session', async () => {
    const { page, context } = await openPage(browser, 'phone');
    await chooseTickets(page, server.url, { 'Children 1-12 years': 1 });
    const blocked = await openCalendarAt(page, blockedDate);
    await expect(blocked.isDisabled()).resolves.toBe(true);
    // Why it is closed, in words: in the day's name and in the month's list under the calendar.
    await expect(blocked.getAttribute('aria-label')).resolves.toContain('Closed: Private hire');
    await page
      .getByRole('list', { name: 'Closed dates this month' })
      .getByText(`${shortDayMonth(blockedDate)} · Closed: Private hire`)
      .waitFor();
    await blocked.click({ force: true }).catch(() => {});
    await expect(page.locator('#selectedDate').textContent()).resolves.toContain('Pick a date');
    const limited = await openCalendarAt(page, limitedDate);
    await expect(limited.isDisabled()).resolves.toBe(false);
    await limited.click();
    await page.getByText('Limited Availability').waitFor();
    await page.getByText('This date has restricted availability. Please contact us for more information.').waitFor();
    await expect(page.getByRole('radio', { name: /12:00 PM - 2:00 PM/ }).isDisabled()).resolves.toBe(true);
    await page.getByText('Closed: Maintenance').waitFor();
    await screenshot(page, 'booking-step2-limited-phone');
    await context.close();
  });

  it('books two children and an adult, pays with 4242 and shows the reference and QR ticket (phone)', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    await chooseTickets(page, server.url, { 'Children 1-12 years': 2, Adults: 1 });
    await expect(page.getByTestId('order-total').textContent()).resolves.toBe('£21.00');
    await fillDetailsAndProceed(page, 'booking-step2-phone');
    const pending = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pendingBooking')))!);
    expect(pending).toMatchObject({
      customerName: 'Jess Parent',
      selectedDate: visitDate,
      ticketQuantities: { 'child-1-12': 2, adult: 1 },
      totalAmount: 2100,
      loyaltyOptIn: true,
      paymentDetails: { originalAmount: 2100, finalAmount: 2100, sessionCreditsUsed: 0, creditSavings: 0 },
    });
    expect(page.url()).toContain(`booking_id=${pending.bookingId}`);
    await page.getByText('4242 4242 4242 4242').waitFor();
    await page.getByRole('heading', { name: 'Booking Summary' }).waitFor();
    await screenshot(page, 'payment-phone');
    await expectNoAxeViolations(page);
    await payByCard(page, PAYING_CARD, jess.name);
    await page.waitForURL(/\/booking-success\?booking_id=/);
    await page.getByText('Payment Successful').first().waitFor();
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim();
    expect(reference).toMatch(/^[A-Z0-9-]{5,}$/);
    const qr = page.getByRole('img', { name: /QR code ticket/ });
    const src = await qr.getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(src!.split(',')[1]!, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBeTruthy();
    await page.getByText('Take a screenshot of this page as your proof of purchase.').waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('pendingBooking'))).resolves.toBeNull();
    await screenshot(page, 'booking-success-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a declined card shows Payment Failed and stays on /payment (desktop)', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await chooseTickets(page, server.url, { 'Children 1-12 years': 1, Adults: 1 });
    await screenshot(page, 'booking-step2-desktop');
    await fillDetailsAndProceed(page, 'booking-step2-desktop');
    await screenshot(page, 'payment-desktop');
    await expectNoAxeViolations(page);
    await payByCard(page, DECLINED_CARD, jess.name);
    await page.getByText('Payment Failed').first().waitFor();
    await page.getByText('Your card was declined.').first().waitFor();
    await screenshot(page, 'payment-declined-desktop');
    expect(new URL(page.url()).pathname).toBe('/payment');
    // The same booking can still be paid with another card.
    await payByCard(page, PAYING_CARD, jess.name);
    await page.waitForURL(/\/booking-success\?booking_id=/);
    await page.getByTestId('booking-reference').waitFor();
    await screenshot(page, 'booking-success-desktop');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('cancels a confirmed booking from the link in its confirmation e-mail (phone)', async () => {
    // The link is only in the e-mail: stop the server to read its outbox, then start it again on the same data.
    await server.stop();
    const database = await openDatabase({ dataDir });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.text, '%/cancel-booking?token=%'))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    await database.close();
    server = await startServer({ DATA_DIR: dataDir });
    const link = new URL(/https?:\/\/\S+\/cancel-booking\?token=\S+/.exec(mail!.text)![0]);

    const { page, context, errors } = await openPage(browser, 'phone');
    await page.goto(`${server.url}/cancel-booking?token=not-a-real-token-at-all-000`);
    await page.getByText('This cancellation link is not valid', { exact: false }).waitFor();
    // The server renders this page itself (script-free, so the e-mail link works anywhere); a GET never cancels.
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByText(/You can cancel this booking for a full refund/).waitFor();
    await screenshot(page, 'cancel-booking-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Cancel booking/i }).click();
    await page.getByText(/Your booking is cancelled/).waitFor();
    await expect(page.getByRole('button', { name: /Cancel booking/i }).count()).resolves.toBe(0);
    await screenshot(page, 'cancel-booking-done-phone');
    expect(errors.filter((e) => !/status of 40\d/.test(e))).toEqual([]);
    await context.close();
  });

  it('prices a visit after a price rise at the new price, and sends the total the server charges', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await chooseTickets(page, server.url, { Adults: 1 });
    await expect(page.getByTestId('order-total').textContent()).resolves.toBe('£2.00'); // today's price
    await fillCustomer(page, { ...jess, email: 'price-rise@example.com' });
    await pickDateAndSession(page, londonDatePlus(21));
    await page.getByText(`Ticket prices are different for visits on ${longDate(londonDatePlus(21))}`).waitFor();
    await expect(page.getByTestId('order-total').textContent()).resolves.toBe('£2.50');
    await proceedToPayment(page);
    const pending = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pendingBooking')))!);
    expect(pending).toMatchObject({
      selectedDate: londonDatePlus(21),
      totalAmount: 250,
      paymentDetails: { originalAmount: 250, finalAmount: 250 },
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/payment without client_secret redirects to /booking', async () => {
    const { page, context } = await openPage(browser, 'phone');
    await page.goto(`${server.url}/payment`);
    await page.waitForURL(`${server.url}/booking`);
    await page.getByRole('heading', { name: 'Choose Your Tickets' }).waitFor();
    await context.close();
  });
});
