import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../src/server/testing/smtp-sink';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { confirmEmailOnPage } from './support/family-mail';
import { agreeAndProceed, chooseTickets, pickDateAndSession } from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, toastText } from './support/staff';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const STAFF_PASSWORD = 'bramble jelly on toast';
const PAYING_CARD = '4242 4242 4242 4242'; // the TEST MODE provider's card that pays

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

/** The first weekday from 3 days ahead in the off-peak band (term time), which the Monthly Play Pass covers. */
async function firstOffPeakDay(url: string): Promise<string> {
  for (let ahead = 3; ahead < 28; ahead++) {
    const date = londonDatePlus(ahead);
    const res = (await (await fetch(`${url}/api/ticket-types?date=${date}`)).json()) as { band: { id: string } };
    if (res.band.id === 'off-peak') return date;
  }
  throw new Error('no off-peak day in the next four weeks');
}

/** Looked at, and checked by axe and for sideways scrolling, at each step. */
async function check(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
}

describe('memberships (issue 40): join, see, cancel; staff find the member', () => {
  const suite = {} as { server: RunningServer; browser: Browser; sink: Awaited<ReturnType<typeof startSmtpSink>> };
  beforeAll(async () => {
    suite.sink = await startSmtpSink();
    suite.server = await startServer({ SMTP_URL: suite.sink.url, ADMIN_PASSWORD });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.sink?.close();
  });

  for (const viewport of ['desktop', 'phone390'] as ViewportName[]) {
    it(`a family joins the Monthly Play Pass, sees it in My Bookings and cancels it; an admin finds and ends it (${viewport})`, async () => {
      const { url } = suite.server;
      const email = `member.${viewport}@example.com`;
      const { page, context, errors } = await openPage(suite.browser, viewport);

      // The plans on sale, from the footer's link on the home page.
      await page.goto(`${url}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Memberships' }).click();
      await page.waitForURL(`${url}/memberships`);
      await page.getByRole('heading', { level: 1, name: 'Memberships' }).waitFor();
      const monthly = page.getByRole('article', { name: 'Monthly Play Pass' });
      await monthly.getByText('£24.99 a month', { exact: true }).waitFor();
      await monthly.getByText('Off-peak days', { exact: true }).waitFor();
      await monthly.getByText('Renews each month until you cancel', { exact: true }).waitFor();
      const annual = page.getByRole('article', { name: 'Annual Family Pass' });
      await annual.getByText('£199 a year', { exact: true }).waitFor();
      await annual.getByText('Grown-ups come in free', { exact: true }).waitFor();
      await expect.poll(() => page.title()).toMatch(/^Memberships \|/);
      await check(page, `memberships-plans-${viewport}`);

      // Join: first the e-mailed code, as My Bookings asks; the heading takes the focus.
      await monthly.getByRole('button', { name: 'Join' }).click();
      await page.waitForURL(`${url}/memberships?join=monthly-play-pass`);
      const joinHeading = page.getByRole('heading', { name: 'Join the Monthly Play Pass' });
      await joinHeading.waitFor();
      await expect
        .poll(() => joinHeading.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
        .toBe(true);
      await page.getByRole('heading', { name: 'First, confirm your e-mail' }).waitFor();
      await check(page, `memberships-sign-in-${viewport}`);
      await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'memberships', email });
      await page.getByText(`Confirmed as ${email}`).waitFor();
      await expect
        .poll(() => joinHeading.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
        .toBe(true);

      // No children on the profile yet: the way to add them.
      await page.getByRole('heading', { name: 'Add your children first' }).waitFor();
      await check(page, `memberships-no-children-${viewport}`);
      await page.getByRole('link', { name: 'Add your children' }).click();
      await page.waitForURL(`${url}/my-bookings/family`);
      await page.getByRole('heading', { name: 'Family details' }).waitFor();
      await page.getByLabel('Grown-up 1: name').fill('Sam Member');
      await page.getByLabel('Grown-up 1: phone').fill('07700 900456');
      await page.getByRole('button', { name: 'Add a child' }).click();
      await page.getByLabel('First name').nth(0).fill('Maisie');
      await page.getByLabel('Date of birth').nth(0).fill('2020-08-12');
      await page.getByRole('button', { name: 'Save family details' }).click();
      await toastText(page, 'Family details saved');

      // Back (the browser's) to the same step: the one child is ticked, and the summary says what is paid
      // and what follows.
      await page.goBack();
      await page.waitForURL(`${url}/memberships?join=monthly-play-pass`);
      await page.getByRole('heading', { name: 'Join the Monthly Play Pass' }).waitFor();
      const maisie = page.getByRole('checkbox', { name: 'Maisie' });
      await maisie.waitFor();
      expect(await maisie.isChecked()).toBe(true);
      await expect(page.getByTestId('join-total').textContent()).resolves.toBe('£24.99');
      await page.getByText('Then £24.99 is taken each month', { exact: false }).waitFor();
      await page.getByText('You have 14 days from joining to change your mind', { exact: false }).waitFor();
      // None chosen: the message under the children, on the first box.
      await maisie.uncheck();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText('Choose at least one child').waitFor();
      await check(page, `memberships-choose-error-${viewport}`);
      await maisie.check();
      await check(page, `memberships-choose-${viewport}`);

      // Pay with the TEST MODE card, as every other purchase.
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Pay for your Monthly Play Pass' }).waitFor();
      // Back and on again, nothing changed: the same payment, not a second membership waiting for one.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByRole('heading', { name: 'Join the Monthly Play Pass' }).waitFor();
      expect(await maisie.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Pay for your Monthly Play Pass' }).waitFor();
      await page.getByLabel('Card number').fill(PAYING_CARD);
      await page.getByLabel('Expiry date').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await check(page, `memberships-payment-${viewport}`);
      await page.getByRole('button', { name: 'Pay £24.99 and join' }).click();
      const welcome = page.getByRole('status').filter({ hasText: 'Welcome! Your Monthly Play Pass for Maisie' });
      await welcome.waitFor();
      const h1 = page.getByRole('heading', { level: 1, name: 'Memberships' });
      await expect.poll(() => h1.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
      const memberNumber = /member number is (M\d+)/.exec((await welcome.textContent()) ?? '')?.[1];
      expect(memberNumber).toBeTruthy();
      await check(page, `memberships-welcome-${viewport}`);

      // My Bookings' Membership tab: the plan, number, status, renewal, children and the member card.
      await welcome.getByRole('link', { name: 'See your membership' }).click();
      await page.waitForURL(`${url}/my-bookings/memberships`);
      const card = page.getByRole('article', { name: 'Monthly Play Pass' });
      await expect
        .poll(
          async () => {
            const status = await card.getByTestId('membership-status').textContent({ timeout: 5_000 });
            if (status !== 'Active') await page.reload();
            return status;
          },
          { timeout: 30_000 },
        )
        .toBe('Active');
      await card.getByText('Maisie').waitFor();
      await expect(page.getByTestId('membership').count()).resolves.toBe(1);
      await card.getByText('£24.99 a month', { exact: true }).waitFor();
      await expect(card.getByTestId('membership-dates-label').textContent()).resolves.toBe('Renews on');
      await expect(card.getByTestId('membership-dates').textContent()).resolves.toMatch(/^\w+day \d{1,2} \w+ \d{4}$/);
      await expect(card.getByTestId('member-number').textContent()).resolves.toBe(memberNumber);
      // The member card's QR is what the kiosk scans (memberships/member-card.test.ts): a loaded image.
      const qr = card.getByRole('img', { name: `Member card QR code for ${memberNumber}` });
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await check(page, `memberships-my-bookings-${viewport}`);

      // A member books an off-peak day: "Who's coming?" says the plan covers Maisie, and her place costs nothing.
      const offPeak = await firstOffPeakDay(url);
      await chooseTickets(page, url, { 'Children 1-12 years': 1 });
      await pickDateAndSession(page, offPeak);
      const coming = page.getByRole('group', { name: "Who's coming?" });
      await coming.getByLabel(/^Maisie, /).check();
      await coming
        .getByTestId('member-cover-hint')
        .getByText('Your Monthly Play Pass covers Maisie, so that place is free', { exact: false })
        .waitFor();
      await page.getByTestId('membership-line').getByText('−£9.50').waitFor();
      await page.getByRole('button', { name: 'Proceed to Payment · £0.00' }).waitFor();
      await check(page, `memberships-booking-covered-${viewport}`);
      await agreeAndProceed(page);
      await page.waitForURL(/\/booking-success\?booking_id=/);
      await page.getByText('£0.00').first().waitFor();
      await page.goto(`${url}/my-bookings/memberships`);
      await card.getByTestId('member-number').waitFor();

      // Cancel: the dialog offers the end of the period (chosen) or, within 14 days, a refund now.
      const cancelButton = card.getByRole('button', { name: 'Cancel membership' });
      await cancelButton.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your Monthly Play Pass?' });
      await dialog.waitFor();
      const endRadio = dialog.getByRole('radio', { name: /^End it on / });
      expect(await endRadio.isChecked()).toBe(true);
      await dialog.getByText(/Your membership will end on \w+day \d{1,2} \w+ \d{4} and will not renew\./).waitFor();
      await dialog.getByRole('radio', { name: /^Cancel now and get a refund/ }).waitFor();
      await check(page, `memberships-cancel-dialog-${viewport}`);
      // Escape keeps it, and the focus goes back to the button.
      await page.keyboard.press('Escape');
      await expect(dialog.count()).resolves.toBe(0);
      await expect
        .poll(() => cancelButton.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
        .toBe(true);
      await cancelButton.click();
      await dialog.getByRole('button', { name: 'Yes, cancel my membership' }).click();
      await card.getByRole('status').filter({ hasText: 'Your membership will not renew' }).waitFor();
      await expect(card.getByTestId('membership-status').textContent()).resolves.toBe('Cancelled');
      await expect(card.getByTestId('membership-dates-label').textContent()).resolves.toBe('Ends on');
      await check(page, `memberships-cancelled-${viewport}`);

      // An admin finds the member by number in the Members tab, and ends it with a reason.
      const admin = await suite.browser.newContext({ viewport: page.viewportSize()! });
      await signInStaff(admin, url, ADMIN_PASSWORD);
      const staff = await admin.newPage();
      await staff.goto(`${url}/admin?tab=members`);
      await staff.getByRole('heading', { name: 'Members', exact: true, level: 2 }).waitFor();
      await staff.getByLabel('Name, e-mail or member number').fill(memberNumber!);
      await staff.getByRole('button', { name: 'Find' }).click();
      const row = staff.getByRole('listitem').filter({ hasText: memberNumber! });
      await row.getByText(email).waitFor();
      await expect(staff.getByRole('list', { name: 'Members' }).getByRole('listitem').count()).resolves.toBe(1);
      await row.getByText('Cancelled', { exact: true }).waitFor();
      await row.getByText('Monthly Play Pass, £24.99 a month').waitFor();
      // By status: a cancelled one is listed under Cancelled.
      await staff.getByLabel('Status', { exact: true }).selectOption('cancelled');
      await row.waitFor();
      await check(staff, `memberships-members-tab-${viewport}`);
      await row.getByRole('button', { name: 'End' }).click();
      await row.getByRole('button', { name: 'End membership' }).click();
      await row.getByText('Please give a reason').waitFor();
      await row.getByLabel('Reason to end').fill('Family moved away');
      await row.getByRole('button', { name: 'End membership' }).click();
      await toastText(staff, 'End: done');
      await staff.getByLabel('Status', { exact: true }).selectOption('ended');
      await staff
        .getByRole('listitem')
        .filter({ hasText: memberNumber! })
        .getByText('admin: Family moved away')
        .waitFor();
      await check(staff, `memberships-members-ended-${viewport}`);
      await admin.close();

      expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
      await context.close();
    });
  }

  it('within the 14 days, a family cancels at once for a refund; staff who are not admins only look (390 px)', async () => {
    const { url } = suite.server;
    const email = 'cooling.off@example.com';
    const { page, context, errors } = await openPage(suite.browser, 'phone390');
    // The link in a membership mail (a failed renewal) opens the Membership tab of My Bookings.
    await page.goto(`${url}/my-bookings?membership=00000000-0000-4000-8000-000000000000`);
    await page.waitForURL(`${url}/my-bookings/memberships`);
    await page.getByRole('heading', { name: 'Confirm your e-mail to see your membership' }).waitFor();
    await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'membership', email });
    await page.getByText('You have no membership yet.', { exact: false }).waitFor();
    await check(page, 'memberships-none-phone390');

    // A child on the profile and the plan joined and paid through the API, as the pages do.
    const profile = await context.request.put(`${url}/api/family/profile`, {
      data: {
        version: 0,
        adults: [{ name: 'Robin Cooling', phone: '07700 900111' }],
        children: [{ firstName: 'Alfie', dateOfBirth: '2021-05-01' }],
        birthdayReminders: false,
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const childId = ((await profile.json()) as { children: { id: string }[] }).children[0]!.id;
    const joined = await context.request.post(`${url}/api/memberships`, {
      data: { planId: 'monthly-play-pass', childIds: [childId] },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const { clientSecret } = (await joined.json()) as { clientSecret: string };
    const paid = await context.request.post(`${url}/api/test-payments/confirm`, {
      data: { clientSecret, cardNumber: PAYING_CARD, expiry: '12/34', cvc: '123', name: 'Robin Cooling' },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    await page.reload();
    const card = page.getByRole('article', { name: 'Monthly Play Pass' });
    await expect
      .poll(
        async () => {
          const status = await card.getByTestId('membership-status').textContent({ timeout: 5_000 });
          if (status !== 'Active') await page.reload();
          return status;
        },
        { timeout: 30_000 },
      )
      .toBe('Active');

    // Staff who are not admins see the member, and no pause, resume or end.
    const admin = await suite.browser.newContext();
    await signInStaff(admin, url, ADMIN_PASSWORD);
    const added = await admin.request.post(`${url}/api/staff/accounts`, {
      data: { username: 'desk.staff', displayName: 'Desk Staff', role: 'staff', password: STAFF_PASSWORD },
    });
    expect(added.status(), await added.text()).toBe(201);
    await admin.close();
    const desk = await suite.browser.newContext({ viewport: page.viewportSize()! });
    await signInStaff(desk, url, STAFF_PASSWORD, 'desk.staff');
    const staff = await desk.newPage();
    await staff.goto(`${url}/admin?tab=members`);
    await staff.getByLabel('Name, e-mail or member number').fill(email);
    await staff.getByRole('button', { name: 'Find' }).click();
    const row = staff.getByRole('listitem').filter({ hasText: email });
    await row.getByText('Active', { exact: true }).waitFor();
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    await check(staff, 'memberships-members-staff-phone390');
    await desk.close();

    await card.getByRole('button', { name: 'Cancel membership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Monthly Play Pass?' });
    await dialog.getByRole('radio', { name: /^Cancel now and get a refund/ }).check();
    await dialog.getByRole('button', { name: 'Cancel now and get a refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    const message = card.getByRole('status');
    await message.waitFor();
    await expect.poll(() => message.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    await expect(card.getByTestId('membership-status').textContent()).resolves.toBe('Ended');
    await expect(card.getByRole('button', { name: /^Cancel/ }).count()).resolves.toBe(0);
    await check(page, 'memberships-cooling-off-phone390');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Last in this file: it moves the server's clock past the renewal date (TEST_CLOCK_OFFSET_MS).
  it('a renewal fails; the family updates the card from the mail’s link and pays, active again (1280 and 390 px)', async () => {
    const viewports: ViewportName[] = ['desktop', 'phone390'];
    const joined = new Map<ViewportName, string>();
    for (const viewport of viewports) {
      const { url } = suite.server;
      const email = `declined.${viewport}@example.com`;
      const { page, context } = await openPage(suite.browser, viewport);
      await page.goto(`${url}/my-bookings/memberships`);
      await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'membership', email });
      await page.getByText('You have no membership yet.', { exact: false }).waitFor();
      const profile = await context.request.put(`${url}/api/family/profile`, {
        data: {
          version: 0,
          adults: [{ name: 'Dee Clined', phone: '07700 900222' }],
          children: [{ firstName: 'Rosa', dateOfBirth: '2020-03-01' }],
          birthdayReminders: false,
        },
      });
      expect(profile.status(), await profile.text()).toBe(200);
      const childId = ((await profile.json()) as { children: { id: string }[] }).children[0]!.id;
      const join = await context.request.post(`${url}/api/memberships`, {
        data: { planId: 'monthly-play-pass', childIds: [childId] },
      });
      expect(join.status(), await join.text()).toBe(201);
      const { clientSecret, membershipId } = (await join.json()) as { clientSecret: string; membershipId: string };
      // Stripe's test card 0341: the first month pays, every later charge declines.
      const paid = await context.request.post(`${url}/api/test-payments/confirm`, {
        data: { clientSecret, cardNumber: '4000000000000341', expiry: '12/34', cvc: '123', name: 'Dee Clined' },
      });
      expect(await paid.json()).toEqual({ status: 'succeeded' });
      joined.set(viewport, membershipId);
      await context.close();
    }

    // 32 days on, the membership job every second: the renewal is tried, declines, and is mailed.
    await suite.server.restart({ TEST_CLOCK_OFFSET_MS: String(32 * 86_400_000), REMINDER_INTERVAL_MS: '1000' });
    for (const viewport of viewports) {
      const { url } = suite.server;
      const email = `declined.${viewport}@example.com`;
      const id = joined.get(viewport)!;
      await expect
        .poll(
          () => suite.sink.received.some((m) => m.to.toLowerCase() === email && /did not go through/.test(m.subject)),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
      const { page, context, errors } = await openPage(suite.browser, viewport);
      // The mail's link; the session ran out in those 32 days, so the e-mail is confirmed again.
      await page.goto(`${url}/my-bookings?membership=${id}`);
      await page.waitForURL(`${url}/my-bookings/memberships`);
      await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'membership', email });
      const card = page.getByRole('article', { name: 'Monthly Play Pass' });
      await expect(card.getByTestId('membership-status').textContent()).resolves.toBe('Payment due');
      await card.getByText('you can update your card and pay now', { exact: false }).waitFor();
      await check(page, `memberships-payment-due-${viewport}`);

      // The TEST MODE card form in place; a declined card says so and stays.
      await card.getByRole('button', { name: 'Update card and pay £24.99' }).click();
      await card.getByRole('heading', { name: 'Update your card and pay' }).waitFor();
      await card.getByLabel('Card number').fill('4000 0000 0000 0002');
      await card.getByLabel('Expiry date').fill('12 / 34');
      await card.getByLabel('CVC').fill('123');
      await card.getByRole('button', { name: 'Pay £24.99' }).click();
      await card.getByText('Your card was declined.', { exact: false }).first().waitFor();
      await check(page, `memberships-update-card-${viewport}`);
      await card.getByLabel('Card number').fill(PAYING_CARD);
      await card.getByRole('button', { name: 'Pay £24.99' }).click();
      const message = card.getByRole('status').filter({ hasText: 'your membership is active again' });
      await message.waitFor();
      await expect.poll(() => message.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
      await expect.poll(() => card.getByTestId('membership-status').textContent(), { timeout: 10_000 }).toBe('Active');
      await expect(card.getByRole('button', { name: /^Update card/ }).count()).resolves.toBe(0);
      await check(page, `memberships-card-updated-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
