import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longDate } from '../../src/shared/date-text';
import { addDays, dayOfWeek } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { londonDatePlus } from './support/dates';
import { PAYING_CARD } from './support/book-and-pay';
import { arrowSelect, press, tabTo } from './support/keyboard';
import { useServerAndBrowser } from './support/suite';

/**
 * Issue 28: a family books and pays a party on /party-booking, at a phone's width and a desktop's. The date is
 * a Saturday at least 8 days ahead, so the balance date (7 days before) is still to come. Issue 38: parties are
 * sold months ahead (visits one month), and a package only in slots at least as long as it runs.
 */
const saturday = (() => {
  let d = londonDatePlus(8);
  while (dayOfWeek(d) !== 6) d = addDays(d, 1);
  return d;
})();
const SLOT = '12:00 PM - 2:30 PM';
/** A Saturday about eight weeks ahead: beyond visits' one month, within parties' six. */
const eightWeeks = (() => {
  let d = londonDatePlus(56);
  while (dayOfWeek(d) !== 6) d = addDays(d, 1);
  return d;
})();

async function openBooking(page: Page, url: string) {
  await page.goto(`${url}/party-booking`);
  await page.getByRole('heading', { name: 'Choose a date and time' }).waitFor();
}

/** Pages the calendar on to the party date's month if needed and picks the date. */
async function pickDate(page: Page, iso: string) {
  const cell = page.locator(`#book-date-calendar [data-day="${iso}"]`);
  for (let i = 0; i < 7 && (await cell.count()) === 0; i++)
    await page.getByRole('button', { name: 'Next month', exact: true }).click();
  await expect.poll(() => cell.getByRole('radio').isEnabled()).toBe(true);
  await cell.click();
  expect(await cell.getByRole('radio').isChecked()).toBe(true);
}

const slotGroup = (page: Page) => page.getByRole('radiogroup', { name: /^Party time on/ });
const slotChoice = (page: Page) => slotGroup(page).locator('label').filter({ hasText: SLOT });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

const isFocused = (page: Page, name: string) => stepHeading(page, name).evaluate((el) => el === document.activeElement);

/** Steps 1 to 3: the Saturday's midday slot, Silver for 12 with a meal each, the birthday child. */
async function chooseSilverParty(page: Page, shots?: string) {
  await pickDate(page, saturday);
  await slotChoice(page).getByRole('radio').check();
  if (shots) await screenshot(page, `${shots}-1-date`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await stepHeading(page, 'Choose a package').waitFor();
  expect(await isFocused(page, 'Choose a package')).toBe(true);
  const packages = page.getByRole('radiogroup', { name: 'Packages for this time', exact: true });
  // The 2.5-hour midday slot sells Bronze and Silver: not Gold (3 hours), nor Private Hire (after hours only).
  expect(await packages.getByRole('radio').count()).toBe(2);
  expect(await packages.innerText()).not.toMatch(/Gold/);
  const silver = packages.locator('label').filter({ hasText: 'Silver' });
  expect(await silver.innerText()).toMatch(/£16 per child/);
  expect(await silver.innerText()).toMatch(/\d+ to \d+ children/);
  await silver.getByRole('radio').check();
  await page.getByLabel('How many children?').selectOption('12');
  const price = page.getByRole('region', { name: 'Your party' });
  await price.getByText('Deposit to pay today').waitFor();
  expect(await price.innerText()).toMatch(/12 × £16\.00/);
  expect(await price.innerText()).toMatch(/Total\s+£192\.00/);
  expect(await price.innerText()).toMatch(/Deposit to pay today\s+£50\.00/);
  expect(await price.innerText()).toMatch(/Balance due by .+\s+£142\.00/);
  await expectNoAxeViolations(page);
  if (shots) await screenshot(page, `${shots}-2-package`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await stepHeading(page, 'The birthday child and food').waitFor();
  // Continuing with nothing filled in says what is missing, by each field, and moves to the first.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Please give the birthday child’s first name').waitFor();
  await page.getByText('Please choose food for every child').waitFor();
  const name = page.getByLabel('Birthday child’s first name');
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
  await name.fill('Mia');
  await page.getByLabel('Age they will be').selectOption('6');
  const menu = page.getByRole('list', { name: 'Party menu allergens' });
  expect(await menu.innerText()).toMatch(/Cheese sandwiches: Contains gluten, milk, soya/);
  const meals = ['cheese-pizza', 'chicken-nuggets', 'veggie-pasta'];
  for (let i = 1; i <= 12; i++)
    await page.getByLabel(`Child ${i}`, { exact: true }).selectOption(meals[i % meals.length]!);
  await page.getByLabel(/Dietary needs and allergies/).fill('One guest is allergic to sesame');
  if (shots) await screenshot(page, `${shots}-3-party`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await stepHeading(page, 'Your details').waitFor();
}

async function fillParent(page: Page, who: { name: string; email: string }) {
  await page.getByLabel('Your full name').fill(who.name);
  await page.getByLabel('Your email address').fill(who.email);
  await page.getByLabel('Your phone number').fill('07700 900123');
  await page.getByLabel(/I agree to the party terms/).check();
}

async function payDeposit(page: Page, nameOnCard: string) {
  await page.getByLabel('Card number').fill(PAYING_CARD);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByRole('button', { name: 'Pay £50.00 deposit' }).click();
}

/** The POST /api/parties body a family's browser would send (the race in the second test). */
const otherFamily = (date: string) => ({
  date,
  slotId: 'midday',
  packageId: 'bronze',
  children: 10,
  childFirstName: 'Leo',
  childAge: 5,
  foodChoices: [],
  parentName: 'Other Parent',
  parentEmail: 'other.parent@example.com',
  parentPhone: '07700 900999',
  agreeToTerms: true,
});

describe('booking a party online', () => {
  const suite = useServerAndBrowser();

  it('books a Silver party for 12 with food, pays the deposit and shows the confirmation (390 px)', async () => {
    const { page, context, errors } = await newPage(suite.browser, 'phone390');
    try {
      await openBooking(page, suite.server.url);
      // The enquiry stays for what does not fit online.
      expect(await page.getByRole('link', { name: 'Send us an enquiry' }).getAttribute('href')).toBe('#party-form');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Please select a date', { exact: true }).waitFor();
      await expectNoAxeViolations(page);

      await pickDate(page, saturday);
      expect(await slotChoice(page).innerText()).toContain('2 rooms free');
      await chooseSilverParty(page, 'party-booking-phone');
      await fillParent(page, { name: 'Ada Parent', email: 'ada.online@example.com' });
      await expectNoAxeViolations(page);
      await screenshot(page, 'party-booking-phone-4-details');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await page.waitForURL(/\/party-booking\/pay\?id=[0-9a-f-]+$/);
      await page.getByText('TEST MODE').waitFor();
      expect(page.url()).not.toMatch(/secret|token/i);
      expect(await page.getByRole('timer').innerText()).toMatch(/^1[45]:\d\d$/);
      const summary = await page.getByRole('heading', { name: 'Your Party', exact: true }).locator('..').innerText();
      expect(summary).toMatch(/Silver for 12 children/);
      expect(summary).toMatch(/Deposit today\s+£50\.00/);
      await expectNoAxeViolations(page);
      await screenshot(page, 'party-booking-phone-5-pay');
      await payDeposit(page, 'Ada Parent');

      await page.waitForURL(/\/party-booking\/confirmed\?id=[0-9a-f-]+$/);
      await page.getByRole('heading', { name: 'Mia’s party is booked' }).waitFor({ timeout: 20_000 });
      const confirmed = await page.locator('main, body').first().innerText();
      expect(confirmed).toMatch(/Reference\s+\S+/);
      expect(confirmed).toContain(SLOT);
      expect(confirmed).toMatch(/Room\s+Party Room \d/);
      expect(confirmed).toMatch(/Silver for 12 children/);
      expect(confirmed).toMatch(/Paid\s+£50\.00/);
      expect(confirmed).toMatch(/Balance due\s+£142\.00 by \w+day \d+ \w+ \d{4}/);
      expect(confirmed).toMatch(/link to manage your party/);
      expect(page.url()).not.toMatch(/token/i);
      const partyId = new URL(page.url()).searchParams.get('id');
      expect(await page.getByRole('link', { name: 'Manage your party' }).getAttribute('href')).toBe(
        `/party/${partyId}`,
      );
      await expectNoAxeViolations(page);
      await screenshot(page, 'party-booking-phone-6-confirmed');

      // The slot now has one room fewer, for the next family (a browser of its own: the month may be cached
      // for a few seconds in this one).
      const next = await newPage(suite.browser, 'phone390');
      try {
        await openBooking(next.page, suite.server.url);
        await pickDate(next.page, saturday);
        expect(await slotChoice(next.page).innerText()).toContain('1 room free');
      } finally {
        await next.context.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('books a Gold party about eight weeks ahead, in a 3-hour slot and never a 2-hour one (1280 px)', async () => {
    const { page, context, errors } = await newPage(suite.browser, 'desktop');
    try {
      await openBooking(page, suite.server.url);
      await pickDate(page, eightWeeks);
      const timeOf = (label: string) => slotGroup(page).locator('label').filter({ hasText: label });
      const packages = page.getByRole('radiogroup', { name: 'Packages for this time', exact: true });

      // The 2-hour morning slot offers Bronze only: Gold runs 3 hours.
      await timeOf('9:30 AM - 11:30 AM').getByRole('radio').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await stepHeading(page, 'Choose a package').waitFor();
      expect(await packages.getByRole('radio').count()).toBe(1);
      expect(await packages.innerText()).toMatch(/Bronze/);
      expect(await packages.innerText()).not.toMatch(/Gold/);
      await page.getByRole('button', { name: 'Back' }).click();

      await stepHeading(page, 'Choose a date and time').waitFor();
      await timeOf('1:00 PM - 4:00 PM').getByRole('radio').check();
      await screenshot(page, 'party-booking-ahead-1-date');
      await page.getByRole('button', { name: 'Continue' }).click();
      await stepHeading(page, 'Choose a package').waitFor();
      const gold = packages.locator('label').filter({ hasText: 'Gold' });
      expect(await gold.innerText()).toMatch(/£19 per child/);
      expect(await gold.innerText()).toMatch(/3 hours/);
      await gold.getByRole('radio').check();
      await page.getByLabel('How many children?').selectOption('12');
      const price = page.getByRole('region', { name: 'Your party' });
      await price.getByText('Deposit to pay today').waitFor();
      expect(await price.innerText()).toMatch(/Total\s+£228\.00/);
      await expectNoAxeViolations(page);
      await screenshot(page, 'party-booking-ahead-2-package');
      await page.getByRole('button', { name: 'Continue' }).click();

      await stepHeading(page, 'The birthday child and food').waitFor();
      await page.getByLabel('Birthday child’s first name').fill('Isla');
      await page.getByLabel('Age they will be').selectOption('7');
      for (let i = 1; i <= 12; i++) await page.getByLabel(`Child ${i}`, { exact: true }).selectOption('cheese-pizza');
      await page.getByRole('button', { name: 'Continue' }).click();
      await stepHeading(page, 'Your details').waitFor();
      await fillParent(page, { name: 'Cara Parent', email: 'cara.ahead@example.com' });
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await page.waitForURL(/\/party-booking\/pay\?id=[0-9a-f-]+$/);
      await payDeposit(page, 'Cara Parent');
      await page.waitForURL(/\/party-booking\/confirmed\?id=[0-9a-f-]+$/);
      await page.getByRole('heading', { name: 'Isla’s party is booked' }).waitFor({ timeout: 20_000 });
      const confirmed = await page.locator('main, body').first().innerText();
      expect(confirmed).toContain(longDate(eightWeeks));
      expect(confirmed).toContain('1:00 PM - 4:00 PM');
      expect(confirmed).toMatch(/Gold for 12 children/);
      expect(confirmed).toMatch(/Paid\s+£50\.00/);
      await expectNoAxeViolations(page);
      await screenshot(page, 'party-booking-ahead-3-confirmed');

      // The month grid reaches the party booking horizon: six months on from this month, no further.
      await openBooking(page, suite.server.url);
      const next = page.getByRole('button', { name: 'Next month', exact: true });
      // The grid learns the last date from the first month's answer.
      await expect.poll(() => next.isEnabled()).toBe(true);
      let pages = 0;
      for (; pages < 12 && (await next.isEnabled()); pages++) {
        await next.click();
        await page.locator('#book-date-calendar input[name="book-date"]').first().waitFor({ state: 'attached' });
      }
      expect(pages).toBe(6);
      await expect.poll(() => page.locator('#book-date-calendar input:not([disabled])').count()).toBeGreaterThan(0);
      await screenshot(page, 'party-booking-ahead-4-last-month');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works with the keyboard alone: a date, a time and a package, focus on each step heading', async () => {
    const { page, context, errors } = await newPage(suite.browser, 'desktop');
    try {
      await openBooking(page, suite.server.url);
      await page.locator('#book-date-calendar input:not([disabled])').first().waitFor({ state: 'attached' });
      // The month is one radio group: Tab reaches its first free date, Space picks it.
      await tabTo(page, '#book-date-calendar input[name="book-date"]:not([disabled])');
      await page.keyboard.press('Space');
      await slotGroup(page).waitFor();
      await tabTo(page, 'input[name="book-slotId"]:not([disabled])');
      await page.keyboard.press('Space');
      await press(page, page.getByRole('button', { name: 'Continue' }));
      await stepHeading(page, 'Choose a package').waitFor();
      await expect.poll(() => isFocused(page, 'Choose a package')).toBe(true);
      await tabTo(page, 'input[name="book-packageId"]');
      await page.keyboard.press('Space');
      const children = page.getByLabel('How many children?');
      await tabTo(page, children);
      await arrowSelect(page, children, '10 children');
      await page.getByRole('region', { name: 'Your party' }).getByText('Deposit to pay today').waitFor();
      await press(page, page.getByRole('button', { name: 'Continue' }));
      await expect.poll(() => isFocused(page, 'The birthday child and food')).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says "just taken" when another family takes the last room first, charging nothing (1280 px)', async () => {
    const { page, context, errors } = await newPage(suite.browser, 'desktop');
    try {
      await openBooking(page, suite.server.url);
      await pickDate(page, saturday);
      expect(await slotChoice(page).innerText()).toContain('1 room free');
      await chooseSilverParty(page, 'party-booking-desktop');
      await fillParent(page, { name: 'Bea Parent', email: 'bea.online@example.com' });
      await screenshot(page, 'party-booking-desktop-4-details');

      // Meanwhile another family holds the last room.
      const taken = await fetch(`${suite.server.url}/api/parties`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(otherFamily(saturday)),
      });
      expect(taken.status).toBe(201);

      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('alert').filter({ hasText: 'just taken by another family' }).waitFor();
      expect(await page.getByRole('alert').innerText()).toContain('Nothing has been charged');
      expect(page.url()).toMatch(/\/party-booking$/);
      await stepHeading(page, 'Choose a date and time').waitFor();
      await expect.poll(() => isFocused(page, 'Choose a date and time')).toBe(true);
      await expect.poll(() => slotChoice(page).innerText()).toContain('Fully booked');
      expect(await slotChoice(page).getByRole('radio').isDisabled()).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, 'party-booking-desktop-just-taken');
      expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
