import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type ReceivedMail } from '../../src/server/testing/smtp-sink';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { mailText } from './support/family-mail';
import { startServer, type RunningServer } from './support/server';
import { agreeAndProceed, chooseTickets, fillCustomer, pickDateAndSession } from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { signInStaff, toastText } from './support/staff';

const ADMIN_PASSWORD = 'e2e admin password gift 29';

/** The newest mail to `to` whose text matches `pattern`, once it has arrived through the real SMTP peer. */
async function mailMatching(received: ReceivedMail[], to: string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (let i = received.length - 1; i >= 0; i--) {
      const mail = received[i]!;
      if (mail.to.toLowerCase() !== to) continue;
      const found = pattern.exec(mailText(mail));
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Gran Buyer');
  await page.getByRole('button', { name: 'Buy Voucher' }).click();
}

describe('gift vouchers', () => {
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

  it('refuses an amount that is not whole pounds and stays on the form', async () => {
    const { page, context } = await openPage(browser, 'phone');
    await page.goto(`${server.url}/gift-vouchers`);
    await page.getByLabel('Or another amount in whole pounds (£)').fill('12.50');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Please choose a whole number of pounds from £10 to £200').first().waitFor();
    await page.getByText("The recipient's name must be at least 2 characters").waitFor();
    await expect(page.getByRole('heading', { name: 'Pay for Your Gift Voucher' }).count()).resolves.toBe(0);
    await context.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`buys a £30 voucher with 4242, the recipient gets it by mail and prints it; staff find it (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      const recipient = `rosie.${viewport}@example.com`;
      await page.goto(`${server.url}/gift-vouchers`);
      await page.getByRole('heading', { name: 'Gift Vouchers', level: 1 }).waitFor();
      await screenshot(page, `gift-vouchers-form-${viewport}`);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: '£30' }).click();
      await page.getByLabel("Recipient's name").fill('Rosie Recipient');
      await page.getByLabel("Recipient's email").fill(recipient);
      await page.getByLabel('Your message (optional)').fill('Happy birthday!\nHave fun on the slides.');
      await page.getByLabel('Your name').fill('Gran Buyer');
      await page.getByLabel('Your email (for the receipt)').fill(`gran.${viewport}@example.com`);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Pay for Your Gift Voucher' }).waitFor();
      await page.getByText('TEST MODE').waitFor();
      await screenshot(page, `gift-vouchers-payment-${viewport}`);
      await expectNoAxeViolations(page);

      await payWith(page, '4242 4242 4242 4242');
      await page.getByText(/Thank you! Your gift voucher is paid for/).waitFor();
      await screenshot(page, `gift-vouchers-done-${viewport}`);

      // Sent today: the recipient's mail arrives at the SMTP peer with the code and the print link.
      const [, code] = await mailMatching(sink.received, recipient, /Your voucher code: (GV(?:-[A-Z0-9]{4}){5})/);
      const [, token] = await mailMatching(sink.received, recipient, /gift-vouchers\/print\?token=([^\s"<]+)/);
      await mailMatching(sink.received, `gran.${viewport}@example.com`, /Paid: \S*30\.00/);

      await page.goto(`${server.url}/gift-vouchers/print?token=${token}`);
      await page.getByText(code!).waitFor();
      await page.getByText('For Rosie Recipient, from Gran Buyer').waitFor();
      await page.getByText('Have fun on the slides.', { exact: false }).waitFor();
      await screenshot(page, `gift-vouchers-print-${viewport}`);
      await expectNoAxeViolations(page);

      // The balance check on the page.
      await page.goto(`${server.url}/gift-vouchers`);
      await page.getByLabel('Voucher code').fill(code!.toLowerCase());
      await page.getByRole('button', { name: 'Check balance' }).click();
      await page.getByText('£30.00 left to spend').waitFor();
      await page.getByLabel('Voucher code').fill('GV-2222-2222-2222-2222-2222');
      await page.getByRole('button', { name: 'Check balance' }).click();
      await page.getByText('We could not find a gift voucher with that code. Please check it and try again.').waitFor();

      // Staff: find it by its last four; the whole code is never shown.
      await signInStaff(context, server.url, ADMIN_PASSWORD);
      await page.goto(`${server.url}/admin?tab=gift-vouchers`);
      await page.getByLabel('Code, last four, name or e-mail').fill(code!.slice(-4));
      await page.getByRole('button', { name: 'Find' }).click();
      await page
        .getByText(`GV-••••-••••-••••-••••-${code!.slice(-4)}`)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Open' }).first().click();
      await page.getByRole('heading', { name: 'History' }).waitFor();
      await expect(page.content()).resolves.not.toContain(code!.slice(3, 12));
      await screenshot(page, `gift-vouchers-staff-${viewport}`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Extend', exact: true }).click();
      await page.getByLabel('New expiry date').fill('2035-01-01');
      await page.getByLabel('Reason').fill('Goodwill');
      await page.getByRole('button', { name: 'Extend: confirm' }).click();
      await page.getByText('Please choose a date within 5 years').waitFor();
      await screenshot(page, `gift-vouchers-staff-extend-${viewport}`);
      // Admins see the liability report (not takings until redeemed) with its CSV.
      await page.getByRole('heading', { name: 'Liability' }).waitFor();
      await page
        .getByRole('rowheader', { name: /^[A-Z][a-z]{2} \d{4}$/ })
        .first()
        .waitFor();
      await page.getByRole('heading', { name: 'Liability' }).scrollIntoViewIfNeeded();
      await screenshot(page, `gift-vouchers-staff-liability-${viewport}`);
      // The refused code check (404) and the refused extension (400) are the only failed requests.
      expect(errors.filter((e) => !/status of (400|404)/.test(e))).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('keeps a declined card on the payment step', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await page.goto(`${server.url}/gift-vouchers`);
    await page.getByLabel('A play visit').check();
    await page.getByLabel("Recipient's name").fill('Rosie Recipient');
    await page.getByLabel("Recipient's email").fill('declined.rosie@example.com');
    await page.getByLabel('Your name').fill('Gran Buyer');
    await page.getByLabel('Your email (for the receipt)').fill('declined.gran@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Pay for Your Gift Voucher' }).waitFor();
    await payWith(page, '4000 0000 0000 0002');
    await toastText(page, 'Payment Failed');
    await page.getByRole('heading', { name: 'Pay for Your Gift Voucher' }).waitFor();
    await context.close();
  });

  // Last in this file: it moves the server's clock a day on (TEST_CLOCK_OFFSET_MS) for the rest of the run.
  it('sends a voucher bought for tomorrow on the day, and its code pays a £28.50 booking leaving £1.50 (1280 and 390)', async () => {
    const viewports = ['desktop', 'phone390'] as const;
    const tomorrow = londonDatePlus(1);
    for (const viewport of viewports) {
      const { page, context } = await openPage(browser, viewport);
      // Families find the vouchers from the home page's footer.
      await page.goto(server.url);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Gift Vouchers' }).click();
      await page.waitForURL(`${server.url}/gift-vouchers`);
      await page.getByRole('button', { name: '£30' }).click();
      await page.getByLabel("Recipient's name").fill('Tomos Tomorrow');
      await page.getByLabel("Recipient's email").fill(`tomos.${viewport}@example.com`);
      await page.getByLabel('Send it on').fill(tomorrow);
      await page.getByLabel('Your name').fill('Gran Buyer');
      await page.getByLabel('Your email (for the receipt)').fill(`gran.tomorrow.${viewport}@example.com`);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Pay for Your Gift Voucher' }).waitFor();
      await payWith(page, '4242 4242 4242 4242');
      await page.getByText(/Thank you! Your gift voucher is paid for/).waitFor();
      await mailMatching(sink.received, `gran.tomorrow.${viewport}@example.com`, /Paid: \S*30\.00/);
      await context.close();
    }
    // The buyers' receipts are here; the recipients' mails wait for their day.
    expect(sink.received.filter((m) => m.to.toLowerCase().startsWith('tomos.'))).toEqual([]);

    // Tomorrow: the server's clock a day on, and its mail job every second.
    await server.restart({ TEST_CLOCK_OFFSET_MS: String(86_400_000), REMINDER_INTERVAL_MS: '1000' });
    // A weekday at least two days on (the browser's calendar runs on today's clock, the server's on tomorrow's).
    let visit = londonDatePlus(2);
    for (let d = 3; [0, 6].includes(new Date(`${visit}T12:00:00Z`).getUTCDay()); d++) visit = londonDatePlus(d);

    for (const viewport of viewports) {
      const [, code] = await mailMatching(
        sink.received,
        `tomos.${viewport}@example.com`,
        /Your voucher code: (GV(?:-[A-Z0-9]{4}){5})/,
      );
      const { page, context, errors } = await openPage(browser, viewport);
      const email = `tomos.books.${viewport}@example.com`;
      // Three children at £9.50: £28.50.
      await chooseTickets(page, server.url, { 'Children 1-12 years': 3 });
      await fillCustomer(page, { name: 'Tomos Tomorrow', phone: '07700 900456', email });
      await pickDateAndSession(page, visit);
      await page.getByLabel('Voucher code').fill(code!);
      await page.getByText('Gift voucher found: £30.00 to spend.').waitFor();
      const summary = page.getByTestId('gift-voucher-lines');
      await summary.getByText('−£28.50').waitFor();
      await expect(summary.textContent()).resolves.toContain('Left to pay£0.00');
      await page.getByRole('button', { name: 'Proceed to Payment · £0.00' }).waitFor();
      await page.getByRole('region', { name: 'Order Summary' }).scrollIntoViewIfNeeded();
      await screenshot(page, `booking-gift-voucher-summary-${viewport}`);
      await expectNoAxeViolations(page);

      // The voucher pays it all: no card, straight to the confirmation.
      await agreeAndProceed(page);
      await page.waitForURL(/\/booking-success\?booking_id=/);
      await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
      await page.getByTestId('gift-voucher-line').getByText('−£28.50').waitFor();
      await page.getByText('£1.50 left on your gift voucher').waitFor();
      await screenshot(page, `booking-gift-voucher-success-${viewport}`);
      await expectNoAxeViolations(page);
      await mailMatching(sink.received, email, /Gift voucher: \S*28\.50/);

      // What is left on it, as its holder sees it.
      const again = await fetch(`${server.url}/api/gift-vouchers/${encodeURIComponent(code!)}`);
      expect(((await again.json()) as { balance: number }).balance).toBe(150);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 300_000);
});
