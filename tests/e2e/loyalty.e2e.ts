import { desc, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { addDays, todayInLondon } from '../../src/shared/dates';

/** yyyy-MM-dd of today + n days in the venue's time zone. */
function londonDatePlus(days: number): string {
  return addDays(todayInLondon(new Date()), days);
}

const EMAIL = 'rewards.family@example.com';
/** The voucher the desktop journey redeems, used at booking by the next one. */
let voucherCode = '';

/** Radix copies each toast into a live region for screen readers: the first match is the toast. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The brief's phone is 390 wide (the support's is 360). */
async function open(browser: Parameters<typeof openPage>[0], viewport: ViewportName) {
  const opened = await openPage(browser, viewport);
  if (viewport === 'phone') await opened.page.setViewportSize({ width: 390, height: 844 });
  return opened;
}

describe('loyalty journey', () => {
  const suite = useServerAndBrowser();

  /** A real booking through the API, paid with the TEST MODE card: 6 children x £9.50 = 57 points + 50 welcome. */
  async function bookAndPay(email: string) {
    const created = await fetch(`${suite.server.url}/api/create-booking-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerName: 'Robin Parent',
        customerEmail: email,
        customerPhone: '07700 900123',
        selectedDate: londonDatePlus(7),
        selectedTime: 'morning',
        agreeToTerms: true,
        ticketQuantities: { 'child-1-12': 6 },
        totalAmount: 5700,
        loyaltyOptIn: true,
      }),
    });
    expect(created.status).toBe(201);
    const { clientSecret } = await created.json();
    const paid = await fetch(`${suite.server.url}/api/test-payments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
        name: 'Robin Parent',
      }),
    });
    expect(await paid.json()).toEqual({ status: 'succeeded' });
  }

  /** The code is only in the e-mail: stop the server to read its outbox (PGlite is one process), then start it again. */
  async function codeFromOutbox(): Promise<string> {
    await suite.server.halt();
    const database = await openDatabase({ dataDir: suite.server.dataDir });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, 'Your Play Time Rewards code:%'))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    await database.close();
    await suite.server.restart();
    return /Your code to redeem .+ is: (\d{6})/.exec(mail!.text)![1]!;
  }

  async function lookUp(page: Page, email: string) {
    await page.goto(`${suite.server.url}/loyalty`);
    await page.getByRole('heading', { name: 'Play Time Rewards', level: 1 }).waitFor();
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Access My Account' }).click();
  }

  it('asks for an address, and offers a booking to an unknown one (phone)', async () => {
    const { page, context, errors } = await open(suite.browser, 'phone');
    await page.goto(`${suite.server.url}/loyalty`);
    await page.getByRole('heading', { name: 'Play Time Rewards', level: 1 }).waitFor();
    await page.getByText(/You join automatically when you make your first booking/).waitFor();
    await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    await screenshot(page, 'loyalty-entry-phone');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Access My Account' }).click();
    await toastText(page, 'Email Required');
    await toastText(page, 'Please enter your email address.');
    await screenshot(page, 'loyalty-email-required-phone');

    await page.getByLabel('Email Address').fill('not-an-address');
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();

    await page.getByLabel('Email Address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await toastText(page, 'Member not found');
    await toastText(page, 'Would you like to create a new loyalty account?');
    await expect(page.getByRole('link', { name: 'Book & Join' }).getAttribute('href')).resolves.toBe('/booking');
    await screenshot(page, 'loyalty-not-found-phone');
    await expectNoAxeViolations(page);
    expect(errors.filter((e) => !/status of 40\d/.test(e))).toEqual([]);
    await context.close();
  });

  it('shows a paying family its points and lets it redeem a reward with the e-mailed code (desktop)', async () => {
    await bookAndPay(EMAIL);
    const { page, context, errors } = await open(suite.browser, 'desktop');
    await lookUp(page, ' Rewards.Family@Example.com ');
    await toastText(page, 'Welcome back!');
    await page.getByRole('heading', { name: 'Welcome back, Robin!', level: 1 }).waitFor();
    const stat = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();
    await expect(stat('Current Points')).resolves.toBe('107');
    await expect(stat('Total Points Earned')).resolves.toBe('107');
    await expect(stat('Total Visits')).resolves.toBe('0');
    await expect(stat('Membership Level')).resolves.toBe('Bronze');
    const bar = page.getByRole('progressbar', { name: 'Progress to Silver' });
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('21');
    await expect(bar.getAttribute('aria-valuetext')).resolves.toBe('393 points to Silver');

    await page.getByRole('tab', { name: 'Rewards Store', selected: true }).waitFor();
    const session = page.getByRole('listitem').filter({ hasText: 'Free 2-Hour Session' });
    await page.getByRole('button', { name: 'Redeem Free Hot Drink for 50 points' }).waitFor();
    await expect(session.getByRole('button', { name: 'Not enough points' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'loyalty-member-desktop');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Redeem 10% Off Next Visit for 100 points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Your Code' });
    await dialog.waitFor();
    await dialog.getByText('r•••@e•••.com', { exact: false }).waitFor();
    await screenshot(page, 'loyalty-code-dialog-desktop');
    await expectNoAxeViolations(page);

    const code = await codeFromOutbox();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await dialog.getByLabel('6-digit code').fill(wrong);
    await dialog.getByRole('button', { name: 'Confirm Redemption' }).click();
    await dialog.getByText('That code is not right. 4 tries left.').waitFor();
    await dialog.getByLabel('6-digit code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm Redemption' }).click();
    await toastText(page, 'Reward Redeemed!');
    await expect(dialog.count()).resolves.toBe(0);
    const voucher = await page.getByTestId('voucher-code').textContent();
    expect(voucher).toMatch(/^PTB-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    voucherCode = voucher!;
    await page.getByText(`Your voucher code is ${voucher}. We have emailed it to you too.`).first().waitFor();
    await expect(stat('Current Points')).resolves.toBe('7');
    await expect(stat('Total Points Earned')).resolves.toBe('107');
    // 7 points left: even the hot drink (50) is now out of reach.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Free Hot Drink' })
      .getByRole('button', { name: 'Not enough points' })
      .waitFor();
    await screenshot(page, 'loyalty-redeemed-desktop');
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Activity History' }).click();
    const history = page.getByRole('list', { name: 'Points history' }).getByRole('listitem');
    await history.first().getByText('Redeemed: 10% Off Next Visit').waitFor();
    await expect(history.first().textContent()).resolves.toContain('−100');
    await expect(history.count()).resolves.toBe(3);
    await screenshot(page, 'loyalty-history-desktop');
    await expectNoAxeViolations(page);
    expect(errors.filter((e) => !/status of 40\d/.test(e))).toEqual([]);
    await context.close();
  });

  it('moves between the tabs with the keyboard and shows achievements (phone)', async () => {
    const { page, context, errors } = await open(suite.browser, 'phone');
    await lookUp(page, EMAIL);
    await page.getByRole('heading', { name: 'Welcome back, Robin!', level: 1 }).waitFor();
    // The heading comes first; wait for the member view itself before looking at it.
    await page.getByRole('tab', { name: 'Rewards Store' }).waitFor();
    await screenshot(page, 'loyalty-member-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Rewards Store' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Achievements', selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: 'Achievements' }).getByText('First Steps').waitFor();
    await expect(page.getByText('Not earned yet').count()).resolves.toBe(3);
    await screenshot(page, 'loyalty-achievements-phone');
    await expectNoAxeViolations(page);
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'Activity History', selected: true }).waitFor();
    await page.getByText('Welcome bonus for joining Play Time Rewards').waitFor();
    await screenshot(page, 'loyalty-history-phone');
    await page.getByRole('button', { name: 'Use a Different Email' }).click();
    await page.getByRole('button', { name: 'Access My Account' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes 10% off a booking with the voucher code, and the voucher cannot be used twice (phone)', async () => {
    expect(voucherCode).not.toBe('');
    const { page, context, errors } = await open(suite.browser, 'phone');
    await page.goto(`${suite.server.url}/booking`);
    await page.getByRole('heading', { name: 'Choose Your Tickets' }).waitFor();
    await page.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
    await page.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
    await page.getByRole('button', { name: 'Continue to Booking' }).click();
    await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();
    await page.getByLabel('Full Name').fill('Robin Parent');
    await page.getByLabel('Phone Number').fill('07700 900123');
    await page.getByLabel('Email Address').fill(EMAIL);
    await page.locator('#selectedDate').click();
    const cell = page.locator(`[data-day="${londonDatePlus(8)}"]:not([data-outside])`);
    if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    await cell.locator('button').click();
    await page.locator('input[name="selectedTime"]:not([value=""]):not([disabled])').first().check();
    await page.getByLabel('Voucher code (optional)').fill(voucherCode.toLowerCase());
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByLabel('Voucher code (optional)').scrollIntoViewIfNeeded();
    await screenshot(page, 'loyalty-voucher-field-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Proceed to Payment/ }).click();
    await page.waitForURL(/\/payment\?client_secret=/);
    await toastText(page, 'Voucher Applied!');
    await toastText(page, 'Your voucher saves you £1.90');
    await page.getByText('Your loyalty voucher saved you £1.90').waitFor();
    await page.getByText('£17.10').first().waitFor();
    await screenshot(page, 'loyalty-voucher-payment-phone');
    await expectNoAxeViolations(page);

    // The same code again, on a second booking: refused while the first one holds it.
    const again = await fetch(`${suite.server.url}/api/create-booking-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerName: 'Robin Parent',
        customerEmail: EMAIL,
        customerPhone: '07700 900123',
        selectedDate: londonDatePlus(8),
        selectedTime: 'morning',
        agreeToTerms: true,
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 950,
        voucherCode,
      }),
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('voucher_held');
    expect(errors.filter((e) => !/status of 40\d/.test(e))).toEqual([]);
    await context.close();
  });
});
