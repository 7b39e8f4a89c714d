import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type ReceivedMail } from '../../src/server/testing/smtp-sink';
import type { AdminCatalogue } from '../../src/shared/catalogue';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import {
  bookAndPayByApi,
  fillCustomer,
  openCalendarAt,
  PAYING_CARD,
  payByCard,
  proceedToPayment,
} from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage, mailText } from './support/family-mail';
import { startServer, type RunningServer } from './support/server';
import { signInStaff } from './support/staff';

const ADMIN_PASSWORD = 'e2e admin password 2025';

async function until<T>(what: string, probe: () => T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const mailTo = (received: ReceivedMail[], email: string, subject: string) =>
  received.find((m) => m.to.toLowerCase() === email && m.subject.startsWith(subject));

/**
 * Issue 29: a full session's waiting list gets an offer when a family cancels, and the offered family books
 * from the e-mailed link. The session is made full by staff lowering its capacity to the places taken.
 */
describe('the waiting list: join a full session, get an offer when a family cancels, book it', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, ADMIN_PASSWORD });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  /** Staff make `date`'s midday session full: capacity = the places taken (the Booking Calendar's own call). */
  async function fillMidday(date: string) {
    const signIn = await fetch(`${server.url}/api/staff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${server.url}/api/admin/calendar/capacity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ date, sessionId: 'midday', capacity: 1 }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  const cases: [ViewportName, number][] = [
    ['desktop', 3],
    ['phone390', 4],
  ];
  for (const [viewport, days] of cases) {
    it(`joins, is offered the cancelled place and books it (${viewport})`, async () => {
      const date = londonDatePlus(days);
      const canceller = `cancel.${viewport}@example.com`;
      const waiter = `wait.${viewport}@example.com`;
      await bookAndPayByApi(server.url, {
        customerName: 'Casey Cancel',
        customerEmail: canceller,
        customerPhone: '07700 900111',
        selectedDate: date,
        selectedTime: 'midday',
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 950,
        loyaltyOptIn: false,
      });
      await fillMidday(date);

      // The waiting family: one child, the full date, midday shows Full and offers the waiting list.
      const { page, context, errors } = await openPage(browser, viewport);
      await page.goto(`${server.url}/booking`);
      await page.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
      await page.getByRole('button', { name: 'Continue to Booking' }).click();
      await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();
      await fillCustomer(page, { name: 'Wren Waiting', phone: '07700 900222', email: waiter });
      await (await openCalendarAt(page, date)).click();
      const midday = page.locator('input[name="selectedTime"][value="midday"]');
      await expect(midday.isDisabled()).resolves.toBe(true);
      const join = page.getByTestId('join-waiting-list');
      await join.getByRole('heading', { name: 'Session full? Join the waiting list' }).waitFor();
      await confirmEmailOnPage(page, sink.received, { idPrefix: 'waiting-list', email: waiter });
      await join.getByLabel('Places needed').fill('1');
      await join.getByRole('button', { name: 'Join the waiting list' }).click();
      await join.getByText(/You are on the waiting list for 12:00 PM - 2:00 PM .* \(number 1\)/).waitFor();
      await join.scrollIntoViewIfNeeded();
      await screenshot(page, `waiting-list-joined-${viewport}`);
      await expectNoAxeViolations(page);

      // My Bookings lists the entry; the staff calendar shows the session's waiting list.
      await page.goto(`${server.url}/my-bookings`);
      const entry = page.getByTestId('family-waiting-entry');
      await entry.getByText('You are first on the waiting list.').waitFor();
      await entry.scrollIntoViewIfNeeded();
      await screenshot(page, `waiting-list-my-bookings-${viewport}`);
      await expectNoAxeViolations(page);
      const staff = await openPage(browser, viewport);
      await signInStaff(staff.context, server.url, ADMIN_PASSWORD);
      await staff.page.goto(`${server.url}/admin?tab=booking-calendar`);
      await staff.page.getByRole('heading', { name: 'Places per session' }).waitFor();
      await staff.page.getByLabel('Date of the sessions').fill(date);
      const waiting = staff.page.getByTestId('staff-waiting-entry');
      await waiting.getByText(`1. ${waiter}`).waitFor();
      await waiting.getByRole('button', { name: 'Offer a place' }).waitFor();
      await waiting.scrollIntoViewIfNeeded();
      await screenshot(staff.page, `waiting-list-staff-${viewport}`);
      await expectNoAxeViolations(staff.page);
      expect(staff.errors).toEqual([]);
      await staff.context.close();

      // The other family cancels with its confirmation e-mail's link: the place goes to the waiting list.
      const confirmation = await until('the confirmation mail', () =>
        mailTo(sink.received, canceller, 'Booking confirmed'),
      );
      const token = decodeURIComponent(/cancel-booking\?token=(\S+)/.exec(mailText(confirmation))![1]!);
      const cancelled = await fetch(`${server.url}/api/bookings/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
      const offer = await until('the offer mail', () => mailTo(sink.received, waiter, 'A place has come up for you'));
      const link = /(https?:\/\/\S+\/booking\?\S+offer=[A-Za-z0-9_-]+)/.exec(mailText(offer))![1]!;
      expect(mailText(offer)).toContain('We are holding it for you until');

      // The offered family follows the link, and books the session that still shows full to everyone else.
      await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      const banner = page.getByTestId('waiting-list-offer');
      await banner.getByText(/We are holding 1 place for you until \d\d:\d\d/).waitFor();
      await screenshot(page, `waiting-list-offer-${viewport}`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
      await page.getByRole('button', { name: 'Continue to Booking' }).click();
      await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();
      await expect(midday.isChecked())
        .resolves.toBe(false)
        .catch(() => undefined);
      await page.locator('input[name="selectedTime"][value="midday"]:not([disabled])').waitFor();
      await expect(midday.isChecked()).resolves.toBe(true);
      await page.getByText(/Held for you until/).waitFor();
      await fillCustomer(page, { name: 'Wren Waiting', phone: '07700 900222', email: waiter });
      await screenshot(page, `waiting-list-checkout-${viewport}`);
      await expectNoAxeViolations(page);
      await proceedToPayment(page);
      await payByCard(page, PAYING_CARD, 'Wren Waiting');
      await page.waitForURL(/\/booking-success\?booking_id=/);
      await page.getByTestId('booking-reference').waitFor();
      await screenshot(page, `waiting-list-booked-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }

  // Last: the hours set here hold every offer made after it.
  const editorCases: [ViewportName, string][] = [
    ['desktop', '3'],
    ['phone390', '4'],
  ];
  for (const [viewport, hours] of editorCases) {
    it(`an admin sets how long an offer holds its places in the Venue tab (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInStaff(context, server.url, ADMIN_PASSWORD);
      await page.goto(`${server.url}/admin?tab=venue&section=venue-waiting-list`);
      await page.getByRole('heading', { name: 'Waiting list', level: 3 }).waitFor();
      const form = page.getByRole('form', { name: 'Waiting list offers' });
      const field = form.getByLabel('Hours an offer holds the places');
      // Refused in the form with the shared schema's message.
      await field.fill('49');
      await form.getByRole('button', { name: 'Save offer time' }).click();
      await form.getByText('Enter a whole number of hours from 1 to 48').waitFor();
      await field.fill(hours);
      await form.getByRole('button', { name: 'Save offer time' }).click();
      await page.getByText(`New offers hold their places for ${hours} hours.`).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport === 'desktop' ? 1280 : 390,
      );
      await screenshot(page, `venue-waiting-list-${viewport}`);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await context.close();

      const signIn = await fetch(`${server.url}/api/staff/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
      const catalogue = await fetch(`${server.url}/api/admin/catalogue`, { headers: { cookie } });
      expect(((await catalogue.json()) as AdminCatalogue).waitingList.value).toEqual({ offerHours: Number(hours) });
    }, 120_000);
  }
});
