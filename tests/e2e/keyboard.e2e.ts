import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpSink } from '../../src/server/testing/smtp-sink';
import { launchBrowser, viewports, waitForLiveApp } from './support/browser';
import { londonDatePlus } from './support/dates';
import { familyCodeMail } from './support/family-mail';
import { arrowSelect, press, tabTo, typeInto } from './support/keyboard';
import { startServer, type RunningServer } from './support/server';

/**
 * Every public journey with the keyboard alone (issue 18): Tab, Shift+Tab, Enter, Space and the arrow
 * keys, never a click, and a visible focus indicator at every stop (support/keyboard.ts checks each).
 */
describe('keyboard only', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink(); // the loyalty sign-in reads the code from the real mail
    server = await startServer({ SMTP_URL: sink.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  async function open(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: viewports.desktop, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    waitForLiveApp(page);
    await page.goto(`${server.url}${path}`);
    return page;
  }
  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

  it('books tickets and pays on the TEST MODE card form', async () => {
    const page = await open('/booking');
    try {
      await press(page, page.getByRole('button', { name: 'Add one Children 1-12 years' }));
      await page.keyboard.press('Enter'); // a second child: the button keeps focus
      await expect(page.getByLabel('Children 1-12 years selected').textContent()).resolves.toBe('2');
      await press(page, page.getByRole('button', { name: 'Continue to Booking' }));
      await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();

      await typeInto(page, page.getByLabel('Full Name'), 'Kit Keyboard');
      await typeInto(page, page.getByLabel('Phone Number'), '07700 900456');
      await typeInto(page, page.getByLabel('Email Address'), 'kit.keyboard@example.com');
      await press(page, '#selectedDate');
      await page.locator('.rdp-root').waitFor();
      // Into the month: focus lands on the first open day; the arrow keys move a week on, Enter picks it.
      await tabTo(page, '.rdp-day_button');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page.locator('#selectedDate').textContent()).resolves.not.toContain('Pick a date');
      await tabTo(page, 'input[name="selectedTime"]:not([disabled])');
      await page.keyboard.press('Space');
      await press(page, page.getByLabel('I agree to the terms and conditions'), 'Space');
      await expect(page.getByLabel('I agree to the terms and conditions').isChecked()).resolves.toBe(true);
      await press(page, page.getByRole('button', { name: /Proceed to Payment/ }));
      await page.waitForURL(/\/payment\?/);
      await page.getByText('TEST MODE').waitFor();

      await typeInto(page, page.getByLabel('Card number'), '4242 4242 4242 4242');
      await typeInto(page, page.getByLabel('Expiry date'), '12 / 34');
      await typeInto(page, page.getByLabel('CVC'), '123');
      await typeInto(page, page.getByLabel('Name on card'), 'Kit Keyboard');
      await press(page, page.getByRole('button', { name: /^Pay £/ }));
      await page.waitForURL(/\/booking-success/);
      await page.getByRole('heading', { name: 'Booking Summary' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('buys session credits: details, then Complete Purchase on the TEST MODE card form', async () => {
    const page = await open('/session-credits');
    try {
      await page.getByLabel('Full Name').waitFor(); // the form's code arrives after the page's first paint
      await typeInto(page, page.getByLabel('Full Name'), 'Kit Keyboard');
      await typeInto(page, page.getByLabel('Email Address'), 'kit.credits@example.com');
      await typeInto(page, page.getByLabel('Phone Number'), '07700 900456');
      await press(page, page.getByRole('button', { name: 'Continue to Payment' }));
      await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
      await typeInto(page, page.getByLabel('Card number'), '4242 4242 4242 4242');
      await typeInto(page, page.getByLabel('Expiry date'), '12 / 34');
      await typeInto(page, page.getByLabel('CVC'), '123');
      await press(page, page.getByRole('button', { name: 'Complete Purchase' }));
      await toast(page, 'Payment Successful!').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('sends the contact form from the home page', async () => {
    const page = await open('/');
    try {
      await press(
        page,
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }),
      );
      await page.getByLabel('Your name').waitFor(); // the form's code arrives as its section nears
      await typeInto(page, page.getByLabel('Your name'), 'Kit Keyboard');
      await typeInto(page, page.getByLabel('Email address'), 'kit.keyboard@example.com');
      await typeInto(page, page.getByLabel('Phone number'), '07700 900456');
      await tabTo(page, page.getByLabel('What is it about?'));
      await arrowSelect(page, page.getByLabel('What is it about?'), 'Birthday Party Booking');
      await typeInto(page, page.getByLabel('Your message'), 'Can we bring a cake on Saturday?');
      await press(page, page.getByRole('button', { name: 'Send Message' }));
      await toast(page, 'Message sent successfully!').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('sends a party enquiry', async () => {
    const page = await open('/party-booking');
    try {
      await typeInto(page, page.getByLabel('Full name', { exact: true }), 'Kit Keyboard');
      await typeInto(page, page.getByLabel('Email address', { exact: true }), 'kit.keyboard@example.com');
      await typeInto(page, page.getByLabel('Phone number', { exact: true }), '07700 900456');
      await typeInto(page, page.getByLabel("Child's name", { exact: true }), 'Mia');
      await tabTo(page, page.getByLabel("Child's age", { exact: true }));
      await arrowSelect(page, page.getByLabel("Child's age", { exact: true }), '6 years');
      await tabTo(page, page.getByLabel('Number of children', { exact: true }));
      await arrowSelect(page, page.getByLabel('Number of children', { exact: true }), '12 children');
      const [y, m, d] = londonDatePlus(21).split('-');
      // Headless Chromium's date field takes month, day, year whatever the page's locale.
      await typeInto(page, page.getByLabel('Preferred date', { exact: true }), `${m}${d}${y}`);
      await expect(page.getByLabel('Preferred date', { exact: true }).inputValue()).resolves.toBe(londonDatePlus(21));
      // A radio group is one Tab stop; the arrow keys move the choice within it.
      await tabTo(page, page.getByRole('radiogroup', { name: 'Preferred time' }).getByRole('radio').first());
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await tabTo(page, page.getByRole('radiogroup', { name: 'Party Package' }).getByRole('radio').first());
      await page.keyboard.press('Space');
      await typeInto(page, page.getByLabel(/Themes, decorations/), 'Dinosaur theme please');
      await typeInto(page, page.getByLabel(/Allergies or dietary needs/), 'None');
      await press(page, page.getByRole('button', { name: 'Submit Party Inquiry' }));
      await toast(page, 'Party Inquiry Submitted!').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('signs in to Play Time Rewards with the e-mailed code', async () => {
    const email = 'kit.rewards@example.com'; // not a member (the booking above made kit.keyboard@ one)
    const page = await open('/loyalty');
    try {
      const before = sink.received.length;
      await typeInto(page, page.getByLabel('Email Address'), email);
      await press(page, page.getByRole('button', { name: 'Access My Account' }));
      await page.getByLabel('6-digit code').waitFor();
      const { code } = await familyCodeMail(sink.received, email, before);
      await typeInto(page, page.getByLabel('6-digit code'), code);
      await press(page, page.getByRole('button', { name: 'Confirm', exact: true }));
      await page.getByText(`Confirmed as ${email}`).waitFor();
      // On to what the page offers next, then back up it with Shift+Tab: every stop shows where focus is.
      await tabTo(page, page.getByRole('link', { name: 'Book & Join' }));
      await tabTo(page, page.getByRole('link', { name: 'Play Time Barn' }), { back: true });
    } finally {
      await page.context().close();
    }
  });
});
