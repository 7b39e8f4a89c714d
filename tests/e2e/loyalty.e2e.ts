import { useServerMailAndBrowser } from './support/suite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import {
  bookAndPayByApi,
  chooseTickets,
  createBooking,
  fillCustomer,
  pickDateAndSession,
  proceedToPayment,
} from './support/book-and-pay';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage, familyCodeMail, mailText } from './support/family-mail';
import { toastText } from './support/staff';

/** Members: one redeems on the desktop (its voucher is used at booking later), one on the phone. */
const DESKTOP_EMAIL = 'rewards.family@example.com';
const PHONE_EMAIL = 'rewards.phone@example.com';
/** The voucher the desktop journey redeems, used at booking by the last one. */
let voucherCode = '';

/** Console errors other than the 4xx answers a test asks for on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40\d/.test(e));
/**
 * Once the code is accepted the form (and its Confirm button) is gone: focus must land on the member view's
 * heading, not fall to <body>, so a keyboard or screen-reader user goes on from there (issue 18).
 */
const expectFocusOnHeading = (page: Page, text: string) =>
  expect
    .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
    .toBe(`H1 ${text}`);
const stat = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();

describe('loyalty journey', () => {
  const suite = useServerMailAndBrowser(async () => {
    // Membership starts with a paid booking: 6 children x £9.50 = 57 points + 50 welcome = 107.
    for (const email of [DESKTOP_EMAIL, PHONE_EMAIL]) await bookAndPay(email);
  });

  /** The brief's phone is 390 wide (the support's is 360). */
  async function open(viewport: ViewportName) {
    const opened = await openPage(suite.browser, viewport);
    if (viewport === 'phone') await opened.page.setViewportSize({ width: 390, height: 844 });
    return opened;
  }

  /** A real booking through the API with loyalty opt-in, paid with the TEST MODE card. */
  const bookAndPay = (email: string) =>
    bookAndPayByApi(suite.server.url, {
      customerName: 'Robin Parent',
      customerEmail: email,
      customerPhone: '07700 900123',
      selectedDate: londonDatePlus(7),
      selectedTime: 'morning',
      ticketQuantities: { 'child-1-12': 6 },
      totalAmount: 5700,
      loyaltyOptIn: true,
    });

  async function openLoyalty(page: Page) {
    await page.goto(`${suite.server.url}/loyalty`);
    await page.getByRole('heading', { name: 'Play Time Rewards', level: 1 }).waitFor();
  }

  /** What this browser's own cookies get for a member call (status and catalogue code). */
  const askFromPage = (page: Page, path: string) =>
    page.evaluate(async (p) => {
      const res = await fetch(p);
      const body = (await res.json()) as { error?: { code?: string } };
      return { status: res.status, code: body.error?.code };
    }, path);

  /** Nothing that belongs to the member: not the name, the points or the way to spend them. */
  async function expectNothingAboutMember(page: Page) {
    const text = await page.locator('body').innerText();
    for (const secret of ['Robin', '107', 'Current Points', 'Member not found', 'Book & Join', 'Rewards Store'])
      expect(text).not.toContain(secret);
  }

  it("a stranger's view: without the code nothing about the member shows and the API answers 401 (phone)", async () => {
    const { page, context, errors } = await open('phone');
    await openLoyalty(page);
    await page.getByText(/Anyone can type an e-mail address, so we first check that it is yours/).waitFor();
    await page.getByText(/You join automatically when you make your first booking/).waitFor();
    await expect(page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).resolves.toBe('/');
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await screenshot(page, 'loyalty-entry-phone');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Access My Account' }).click();
    await toastText(page, 'Email Required');
    await toastText(page, 'Please enter your email address.');
    await screenshot(page, 'loyalty-email-required-phone');

    await page.getByLabel('Email Address').fill('not-an-address');
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();

    // The member's address asks for a code, and the page says where it went, but nothing else.
    const before = suite.sink.received.length;
    await page.getByLabel('Email Address').fill(DESKTOP_EMAIL);
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await page.getByText('r•••@e•••.com').waitFor();
    const { code } = await familyCodeMail(suite.sink.received, DESKTOP_EMAIL, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('That code is not right. 4 tries left.', { exact: true }).waitFor();
    await expectNothingAboutMember(page);
    await screenshot(page, 'loyalty-wrong-code-phone');
    await expectNoAxeViolations(page);

    for (const path of [`/api/loyalty/member/${encodeURIComponent(DESKTOP_EMAIL)}`, '/api/family/loyalty'])
      await expect(askFromPage(page, path)).resolves.toEqual({ status: 401, code: 'family_session_required' });
    const direct = await fetch(`${suite.server.url}/api/loyalty/member/${encodeURIComponent(DESKTOP_EMAIL)}`);
    expect(direct.status).toBe(401);
    expect((await direct.json()).error.code).toBe('family_session_required');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  for (const [viewport, email] of [
    ['phone', 'nobody@example.com'],
    ['desktop', 'nobody.else@example.com'],
  ] as const)
    it(`an unknown address sees "Member not found" only after confirming (${viewport})`, async () => {
      const { page, context, errors } = await open(viewport);
      await openLoyalty(page);
      if (viewport === 'desktop') {
        await screenshot(page, 'loyalty-entry-desktop');
        await expectNoAxeViolations(page);
      }
      const before = suite.sink.received.length;
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Access My Account' }).click();
      await page.getByLabel('6-digit code').waitFor();
      await expectNothingAboutMember(page);
      await screenshot(page, `loyalty-code-sent-${viewport}`);
      await expectNoAxeViolations(page);

      const { code } = await familyCodeMail(suite.sink.received, email, before);
      if (viewport === 'desktop') {
        await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: 'Confirm', exact: true }).click();
        await page.getByText('That code is not right. 4 tries left.', { exact: true }).waitFor();
        await screenshot(page, 'loyalty-wrong-code-desktop');
        await expectNothingAboutMember(page);
      }
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await toastText(page, 'Member not found');
      await toastText(page, 'Would you like to create a new loyalty account?');
      await page.getByText(`We could not find a member with ${email}.`).waitFor();
      await page.getByText(`Confirmed as ${email}`).waitFor();
      await expect(page.getByRole('link', { name: 'Book & Join' }).getAttribute('href')).resolves.toBe('/booking');
      await screenshot(page, `loyalty-not-found-${viewport}`);
      await expectNoAxeViolations(page);

      // Sign out: the first screen again, with no trace of the answer.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Access My Account' }).waitFor();
      await expect(page.getByText('Book & Join').count()).resolves.toBe(0);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

  it('confirms with the mailed code, shows the points, redeems with one Confirm and signs out (desktop)', async () => {
    const { page, context, errors } = await open('desktop');
    await openLoyalty(page);
    // Typed as the family might: the server compares addresses case-insensitively.
    await confirmEmailOnPage(page, suite.sink.received, {
      idPrefix: 'loyalty',
      email: 'Rewards.Family@Example.com',
      sendLabel: 'Access My Account',
    });
    await toastText(page, 'Welcome back!');
    await page.getByRole('heading', { name: 'Welcome back, Robin!', level: 1 }).waitFor();
    await expectFocusOnHeading(page, 'Welcome back, Robin!');
    await page.getByText(`Confirmed as ${DESKTOP_EMAIL}`).waitFor();
    await expect(stat(page, 'Current Points')).resolves.toBe('107');
    await expect(stat(page, 'Total Points Earned')).resolves.toBe('107');
    await expect(stat(page, 'Total Visits')).resolves.toBe('0');
    await expect(stat(page, 'Membership Level')).resolves.toBe('Bronze');
    const bar = page.getByRole('progressbar', { name: 'Progress to Silver' });
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('21');
    await expect(bar.getAttribute('aria-valuetext')).resolves.toBe('393 points to Silver');

    await page.getByRole('tab', { name: 'Rewards Store', selected: true }).waitFor();
    const session = page.getByRole('listitem').filter({ hasText: 'Free 2-Hour Session' });
    await page.getByRole('button', { name: 'Redeem Free Hot Drink for 50 points' }).waitFor();
    await expect(session.getByRole('button', { name: 'Not enough points' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'loyalty-member-desktop');
    await expectNoAxeViolations(page);

    // Inside the session: one question, one Confirm, and no second code sent or asked for.
    const mailsBefore = suite.sink.received.length;
    await page.getByRole('button', { name: 'Redeem 10% Off Next Visit for 100 points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem 10% Off Next Visit for 100 points?' });
    await dialog.waitFor();
    await expect(dialog.getByRole('textbox').count()).resolves.toBe(0);
    await screenshot(page, 'loyalty-confirm-desktop');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toastText(page, 'Reward Redeemed!');
    await expect(dialog.count()).resolves.toBe(0);
    const voucher = await page.getByTestId('voucher-code').textContent();
    expect(voucher).toMatch(/^PTB-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    voucherCode = voucher!;
    await page.getByText(`Your voucher code is ${voucher}. We have emailed it to you too.`).first().waitFor();
    await expect(stat(page, 'Current Points')).resolves.toBe('7');
    await expect(stat(page, 'Total Points Earned')).resolves.toBe('107');
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

    // The voucher arrives by mail; no redemption code was ever mailed.
    await expect
      .poll(() => suite.sink.received.slice(mailsBefore).some((m) => mailText(m).includes(voucher!)))
      .toBe(true);
    const subjects = suite.sink.received.slice(mailsBefore).map((m) => m.subject);
    expect(subjects).not.toContainEqual(expect.stringMatching(/^Your Play Time Rewards code/));

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Access My Account' }).waitFor();
    // The "Signed out" notice replaces the last one, which showed the voucher code.
    await toastText(page, 'Signed out');
    await expect(page.getByText(voucher!).count()).resolves.toBe(0);
    await expectNothingAboutMember(page);
    await expect(askFromPage(page, `/api/loyalty/member/${encodeURIComponent(DESKTOP_EMAIL)}`)).resolves.toEqual({
      status: 401,
      code: 'family_session_required',
    });
    await screenshot(page, 'loyalty-signed-out-desktop');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('confirms, redeems a hot drink, moves between the tabs with the keyboard and signs out (phone)', async () => {
    const { page, context, errors } = await open('phone');
    await openLoyalty(page);
    await confirmEmailOnPage(page, suite.sink.received, {
      idPrefix: 'loyalty',
      email: PHONE_EMAIL,
      sendLabel: 'Access My Account',
    });
    await toastText(page, 'Welcome back!');
    await page.getByRole('heading', { name: 'Welcome back, Robin!', level: 1 }).waitFor();
    await expectFocusOnHeading(page, 'Welcome back, Robin!');
    // The heading comes first; wait for the member view itself before looking at it.
    await page.getByRole('tab', { name: 'Rewards Store' }).waitFor();
    await expect(stat(page, 'Current Points')).resolves.toBe('107');
    await screenshot(page, 'loyalty-member-phone');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Redeem Free Hot Drink for 50 points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Free Hot Drink for 50 points?' });
    await screenshot(page, 'loyalty-confirm-phone');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toastText(page, 'Reward Redeemed!');
    await page.getByTestId('voucher-code').waitFor();
    await expect(stat(page, 'Current Points')).resolves.toBe('57');
    await screenshot(page, 'loyalty-redeemed-phone');
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
    const history = page.getByRole('list', { name: 'Points history' }).getByRole('listitem');
    await history.first().getByText('Redeemed: Free Hot Drink').waitFor();
    await page.getByText('Welcome bonus for joining Play Time Rewards').waitFor();
    await expect(history.count()).resolves.toBe(3);
    await screenshot(page, 'loyalty-history-phone');
    await expectNoAxeViolations(page);

    // A reload keeps the session: the member view again, without a code.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back, Robin!', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Access My Account' }).waitFor();
    await expectNothingAboutMember(page);
    await screenshot(page, 'loyalty-signed-out-phone');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('takes 10% off a booking with the voucher code, and the voucher cannot be used twice (phone)', async () => {
    expect(voucherCode).not.toBe('');
    const { page, context, errors } = await open('phone');
    await chooseTickets(page, suite.server.url, { 'Children 1-12 years': 2 });
    await fillCustomer(page, { name: 'Robin Parent', phone: '07700 900123', email: DESKTOP_EMAIL });
    await pickDateAndSession(page, londonDatePlus(8));
    await page.getByLabel('Voucher code (optional)').fill(voucherCode.toLowerCase());
    await page.getByLabel('Voucher code (optional)').scrollIntoViewIfNeeded();
    await screenshot(page, 'loyalty-voucher-field-phone');
    await expectNoAxeViolations(page);
    await proceedToPayment(page);
    await toastText(page, 'Voucher Applied!');
    await toastText(page, 'Your voucher saves you £1.90');
    await page.getByText('Your loyalty voucher saved you £1.90').waitFor();
    await page.getByText('£17.10').first().waitFor();
    await screenshot(page, 'loyalty-voucher-payment-phone');
    await expectNoAxeViolations(page);

    // The same code again, on a second booking: refused while the first one holds it.
    const again = await createBooking(suite.server.url, {
      customerName: 'Robin Parent',
      customerEmail: DESKTOP_EMAIL,
      customerPhone: '07700 900123',
      selectedDate: londonDatePlus(8),
      selectedTime: 'morning',
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
      voucherCode,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('voucher_held');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
