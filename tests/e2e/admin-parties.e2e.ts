import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { partyInvitations } from '../../src/server/db/schema';
import type { StaffPartyCreateResponse } from '../../src/shared/contracts/admin-parties';
import { addDays, mondayOf, todayInLondon } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { signInStaff, toastText } from './support/staff';
import { useServerAndBrowser } from './support/suite';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const today = todayInLondon(new Date());
const nextMonday = addDays(mondayOf(today), 7);
/** Saturday of next week: 6 to 12 days ahead, inside the booking horizon. */
const saturday = addDays(nextMonday, 5);

describe('staff Parties tab', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  let party: StaffPartyCreateResponse;

  const signIn = (context: BrowserContext) => signInStaff(context, suite.server.url, ADMIN_PASSWORD);
  const noSidewaysScroll = async (page: Page, width: number) =>
    expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);

  beforeAll(async () => {
    // A Silver party for 12 taken by phone through the API; then two guests answer (written with the server
    // stopped, as the invitation routes are another tab's), one with an allergy.
    const { context } = await openPage(suite.browser, 'desktop');
    await signIn(context);
    const res = await context.request.post(`${suite.server.url}/api/admin/parties`, {
      data: {
        date: saturday,
        slotId: 'midday',
        packageId: 'silver',
        children: 12,
        childFirstName: 'Maisie',
        childAge: 6,
        parentName: 'Polly Parker',
        parentEmail: 'polly@example.com',
        parentPhone: '07700 900456',
        foodChoices: [...Array<string>(7).fill('cheese-pizza'), ...Array<string>(5).fill('hot-dog')],
        dietaryNotes: 'Maisie is vegetarian',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    party = (await res.json()) as StaffPartyCreateResponse;
    await context.close();
    await suite.server.halt();
    const database = await openDatabase({ dataDir: suite.server.dataDir });
    const now = new Date();
    await database.db.insert(partyInvitations).values([
      {
        partyId: party.id,
        tokenHash: 'e2e-guest-1',
        guestEmail: 'guest1@example.com',
        rsvp: 'coming',
        guestChildFirstName: 'Olly',
        allergies: 'Peanuts (carries an EpiPen)',
        respondedAt: now,
        sentAt: now,
      },
      {
        partyId: party.id,
        tokenHash: 'e2e-guest-2',
        guestEmail: 'guest2@example.com',
        rsvp: 'not_coming',
        guestChildFirstName: 'Ava',
        respondedAt: now,
        sentAt: now,
      },
      { partyId: party.id, tokenHash: 'e2e-guest-3', guestEmail: 'guest3@example.com', sentAt: now },
    ]);
    await database.close();
    await suite.server.restart();
  });

  it('at 1280: the week per room, the sheet with the allergy, notes, and the sheet printed on one A4 page', async () => {
    const { context, page, errors } = await openPage(suite.browser, 'desktop');
    await signIn(context);
    await page.goto(`${suite.server.url}/admin?tab=parties`);
    await page.getByRole('heading', { name: 'Parties', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    const open = page.getByRole('button', { name: new RegExp(`^Open party ${party.reference}: Maisie`) });
    await open.waitFor();
    await expect(open.textContent()).resolves.toContain('Polly Parker');
    await screenshot(page, 'admin-parties-week-1280');
    await expectNoAxeViolations(page);

    await open.click();
    await page.getByRole('heading', { name: /Maisie's party/ }).waitFor();
    const allergies = page.getByRole('region', { name: 'Allergies and dietary needs' });
    await expect(allergies.textContent()).resolves.toContain('Olly: Peanuts (carries an EpiPen)');
    await expect(page.getByRole('region', { name: 'Guests' }).textContent()).resolves.toContain(
      '1 coming · 1 not coming · 1 no answer (3 invited)',
    );
    const food = page.getByRole('region', { name: 'Food' });
    await expect(food.textContent()).resolves.toContain('7 ×');
    await expect(food.textContent()).resolves.toContain('contains Gluten, Milk');

    await page.getByLabel(/Printed on the sheet/).fill('Cake at 1:30, candles in the office');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await toastText(page, 'Notes saved');
    await expect
      .poll(() => page.getByRole('region', { name: 'Staff notes' }).textContent())
      .toContain('Cake at 1:30, candles in the office');
    // The deposit rule is shown before cancelling: this party is only held, nothing paid.
    await page.getByText(/Nothing has been paid yet/).waitFor();
    await screenshot(page, 'admin-parties-sheet-1280');
    await expectNoAxeViolations(page);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Save notes' }).isVisible()).resolves.toBe(false);
    await expect(page.getByText('Olly: Peanuts (carries an EpiPen)').isVisible()).resolves.toBe(true);
    await screenshot(page, 'admin-parties-sheet-print');
    // One A4 page: Chromium's PDF of the page has one /Type /Page.
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390: a party booked by phone from the form, held, and shown in the week', async () => {
    const { context, page, errors } = await openPage(suite.browser, 'phone390');
    await signIn(context);
    await page.goto(`${suite.server.url}/admin?tab=parties`);
    await page.getByRole('heading', { name: 'Parties', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New party (phone)' }).click();
    await page.getByLabel('Date').fill(saturday);
    await page.getByLabel('Package').selectOption('bronze');
    await page.getByLabel('Time').selectOption('morning');
    await page.getByLabel('Number of children').fill('3');
    await page.getByLabel("Birthday child's first name").fill('Theo');
    await page.getByLabel('Age they will be').fill('5');
    await page.getByLabel("Parent's name").fill('Tom Tester');
    await page.getByLabel(/Parent's e-mail/).fill('tom@example.com');
    await page.getByLabel("Parent's phone").fill('07700 900789');
    await page.getByRole('button', { name: /Hold the room/ }).click();
    await page.getByText(/Between \d+ and \d+ children for Bronze/).waitFor();
    await page.getByLabel('Number of children').fill('10');
    await page.getByRole('button', { name: /Hold the room/ }).click();
    await page.getByRole('heading', { name: /Theo's party/ }).waitFor();
    await expect(page.getByRole('region', { name: 'Party' }).textContent()).resolves.toContain(
      'Booked by phone (admin)',
    );
    await noSidewaysScroll(page, 390);
    await screenshot(page, 'admin-parties-sheet-390');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back to the week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: /^Open party PTP-\w+: Theo/ }).waitFor();
    await noSidewaysScroll(page, 390);
    await screenshot(page, 'admin-parties-week-390');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
