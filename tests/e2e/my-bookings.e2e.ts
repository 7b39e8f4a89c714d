import { useServerMailAndBrowser } from './support/suite';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../src/server/testing/smtp-sink';
import { longDate } from '../../src/shared/date-text';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { bookAndPayByApi, bookThroughTheSite } from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage, mailText } from './support/family-mail';
import { decodeQrPng } from './support/qr';
import { toastText } from './support/staff';
import { until } from './support/until';

/** More than 24 hours ahead, so the booking can still be cancelled online. */
const visitDate = londonDatePlus(5);

const confirmationsTo = (received: ReceivedMail[], email: string) =>
  received.filter((m) => m.to.toLowerCase() === email.toLowerCase() && m.subject.startsWith('Booking confirmed:'));

/** The token a ticket QR image (its src, a PNG data URL) carries. */
function qrToken(src: string): string | null {
  expect(src).toMatch(/^data:image\/png;base64,/);
  return decodeQrPng(Buffer.from(src.split(',')[1]!, 'base64')).text;
}
const qrSrc = async (img: Locator) => (await img.getAttribute('src')) ?? '';

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

describe('My Bookings', () => {
  const suite = useServerMailAndBrowser();

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`books, confirms the e-mail with the mailed code, sees the ticket, resends and cancels (${viewport})`, async () => {
      const email = `robin.${viewport}@example.com`;
      const { page, context, errors } = await openPage(suite.browser, viewport);
      const { reference, qrSrc: successQr } = await bookThroughTheSite(page, suite.server.url, {
        tickets: { 'Children 1-12 years': 1, Adults: 1 },
        customer: { name: 'Robin Family', phone: '07700 900321', email },
        date: visitDate,
      });
      const ticket = qrToken(successQr);
      expect(ticket).toBeTruthy();
      await until('the confirmation e-mail', () => confirmationsTo(suite.sink.received, email)[0]);
      await page.getByRole('link', { name: 'My Bookings' }).scrollIntoViewIfNeeded();
      await screenshot(page, `my-bookings-success-link-${viewport}`);

      await page.getByRole('link', { name: 'My Bookings' }).click();
      await page.waitForURL(`${suite.server.url}/my-bookings`);
      await page.getByRole('heading', { level: 1, name: 'My Bookings' }).waitFor();
      await page.getByRole('heading', { name: 'Confirm your e-mail to see your bookings' }).waitFor();
      await expect(page.getByTestId('family-booking').count()).resolves.toBe(0);
      await screenshot(page, `my-bookings-signed-out-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'my-bookings', email });
      await page.getByText(`Confirmed as ${email}`).waitFor();
      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      const card = upcoming.getByRole('article', { name: longDate(visitDate) });
      await card.waitFor();
      await card.getByText(reference, { exact: true }).waitFor();
      await card.getByText('1 × Children 1-12 years').waitFor();
      await card.getByText('£11.50').waitFor();
      await card.getByText('Status: Confirmed', { exact: true }).waitFor();
      // The same ticket the success page showed.
      expect(qrToken(await qrSrc(card.getByRole('img', { name: `Ticket QR code for booking ${reference}` })))).toBe(
        ticket,
      );
      await expect(
        page.getByRole('region', { name: 'Past' }).getByText('No past visits yet', { exact: false }).count(),
      ).resolves.toBe(1);
      await screenshot(page, `my-bookings-list-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // Add to calendar: the .ics the confirmation e-mail attaches, served to this browser's family session.
      const calendar = card.getByRole('link', { name: 'Add to calendar' });
      const ics = await context.request.get(`${suite.server.url}${await calendar.getAttribute('href')}`);
      expect(ics.status()).toBe(200);
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await ics.text()).toContain(`SUMMARY:Play Time Barn visit (${reference})`);

      const before = confirmationsTo(suite.sink.received, email).length;
      await card.getByRole('button', { name: 'Resend confirmation' }).click();
      await toastText(page, 'Confirmation sent');
      await until('the second confirmation e-mail', () =>
        confirmationsTo(suite.sink.received, email).length > before ? true : undefined,
      );
      expect(mailText(confirmationsTo(suite.sink.received, email).at(-1)!)).toContain(
        `Booking reference: ${reference}`,
      );

      // Two clicks: the first only asks.
      await card.getByRole('button', { name: 'Cancel booking' }).click();
      await card.getByText('You get a full refund of £11.50 to your card.').waitFor();
      await screenshot(page, `my-bookings-cancel-question-${viewport}`);
      await expectNoAxeViolations(page);
      await card.getByRole('button', { name: 'Yes, cancel' }).click();
      await toastText(page, 'Booking cancelled');
      await card.getByText('Status: Cancelled', { exact: true }).waitFor();
      await expect(card.getByRole('button', { name: 'Cancel booking' }).count()).resolves.toBe(0);
      await expect(card.getByRole('img').count()).resolves.toBe(0); // no ticket for a cancelled visit
      await until('the cancellation e-mail', () =>
        suite.sink.received.find((m) => m.to === email && m.subject.startsWith('Booking cancelled:')),
      );
      await screenshot(page, `my-bookings-cancelled-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('signs a fresh browser in from the confirmation e-mail’s My Bookings link; a spent or forged link says so', async () => {
    const email = 'linked.family@example.com';
    await bookAndPayByApi(suite.server.url, {
      customerName: 'Linked Family',
      customerEmail: email,
      customerPhone: '07700 900654',
      selectedDate: visitDate,
      selectedTime: 'midday',
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
      loyaltyOptIn: false,
    });
    const mail = await until('the confirmation e-mail', () => confirmationsTo(suite.sink.received, email)[0]);
    const text = mailText(mail);
    const reference = /Booking reference: (\S+)/.exec(text)![1]!;
    const link = /All your bookings, tickets and session credits: (\S+)/.exec(text)![1]!;
    expect(link).toMatch(/\/my-bookings\?signin=/);

    const { page, context, errors } = await openPage(suite.browser, 'phone');
    await page.goto(`${suite.server.url}${new URL(link).pathname}${new URL(link).search}`);
    await page.getByText(`Confirmed as ${email}`).waitFor();
    const card = page.getByRole('article', { name: longDate(visitDate) });
    await card.getByText(reference, { exact: true }).waitFor();
    await card.getByRole('img', { name: `Ticket QR code for booking ${reference}` }).waitFor();
    // The single-use secret leaves the address bar.
    expect(page.url()).toBe(`${suite.server.url}/my-bookings`);
    expect(errors).toEqual([]);
    await context.close();

    const forged = await openPage(suite.browser, 'phone');
    await forged.page.goto(`${suite.server.url}/my-bookings?signin=not-a-real-token`);
    await forged.page.getByRole('alert').getByText('That link did not sign you in.').waitFor();
    await forged.page
      .getByText('This sign-in link has expired or was already used. Please ask for a new code.')
      .waitFor();
    await forged.page.locator('#my-bookings-email').waitFor();
    await expect(forged.page.getByTestId('family-booking').count()).resolves.toBe(0);
    await screenshot(forged.page, 'my-bookings-bad-link-phone');
    await expectNoAxeViolations(forged.page);
    await forged.context.close();
  });

  it('shows a stranger the form and no booking, and their own empty list once confirmed; 401 without the cookie', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/my-bookings`);
    await page.locator('#my-bookings-email').waitFor();
    await expect(page.getByTestId('family-booking').count()).resolves.toBe(0);
    await expect(page.getByText(/PTB-/).count()).resolves.toBe(0);

    // Their own address has no bookings: the empty list says why and where to book.
    await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'my-bookings', email: 'nobody.yet@example.com' });
    await page.getByText('You have no visits coming up.', { exact: false }).waitFor();
    await page.getByText('No past visits yet', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Book a visit' }).getAttribute('href')).toBe('/booking');
    await expect(page.getByTestId('family-booking').count()).resolves.toBe(0);
    await screenshot(page, 'my-bookings-empty-desktop');
    await expectNoAxeViolations(page);

    // Sign out: the form again, and none of the list.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#my-bookings-email').waitFor();
    await expect(page.getByText('You have no visits coming up.', { exact: false }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    const res = await fetch(`${suite.server.url}/api/family/bookings`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('family_session_required');
  });
});
