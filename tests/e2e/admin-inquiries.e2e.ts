import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { inquiries } from '../../src/server/db/schema';
import { seedVenue } from '../../src/server/catalogue/seed-venue';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, screenshotDir, waitForLiveApp } from './support/browser';
import { newDataDir, startServer, type RunningServer } from './support/server';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { toastText } from './support/staff';
import { openStaffPage } from './support/staff-nav';
import { expectFocused } from './support/keyboard';

/**
 * Staff journey through the Inquiries, Birthday Parties, Booking Calendar and Mail tabs of /admin.
 * A tab is clicked when the page has one (the dashboard shows one panel at a time); everything
 * else is found inside the panels, by their own headings.
 */

const ADMIN_PASSWORD = 'e2e admin password 2468';

function londonDatePlus(days: number): string {
  return addDays(todayInLondon(new Date()), days);
}
const partyDate = londonDatePlus(10);
const blockDate = londonDatePlus(12); // clear of the demo seed's blocks (+15, +20, +25)
const visitor = {
  name: 'Harriet Visitor',
  email: 'harriet@example.com',
  message: 'Do you have space for a class of 25 next Tuesday?',
};

/** Shows a panel: opens its page from the staff navigation, then waits for the panel's own region. */
async function showPanel(page: Page, tabLabel: string, heading: string) {
  const panel = page.getByRole('region', { name: heading, exact: true });
  await openStaffPage(page, tabLabel);
  await panel.waitFor();
  await panel.getByRole('heading', { name: heading, level: 2 }).scrollIntoViewIfNeeded();
  return panel;
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/admin`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signed in once the form is gone (the dashboard, or the panels, are drawn in the same render).
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'detached' });
}

/** The viewport as the person sees it (a full-page shot would misplace the fixed dialog). */
async function shootViewport(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

async function shoot(region: ReturnType<Page['getByRole']>, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await region.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

describe('staff: inquiries, parties, booking calendar and mail', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    // A party enquiry already waiting (PGlite is one process: written before the server opens it).
    dataDir = newDataDir('playtime-admin-e2e-');
    const database = await openDatabase({ dataDir });
    await seedVenue(database.db);
    await database.db.insert(inquiries).values({
      source: 'party',
      inquiryType: 'party_booking',
      name: 'Priya Patel',
      email: 'priya@example.com',
      phone: '07700 900555',
      message: "Party for Mia's 6th birthday",
      details: {
        childName: 'Mia',
        childAge: '6',
        partyDate,
        partyTime: '12:00 PM - 2:30 PM',
        numberOfChildren: '12',
        packageType: 'silver',
        specialRequests: 'Unicorn theme',
        dietaryRequirements: 'One vegetarian',
      },
    });
    await database.close();
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a contact enquiry, books a party, blocks and unblocks a day, and reads the mail (desktop)', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

    // A family sends a message from the home page.
    await page.goto(server.url);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByLabel('Your name').fill(visitor.name);
    await page.getByLabel('Email address').fill(visitor.email);
    await page.getByLabel('What is it about?').selectOption({ label: 'Group Bookings' });
    await page.getByLabel('Your message').fill(visitor.message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toastText(page, 'Message sent successfully!');

    await signIn(page, server.url);

    // Inquiries: the new message, drafted and marked.
    let panel = await showPanel(page, 'Inquiries', 'Customer Inquiries');
    const card = panel.getByRole('listitem').filter({ hasText: visitor.message });
    await card.getByText('New', { exact: true }).waitFor();
    await card.getByText('Group Bookings').waitFor();
    await card.getByRole('button', { name: 'Draft Response' }).click();
    await toastText(page, 'Response Drafted');
    const dialog = page.getByRole('dialog', { name: 'Drafted Response' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Subject').inputValue()).resolves.toBe('Re: your group bookings - Play Time Barn');
    await expect(dialog.getByLabel('Message').inputValue()).resolves.toContain('Hello Harriet,');
    await dialog.getByText('Booking calendar').waitFor();
    await shootViewport(page, 'admin-draft-dialog-desktop');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Copy message' }).click();
    await toastText(page, 'Copied');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toContain(visitor.message);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(card.getByRole('button', { name: 'Draft Response' }));

    await card.getByRole('button', { name: 'Mark as Responded' }).click();
    await toastText(page, 'Marked as responded');
    await card.getByText(/^Responded/).waitFor();
    await expect(card.getByRole('button', { name: 'Mark as Responded' }).count()).resolves.toBe(0);
    await shoot(panel, 'admin-inquiries-desktop');

    // Birthday Parties: the waiting party, drafted from the calendar, then booked.
    panel = await showPanel(page, 'Birthday Parties', 'Birthday Party Inquiries');
    const party = panel.getByRole('listitem').filter({ hasText: 'Priya Patel' });
    await party.getByText('Mia, turning 6').waitFor();
    await party.getByRole('button', { name: 'Draft Response' }).click();
    await toastText(page, 'Response Drafted');
    await expect(dialog.getByLabel('Message').inputValue()).resolves.toContain(
      'Estimated price: £192.00 for 12 children',
    );
    await dialog.getByText('Available', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await party.getByRole('button', { name: 'Mark Party as Booked' }).click();
    await toastText(page, 'Party marked as booked');
    await party.getByText(/^Party booked/).waitFor();
    await shoot(panel, 'admin-parties-desktop');
    await expectNoAxeViolations(page);

    // Booking Calendar: the spec's message for a missing field, then a whole day blocked.
    panel = await showPanel(page, 'Booking Calendar', 'Booking Calendar');
    await panel.getByRole('button', { name: 'Add Restriction' }).click();
    await toastText(page, 'Missing Information');
    await page.getByText('Please fill in date, time slot, and reason.').first().waitFor();
    await panel.getByLabel('Date', { exact: true }).fill(blockDate);
    await panel.getByLabel('Time slot', { exact: true }).selectOption({ label: 'All day' });
    await panel.getByLabel('Reason', { exact: true }).fill('Private hire');
    await panel.getByLabel('Description (optional)').fill('Whole barn hired for a school');
    await panel.getByRole('button', { name: 'Add Restriction' }).click();
    await toastText(page, 'Restriction added');
    const restriction = panel.getByRole('listitem').filter({ hasText: 'Whole barn hired for a school' });
    await restriction.getByText('All day', { exact: true }).waitFor();
    await panel
      .getByRole('button', { name: /closed all day/ })
      .first()
      .waitFor();
    await shoot(panel, 'admin-calendar-desktop');
    await expectNoAxeViolations(page);

    // The public booking calendar no longer offers that day.
    const booking = await context.newPage();
    waitForLiveApp(booking);
    await booking.goto(`${server.url}/booking`);
    await booking.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
    await booking.getByRole('button', { name: 'Continue to Booking' }).click();
    await booking.locator('#selectedDate').click();
    const cell = booking.locator(`[data-day="${blockDate}"]:not([data-outside])`);
    for (let i = 0; i < 2 && (await cell.count()) === 0; i++)
      await booking.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect(cell.locator('button').isDisabled()).resolves.toBe(true);
    await booking.close();

    await restriction.getByRole('button', { name: /^Remove/ }).click();
    await toastText(page, 'Restriction removed');
    await restriction.waitFor({ state: 'detached' });

    // Mail: the family's acknowledgement, kept in the outbox (no SMTP server in tests).
    panel = await showPanel(page, 'Mail', 'Mail Outbox');
    const mail = panel.getByRole('listitem').filter({ hasText: `To ${visitor.email}` });
    await mail.getByText("We've got your message - Play Time Barn").waitFor();
    await mail.getByText('Show message').click();
    // The acknowledgement quotes nothing the sender wrote (issue 15): it confirms receipt.
    await mail
      .getByText(/We received your message/)
      .first()
      .waitFor();
    await shoot(panel, 'admin-mail-desktop');
    await screenshot(page, 'admin-b-desktop');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: every panel readable, no sideways scrolling, axe clean', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, server.url);
    for (const [tab, heading, name] of [
      ['Inquiries', 'Customer Inquiries', 'inquiries'],
      ['Birthday Parties', 'Birthday Party Inquiries', 'parties'],
      ['Booking Calendar', 'Booking Calendar', 'calendar'],
      ['Mail', 'Mail Outbox', 'mail'],
    ] as const) {
      const panel = await showPanel(page, tab, heading);
      await panel.getByRole('status').waitFor({ state: 'detached' });
      await shoot(panel, `admin-${name}-phone`);
      await expectNoAxeViolations(page);
      // Every control in the panel is at least 44 x 44 px (the calendar's days included).
      const small = await panel.evaluate((root) =>
        [...root.querySelectorAll('button, a, summary, select, input, textarea')]
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
          .map(
            ({ el, r }) =>
              `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
          ),
      );
      expect(small, name).toEqual([]);
    }
    const parties = await showPanel(page, 'Birthday Parties', 'Birthday Party Inquiries');
    const party = parties.getByRole('listitem').filter({ hasText: 'Priya Patel' });
    await party.getByRole('button', { name: 'Draft Response' }).click();
    await page.getByRole('dialog', { name: 'Drafted Response' }).waitFor();
    await shootViewport(page, 'admin-draft-dialog-phone');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-b-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
