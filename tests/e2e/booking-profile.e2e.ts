import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { bookingChildren, familyChildren } from '../../src/server/db/schema';
import type { ReceivedMail } from '../../src/server/testing/smtp-sink';
import { longDayMonth } from '../../src/shared/date-text';
import { addDays, addMonths } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { PAYING_CARD, payByCard, pickDateAndSession, proceedToPayment } from './support/book-and-pay';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage, mailText } from './support/family-mail';
import { useServerMailAndBrowser } from './support/suite';
import { toastText } from './support/staff';
import { until } from './support/until';

const visitDate = londonDatePlus(7);
/** Under 1 on the visit date (about 7 months old), and 5 (a birthday a month before the visit). */
const babyBorn = addDays(visitDate, -210);
const fiveBorn = addMonths(visitDate, -61);
const ACCEPT = 'I have read and accept the rules of play for the children ticked';

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

const confirmationTo = (received: ReceivedMail[], email: string) =>
  received.find((m) => m.to.toLowerCase() === email && m.subject.startsWith('Booking confirmed:'));

/** The order summary's lines, as the family reads them. */
const orderLines = (page: Page) =>
  page
    .getByRole('region', { name: 'Order Summary' })
    .getByRole('listitem')
    .evaluateAll((els) => els.map((e) => e.querySelector('span')?.textContent?.trim()));

describe('booking with a family profile (issue 39)', () => {
  const suite = useServerMailAndBrowser();
  /** Each journey's booking, checked in the database at the end. */
  const booked: { bookingId: string; email: string }[] = [];

  it('a signed-out family sees the details step as before: no profile asked for, nothing added', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'phone390');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${suite.server.url}/booking`);
    await page.getByRole('heading', { name: 'Have session credits? Confirm your e-mail to use them' }).waitFor();
    await page.getByRole('button', { name: 'Add one Adults' }).click();
    await page.getByRole('button', { name: 'Continue to Booking' }).click();
    await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();
    await pickDateAndSession(page, visitDate);
    await expect(page.getByRole('group', { name: "Who's coming?" }).count()).resolves.toBe(0);
    expect(requests.filter((p) => /\/api\/family\/profile|whos-coming/.test(p))).toEqual([]);
    expect(requests.filter((p) => p === '/api/family/session')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop', 'phone390'] as ViewportName[]) {
    it(`a family adds two children, books with the profile's suggestions, and accepts the rules of play from the mail (${viewport})`, async () => {
      const email = `patel.${viewport}@example.com`;
      const { page, context, errors } = await openPage(suite.browser, viewport);

      // The Family page: signed in with the mailed code, a grown-up and two children saved.
      await page.goto(`${suite.server.url}/my-bookings/family`);
      await page.getByRole('heading', { name: 'Confirm your e-mail to see your family' }).waitFor();
      await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'family', email });
      await page.getByRole('heading', { name: 'Family details' }).waitFor();
      await page.getByLabel('Grown-up 1: name').fill('Priya Patel');
      await page.getByLabel('Grown-up 1: phone').fill('07700 900777');
      await page.getByRole('button', { name: 'Add a child' }).click();
      await page.getByLabel('First name').nth(0).fill('Mia');
      await page.getByLabel('Date of birth').nth(0).fill(fiveBorn);
      await page.getByRole('button', { name: 'Add a child' }).click();
      await page.getByLabel('First name').nth(1).fill('Leo');
      await page.getByLabel('Date of birth').nth(1).fill(babyBorn);
      await page.getByRole('button', { name: 'Save family details' }).click();
      await toastText(page, 'Family details saved');

      // /booking: step 1 knows the family; one adult ticket, then the details step.
      await page.goto(`${suite.server.url}/booking`);
      await page.getByRole('heading', { name: 'Your Session Credits' }).waitFor();
      await page.getByRole('button', { name: 'Add one Adults' }).click();
      await page.getByRole('button', { name: 'Continue to Booking' }).click();
      await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();

      // The contact details come from the profile and the session.
      const details = page.locator('form', { has: page.getByLabel('Full Name') });
      await expect.poll(() => details.getByLabel('Full Name').inputValue()).toBe('Priya Patel');
      expect(await details.getByLabel('Phone Number').inputValue()).toBe('07700 900777');
      expect(await details.getByLabel('Email Address').inputValue()).toBe(email);

      const coming = page.getByRole('group', { name: "Who's coming?" });
      await coming.waitFor();
      await coming.getByText('Ages today', { exact: false }).waitFor();
      await pickDateAndSession(page, visitDate);
      await coming.getByText(`Ages on ${longDayMonth(visitDate)}`, { exact: false }).waitFor();
      // Oldest first, each with their age on the visit date.
      expect(
        await coming.getByRole('checkbox').evaluateAll((els) => els.map((e) => e.closest('label')?.textContent)),
      ).toEqual(['Mia, 5 years old', 'Leo, under 1']);
      await screenshot(page, `booking-profile-children-${viewport}`);
      await expectNoAxeViolations(page);

      // Ticking (one with the keyboard) suggests their tickets; the adult stays.
      await coming.getByLabel('Mia, 5 years old').check();
      const leo = coming.getByLabel('Leo, under 1');
      await leo.focus();
      await page.keyboard.press('Space');
      expect(await leo.isChecked()).toBe(true);
      await coming
        .getByText("We've suggested 1 × Children 0-1 years and 1 × Children 1-12 years.", { exact: true })
        .waitFor();
      await expect
        .poll(() => orderLines(page))
        .toEqual(['1 × Children 0-1 years', '1 × Children 1-12 years', '1 × Adults']);
      await screenshot(page, `booking-profile-suggested-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // The family can still change the numbers: a friend's child comes too, then does not.
      await coming.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
      await expect.poll(() => orderLines(page)).toContain('2 × Children 1-12 years');
      await coming.getByRole('button', { name: 'Remove one Children 1-12 years' }).click();
      await expect.poll(() => orderLines(page)).toContain('1 × Children 1-12 years');

      // Each child named needs a child ticket of their own: the form says so before anything is sent.
      await coming.getByRole('button', { name: 'Remove one Children 0-1 years' }).click();
      await page.getByLabel('I agree to the terms and conditions').check();
      await page.getByRole('button', { name: /Proceed to Payment/ }).click();
      const tooFew = 'Please add a child ticket for each child who is coming, or untick a child.';
      await coming.getByText(tooFew).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('whos-coming');
      await expectNoAxeViolations(page);
      await coming.getByRole('button', { name: 'Add one Children 0-1 years' }).click();
      await expect(coming.getByText(tooFew).count()).resolves.toBe(0);

      // Paid with the TEST MODE card; the booking names the two children.
      await proceedToPayment(page);
      const pending = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pendingBooking')))!) as {
        bookingId: string;
        childIds: string[];
        ticketQuantities: Record<string, number>;
      };
      const profile = (await (await context.request.get(`${suite.server.url}/api/family/profile`)).json()) as {
        children: { id: string; firstName: string }[];
      };
      expect(pending.ticketQuantities).toEqual({ 'child-0-1': 1, 'child-1-12': 1, adult: 1 });
      expect([...pending.childIds].sort()).toEqual(profile.children.map((c) => c.id).sort());
      booked.push({ bookingId: pending.bookingId, email });
      await payByCard(page, PAYING_CARD, 'Priya Patel');
      await page.waitForURL(/\/booking-success\?booking_id=/);
      await page.getByText('Payment Successful').first().waitFor();

      // The confirmation mail asks for the rules of play, and its link opens the Family page.
      const mail = await until('the confirmation mail', () => confirmationTo(suite.sink.received, email));
      const text = mailText(mail);
      expect(text).toContain('Before your visit, please accept our rules of play for your children');
      const link = /(https?:\/\/[^\s"<]+\/my-bookings\/family)\b/.exec(text)?.[1];
      // (the mail links the server's PUBLIC_URL; this test's server listens on its own port)
      expect(new URL(link!).pathname).toBe('/my-bookings/family');
      await page.goto(`${suite.server.url}${new URL(link!).pathname}`);
      const rules = page.getByRole('region', { name: 'Rules of play' });
      await rules.getByTestId('children-to-accept').getByText('Mia and Leo').waitFor();
      await rules.getByLabel('Your full name').fill('Priya Patel');
      await rules.getByLabel('Mia', { exact: true }).check();
      await rules.getByLabel('Leo', { exact: true }).check();
      await rules.getByLabel(ACCEPT).check();
      await rules.getByRole('button', { name: 'Accept the rules of play' }).click();
      await toastText(page, 'Rules of play accepted');
      await rules.getByText('Accepted for all your children.', { exact: false }).waitFor();
      await screenshot(page, `booking-profile-rules-accepted-${viewport}`);
      await expectNoAxeViolations(page);

      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }

  it('a first birthday before the visit moves the suggestion to the child ticket; a 14-year-old gets a note (phone390)', async () => {
    const email = 'okafor@example.com';
    const { page, context, errors } = await openPage(suite.browser, 'phone390');
    await page.goto(`${suite.server.url}/booking`);
    await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'credits-confirm', email });
    await page.getByRole('heading', { name: 'Your Session Credits' }).waitFor();
    // Ada is under 1 today and 1 on the visit date; Tom is 14 (the profile saved as the Family page saves it).
    const saved = await context.request.put(`${suite.server.url}/api/family/profile`, {
      data: {
        version: 0,
        adults: [{ name: 'Chi Okafor', phone: '07700 900888' }],
        children: [
          { firstName: 'Ada', dateOfBirth: addMonths(londonDatePlus(3), -12) },
          { firstName: 'Tom', dateOfBirth: addMonths(londonDatePlus(0), -14 * 12 - 1) },
        ],
        birthdayReminders: false,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.getByRole('button', { name: 'Add one Adults' }).click();
    await page.getByRole('button', { name: 'Continue to Booking' }).click();
    const coming = page.getByRole('group', { name: "Who's coming?" });
    await coming.getByLabel('Ada, under 1').check();
    await coming.getByLabel('Tom, 14 years old').check();
    await coming.getByText("We've suggested 1 × Children 0-1 years.", { exact: true }).waitFor();
    await coming.getByText('Tom is 14: our child tickets are for ages up to 12', { exact: false }).waitFor();
    await expect.poll(() => orderLines(page)).toEqual(['1 × Children 0-1 years', '1 × Adults']);
    await pickDateAndSession(page, visitDate);
    await coming.getByLabel('Ada, 1 year old').waitFor();
    await coming.getByText("We've suggested 1 × Children 1-12 years.", { exact: true }).waitFor();
    await expect.poll(() => orderLines(page)).toEqual(['1 × Children 1-12 years', '1 × Adults']);
    await coming
      .getByText(`Tom is 14 on ${longDayMonth(visitDate)}: our child tickets are for ages up to 12`, { exact: false })
      .waitFor();
    await screenshot(page, 'booking-profile-birthday-phone390');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('each booking stored the children named on it (booking_children)', async () => {
    expect(booked).toHaveLength(2);
    await suite.server.halt();
    const database = await openDatabase({ dataDir: suite.server.dataDir });
    try {
      for (const { bookingId, email } of booked) {
        const rows = await database.db
          .select({ firstName: familyChildren.firstName, email: familyChildren.email })
          .from(bookingChildren)
          .innerJoin(familyChildren, eq(familyChildren.id, bookingChildren.childId))
          .where(eq(bookingChildren.bookingId, bookingId));
        expect(rows.map((r) => r.firstName).sort()).toEqual(['Leo', 'Mia']);
        expect(new Set(rows.map((r) => r.email))).toEqual(new Set([email]));
      }
    } finally {
      await database.close();
      await suite.server.restart();
    }
  });
});
